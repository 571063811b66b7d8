import { useSearchParams } from 'react-router';
import { isLessonReturnPath } from '@polski/contracts';
import { paths } from '../../../config/paths';

/**
 * The lesson a buyer was trying to open (docs/product.md, "Return from checkout"): `?returnTo=` on the premium page
 * and on the return pages. Only a lesson path of this site counts (the same rule as the API's); anything else is
 * ignored, so a crafted link can never send the browser elsewhere.
 */
export function returnToOf(search: URLSearchParams): string | null {
  const value = search.get('returnTo');
  return isLessonReturnPath(value) ? value : null;
}

export function useReturnTo(): string | null {
  const [search] = useSearchParams();
  return returnToOf(search);
}

/** Where a buyer goes once premium is confirmed: the lesson, else the lessons. */
export function afterPaymentHref(returnTo: string | null): string {
  return returnTo ?? paths.learnPolish.getHref();
}

/** The premium page's address, carrying the lesson to come back to when there is one. */
export function premiumHrefFor(pathname: string): string {
  const base = paths.premiumMember.getHref();
  return isLessonReturnPath(pathname) ? `${base}?returnTo=${encodeURIComponent(pathname)}` : base;
}

import { redirect, type LoaderFunctionArgs } from 'react-router';
import { hubPrefixPaths, paths } from '../../config/paths';

/**
 * A hub's lesson prefix without a slug (/beginner, /intermediate, /history-of-poland, ...): podcast notes and blog
 * posts link to these, so they lead to the hub's listing.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const pathname = new URL(request.url).pathname.replace(/\/+$/, '');
  const prefix = hubPrefixPaths.find((p) => p.path === pathname);
  return redirect(prefix ? paths.hub.getHref(prefix.hub) : paths.learnPolish.getHref());
}

export default function HubPrefixRoute() {
  return null;
}

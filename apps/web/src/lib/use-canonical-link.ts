import { useEffect } from 'react';
import { useMatches } from 'react-router';

/** What a route can say in its `handle` about its canonical address. */
export interface TCanonicalHandle {
  /** The path to name instead of the address shown (the unknown-path route, which shows home, names "/"). */
  canonical?: string;
}

/**
 * `<link rel="canonical">` for the page on screen: its own path on this origin, without query or fragment, so
 * search engines index each page once (issue 7); the route's `handle.canonical` wins where it is given.
 */
export function useCanonicalLink() {
  const matches = useMatches();
  const last = matches[matches.length - 1];
  const path = (last?.handle as TCanonicalHandle | undefined)?.canonical ?? last?.pathname ?? '/';
  useEffect(() => {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'canonical';
      document.head.appendChild(link);
    }
    link.href = new URL(path, window.location.origin).href;
  }, [path]);
}

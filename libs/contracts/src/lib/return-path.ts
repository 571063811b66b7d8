import { HUBS } from './hubs';

// A module of its own, not in hubs.ts: the web app's first download needs HUBS, and a chunk holds whole modules, so
// anything in hubs.ts ships with the home page even when only the premium pages use it.

/**
 * Where a buyer goes back to after paying (docs/product.md, "Return from checkout"): a lesson page of this site and
 * nothing else, as a path (`/complete-beginner/complete-beginner-2`, `/intermediate/<slug>/listen`). No scheme, no
 * host, no `//`, no query, no dots: the checkout and the return pages check it with this same rule, so the address
 * can never lead elsewhere (no open redirect).
 */
export function isLessonReturnPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 200) return false;
  const m = /^\/([a-z0-9-]+)\/([a-z0-9]+(?:-[a-z0-9]+)*)(\/listen)?$/.exec(value);
  if (!m) return false;
  const hub = HUBS.find((h) => h.pathPrefix === `/${m[1]}`);
  if (!hub) return false;
  return !m[3] || hub.id === 'int-mini-stories';
}

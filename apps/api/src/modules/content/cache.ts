import { createHash } from 'node:crypto';
import type { Response } from 'express';

/** Free content: CDNs and browsers may keep it for 5 minutes and serve it stale for an hour while refreshing. */
export const PUBLIC_CACHE = 'public, max-age=300, stale-while-revalidate=3600';
/** Anything that depends on who asks (progress flags, premium lessons, refusals). */
export const PRIVATE_CACHE = 'private, no-store';

/**
 * Marks a response as shareable. `varyOnAuth` for answers whose content would differ for a signed-in user, so a
 * shared cache never hands the anonymous version to someone else (or the reverse).
 */
export function cachePublic(res: Response, varyOnAuth: boolean): void {
  res.setHeader('Cache-Control', PUBLIC_CACHE);
  if (varyOnAuth) res.vary('Authorization');
}

export function cachePrivate(res: Response): void {
  res.setHeader('Cache-Control', PRIVATE_CACHE);
  res.vary('Authorization');
}

function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;
}

/** A strong ETag from the body; set before sending, so Express answers 304 to a matching If-None-Match. */
export function setEtag(res: Response, body: string): void {
  res.setHeader('ETag', etagOf(body));
}

export type TSendCachedPublicJson = (
  res: Response,
  key: string,
  value: () => unknown,
  varyOnAuth: boolean,
) => Promise<void>;

/**
 * Public JSON answers serialised once per key: the catalogue does not change while the server runs, so a free
 * lesson, a hub's list or a rendered post is built, stringified and hashed on its first request only (profiling
 * showed that work dominating the free lesson). `value` throws for an unknown id, and only answers that were built
 * are kept, so the map holds at most one entry per catalogue item.
 */
export function publicJsonCache(): TSendCachedPublicJson {
  const entries = new Map<string, { body: Buffer; etag: string }>();
  return async (res, key, value, varyOnAuth) => {
    let entry = entries.get(key);
    if (!entry) {
      const text = JSON.stringify(await value());
      entry = { body: Buffer.from(text, 'utf8'), etag: etagOf(text) };
      entries.set(key, entry);
    }
    cachePublic(res, varyOnAuth);
    res.setHeader('ETag', entry.etag);
    res.type('application/json; charset=utf-8').send(entry.body);
  };
}

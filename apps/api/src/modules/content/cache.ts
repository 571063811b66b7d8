import { createHash } from 'node:crypto';
import type { Response } from 'express';
import { checkReply } from '../../middleware/contract-router';
import type { TFastAnswer } from '../../middleware/fast-lane';

/** Free content: CDNs and browsers may keep it for 5 minutes and serve it stale for an hour while refreshing. */
export const PUBLIC_CACHE = 'public, max-age=300, stale-while-revalidate=3600';
/** Anything that depends on who asks (progress flags, premium lessons, refusals). */
export const PRIVATE_CACHE = 'private, no-store';

/**
 * Marks a response as shareable. `varyOnAuth` for answers whose content would differ for a signed-in user, so a
 * shared cache never hands the anonymous version to someone else (or the reverse).
 */
export function cachePublic(res: Response, varyOnAuth: boolean, varyOnLanguage = false): void {
  res.setHeader('Cache-Control', PUBLIC_CACHE);
  if (varyOnAuth) res.vary('Authorization');
  // answers in the reader's language (docs/api.md, "Language of the content")
  if (varyOnLanguage) res.vary('Accept-Language');
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

/**
 * Public JSON answers serialised once per URL: the catalogue does not change while the server runs, so a free
 * lesson, a hub's list or a rendered post is built, stringified and hashed on its first request only (profiling
 * showed that work dominating the free lesson). `value` throws for an unknown id, and only answers that were built
 * are kept, so the map holds at most one entry per catalogue item. The same entries answer in the fast lane
 * (middleware/fast-lane.ts) for a request without credentials.
 */
export interface TPublicAnswers {
  /**
   * Sends the answer for `url`, the canonical path of the item (built from its id, never the raw request; with
   * `?lang=<code>` for an answer in another language than English). `varyOnLanguage`: the answer depends on
   * Accept-Language (docs/api.md, "Language of the content").
   */
  send(res: Response, url: string, value: () => unknown, varyOnAuth: boolean, varyOnLanguage?: boolean): Promise<void>;
  /** The stored answer for exactly this request target, if any. */
  lookup(url: string): TFastAnswer | undefined;
}

/**
 * `stampOf(url)`: what else the answer depends on (a lesson's media manifest changes while the render runs); an
 * entry built under another stamp is built again.
 */
export function publicAnswers(stampOf: (url: string) => string = () => ''): TPublicAnswers {
  const entries = new Map<string, TFastAnswer & { stamp: string }>();
  const current = (url: string) => {
    const entry = entries.get(url);
    return entry && entry.stamp === stampOf(url) ? entry : undefined;
  };
  return {
    async send(res, url, value, varyOnAuth, varyOnLanguage = false) {
      let entry = current(url);
      if (!entry) {
        const stamp = stampOf(url);
        const built = await value();
        checkReply(res, 200, built);
        const text = JSON.stringify(built);
        const req = res.req as typeof res.req & { route?: { path?: unknown } };
        entry = {
          body: Buffer.from(text, 'utf8'),
          etag: etagOf(text),
          cacheControl: PUBLIC_CACHE,
          // what the CORS middleware (Origin) and cachePublic (Authorization) put in Vary on the Express path
          vary: `Origin${varyOnAuth ? ', Authorization' : ''}${varyOnLanguage ? ', Accept-Language' : ''}`,
          route: `${req.baseUrl}${typeof req.route?.path === 'string' ? req.route.path : ''}`,
          stamp,
        };
        entries.set(url, entry);
      }
      cachePublic(res, varyOnAuth, varyOnLanguage);
      res.setHeader('ETag', entry.etag);
      res.type('application/json; charset=utf-8').send(entry.body);
    },
    lookup: (url) => {
      return current(url);
    },
  };
}

/**
 * The strong ETag Express itself gives a Buffer body (the `etag` package: length in hex and the first 27
 * characters of the SHA-1 in base64), so an answer sent with it precomputed is byte-for-byte what res.send gives.
 */
export function expressEtag(body: Buffer): string {
  if (body.length === 0) return '"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';
  const hash = createHash('sha1').update(body).digest('base64').substring(0, 27);
  return `"${body.length.toString(16)}-${hash}"`;
}

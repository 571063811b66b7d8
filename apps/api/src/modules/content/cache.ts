import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

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

/** A strong ETag from the body; set before sending, so Express answers 304 to a matching If-None-Match. */
export function setEtag(res: Response, body: string): void {
  res.setHeader('ETag', `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`);
}

/** Sends a public JSON answer with its ETag (304 when the client already has it). */
export function sendPublicJson(_req: Request, res: Response, value: unknown, varyOnAuth: boolean): void {
  const body = JSON.stringify(value);
  cachePublic(res, varyOnAuth);
  setEtag(res, body);
  res.type('application/json').send(body);
}

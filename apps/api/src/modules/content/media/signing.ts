import { createHmac, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@polski/contracts';
import { ForbiddenError } from '../../../lib/errors';

/** How long a signed premium media URL lives (docs/api.md, "Lesson media"). */
export const MEDIA_URL_TTL_SECONDS = 6 * 3600;
/** Expiry is rounded up to this step, so a lesson answer stays the same (and cacheable) for a while. */
const STEP_SECONDS = 3600;

export interface TSignedQuery {
  exp: string;
  uid: string;
  sig: string;
}

/**
 * Signs premium media URLs: HMAC-SHA256 over the scope (`lessons/<hub>/<slug>`), the expiry and the user id, with
 * a key derived from the server's secret (never the secret itself). An `<audio>` element cannot send a bearer
 * token, so the URL carries who may play it; the media route still checks that this user has premium now.
 */
export class MediaSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('polski media url v1').digest();
  }

  private mac(scope: string, exp: string, uid: string): string {
    return createHmac('sha256', this.key).update(`${scope}\n${exp}\n${uid}`).digest('base64url');
  }

  sign(scope: string, userId: string, now: Date): TSignedQuery {
    const nowS = Math.floor(now.getTime() / 1000);
    const exp = String(Math.ceil((nowS + MEDIA_URL_TTL_SECONDS) / STEP_SECONDS) * STEP_SECONDS);
    return { exp, uid: userId, sig: this.mac(scope, exp, userId) };
  }

  /** The signing user's id; a 403 for a missing, malformed, forged or expired signature. */
  verify(scope: string, q: Partial<Record<keyof TSignedQuery, unknown>>, now: Date): string {
    const { exp, uid, sig } = q;
    if (typeof exp !== 'string' || typeof uid !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp) || !uid || uid.length > 100)
      throw new ForbiddenError(ERROR_CODES.mediaLinkInvalid, 'This media link is not signed: open the lesson again');
    const expected = Buffer.from(this.mac(scope, exp, uid));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new ForbiddenError(ERROR_CODES.mediaLinkInvalid, 'This media link is not valid: open the lesson again');
    if (Number(exp) * 1000 <= now.getTime())
      throw new ForbiddenError(ERROR_CODES.mediaLinkExpired, 'This media link has expired: open the lesson again');
    return uid;
  }
}

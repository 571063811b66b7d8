import { createHmac, timingSafeEqual } from 'node:crypto';
import { ROUTES } from '@polski/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one-click unsubscribe link of the review reminders (docs/product.md, "Review reminders"): the learner's id
 * and an HMAC-SHA256 of it, with a key derived from the server's secret (never the secret itself), so the link works
 * without signing in and nobody can make one for another learner. It does not expire: an unsubscribe link must keep
 * working (a new JWT_SECRET ends the old links; the setting stays in Settings).
 */
export class UnsubscribeLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly publicUrl: string,
  ) {
    this.key = createHmac('sha256', secret).update('polski unsubscribe review reminders v1').digest();
  }

  signature(userId: string): string {
    return createHmac('sha256', this.key).update(`reminders\n${userId.toLowerCase()}`).digest('base64url');
  }

  url(userId: string): string {
    const url = new URL(ROUTES.reminders.unsubscribe.path, this.publicUrl);
    url.searchParams.set('u', userId);
    url.searchParams.set('s', this.signature(userId));
    return url.toString();
  }

  /** The learner the link names, or null when it is not signed by this server (missing, malformed, forged). */
  verify(u: unknown, s: unknown): string | null {
    if (typeof u !== 'string' || typeof s !== 'string' || !UUID.test(u) || s.length > 100) return null;
    const expected = Buffer.from(this.signature(u));
    const given = Buffer.from(s);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return u.toLowerCase();
  }
}

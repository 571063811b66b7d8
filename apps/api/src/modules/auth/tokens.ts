import { createHash, createSecretKey, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_TTL_SECONDS, rolesFromClaim, SESSION_MAX_AGE_SECONDS } from '@polski/contracts';

export interface TAccessClaims {
  sub: string;
  /** token version: a token whose version differs from the user's is refused */
  ver: number;
  roles: string[];
  /** The session the token belongs to (the sessions table): ended by a logout. */
  sid: string;
  /**
   * When the session signed in, in seconds since the epoch (OpenID Connect's `auth_time`): every token refreshed from
   * the session carries it unchanged, and no token is accepted `SESSION_MAX_AGE_SECONDS` after it.
   */
  authTime: number;
}

export interface TTokenService {
  /** Throws SessionEndedError when the session's absolute lifetime is already over. */
  sign(claims: TAccessClaims): string;
  /**
   * Throws on any invalid token (signature, algorithm, issuer, audience, expiry, shape); a SessionEndedError for a
   * genuine token whose session cannot go on (no session: issued before sessions existed; signed in too long ago).
   */
  verify(token: string): TAccessClaims;
}

/** A genuine token whose session is over by the token alone: the client must sign in again. */
export class SessionEndedError extends Error {
  override readonly name = 'SessionEndedError';
}

/** How many verified tokens a process remembers (each ~0.5 KB). */
export const VERIFIED_TOKENS_KEPT = 5000;

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function createTokenService(options: {
  secret: string;
  issuer: string;
  audience: string;
  ttlSeconds?: number;
  /** The absolute lifetime of a session (default SESSION_MAX_AGE_SECONDS). */
  sessionMaxAgeSeconds?: number;
  now?: () => Date;
}): TTokenService {
  const ttl = options.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
  const maxAge = options.sessionMaxAgeSeconds ?? SESSION_MAX_AGE_SECONDS;
  const nowSeconds = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  // a KeyObject made once: given a string, jsonwebtoken first tries (and fails) to parse it as a PEM key on every
  // sign and verify, which was the largest single cost of an authenticated request
  const key = createSecretKey(Buffer.from(options.secret, 'utf8'));
  // Tokens already verified, by their exact text, with their expiry: a signed-in learner sends the same token until
  // it expires, and verifying it again (base64, two JSON parses, the HMAC, the claims) was ~17 % of the CPU of a
  // premium lesson. Only the result of a full verification is kept, a hit still checks the expiry and the session's
  // age, and any other text (a changed signature, header or claim) is a different key and is verified in full.
  // Revocation does not depend on this: the token version and the session are compared with the database's (or the
  // user cache's) on every request.
  const verified = new Map<string, TAccessClaims & { exp: number }>();
  const copy = (c: TAccessClaims): TAccessClaims => ({
    sub: c.sub,
    ver: c.ver,
    roles: [...c.roles],
    sid: c.sid,
    authTime: c.authTime,
  });
  const tooOld = (authTime: number, now: number) => now >= authTime + maxAge;
  return {
    sign({ sub, ver, roles, sid, authTime }) {
      const iat = nowSeconds();
      // a refresh never extends a session: the token ends with the session's absolute lifetime at the latest
      const exp = Math.min(iat + ttl, authTime + maxAge);
      if (exp <= iat) throw new SessionEndedError('the session is older than its absolute lifetime');
      // the role claim (docs/product.md, "Sessions and tokens"): a single value, or a list when the user has
      // several roles
      return jwt.sign(
        { role: roles.length === 1 ? roles[0] : roles, ver, sid, auth_time: authTime, iat, exp },
        key,
        {
          algorithm: 'HS256',
          issuer: options.issuer,
          audience: options.audience,
          subject: sub,
          jwtid: randomBytes(9).toString('base64url'),
        },
      );
    },
    verify(token) {
      const now = nowSeconds();
      const known = verified.get(token);
      if (known) {
        // jsonwebtoken's rule: expired from the second `exp` on
        if (now < known.exp && !tooOld(known.authTime, now)) return copy(known);
        verified.delete(token);
      }
      const payload = jwt.verify(token, key, {
        algorithms: ['HS256'],
        issuer: options.issuer,
        audience: options.audience,
        clockTimestamp: now,
      });
      if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.ver !== 'number') {
        throw new Error('malformed token');
      }
      const { sid, auth_time: authTime } = payload as { sid?: unknown; auth_time?: unknown };
      // genuine, but from before sessions existed (docs/product.md, "Sessions and tokens"): sign in again
      if (typeof sid !== 'string' || !SESSION_ID.test(sid) || !Number.isSafeInteger(authTime)) {
        throw new SessionEndedError('a token without a session');
      }
      if (tooOld(authTime as number, now)) {
        throw new SessionEndedError('the session is older than its absolute lifetime');
      }
      const claims: TAccessClaims = {
        sub: payload.sub,
        ver: payload.ver,
        roles: rolesFromClaim(payload.role),
        sid,
        authTime: authTime as number,
      };
      // tokens this service signs always carry `exp` and never `nbf`; anything else is verified every time
      if (typeof payload.exp === 'number' && payload.nbf === undefined) {
        if (verified.size >= VERIFIED_TOKENS_KEPT) {
          // Map keeps insertion order: forget the oldest
          const oldest = verified.keys().next().value;
          if (oldest !== undefined) verified.delete(oldest);
        }
        verified.set(token, { ...copy(claims), exp: payload.exp });
      }
      return claims;
    },
  };
}

/** A random one-time token for a link, and the hash under which it is stored. */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

import { createHash, createSecretKey, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_TTL_SECONDS, rolesFromClaim } from '@polski/contracts';

export interface TAccessClaims {
  sub: string;
  /** token version: a token whose version differs from the user's is refused */
  ver: number;
  roles: string[];
}

export interface TTokenService {
  sign(claims: TAccessClaims): string;
  /** Throws on any invalid token (signature, algorithm, issuer, audience, expiry, shape). */
  verify(token: string): TAccessClaims;
}

/** How many verified tokens a process remembers (each ~0.5 KB). */
export const VERIFIED_TOKENS_KEPT = 5000;

export function createTokenService(options: {
  secret: string;
  issuer: string;
  audience: string;
  ttlSeconds?: number;
  now?: () => Date;
}): TTokenService {
  const ttl = options.ttlSeconds ?? ACCESS_TOKEN_TTL_SECONDS;
  const nowSeconds = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  // a KeyObject made once: given a string, jsonwebtoken first tries (and fails) to parse it as a PEM key on every
  // sign and verify, which was the largest single cost of an authenticated request
  const key = createSecretKey(Buffer.from(options.secret, 'utf8'));
  // Tokens already verified, by their exact text, with their expiry: a signed-in learner sends the same token until
  // it expires, and verifying it again (base64, two JSON parses, the HMAC, the claims) was ~17 % of the CPU of a
  // premium lesson. Only the result of a full verification is kept, a hit still checks the expiry, and any other
  // text (a changed signature, header or claim) is a different key and is verified in full. Revocation does not
  // depend on this: the token version is compared with the user's on every request.
  const verified = new Map<string, { sub: string; ver: number; roles: string[]; exp: number }>();
  return {
    sign({ sub, ver, roles }) {
      const iat = nowSeconds();
      // the role claim (docs/product.md, "Sessions and tokens"): a single value, or a list when the user has
      // several roles
      return jwt.sign({ role: roles.length === 1 ? roles[0] : roles, ver, iat, exp: iat + ttl }, key, {
        algorithm: 'HS256',
        issuer: options.issuer,
        audience: options.audience,
        subject: sub,
        jwtid: randomBytes(9).toString('base64url'),
      });
    },
    verify(token) {
      const now = nowSeconds();
      const known = verified.get(token);
      if (known) {
        // jsonwebtoken's rule: expired from the second `exp` on
        if (now < known.exp) return { sub: known.sub, ver: known.ver, roles: [...known.roles] };
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
      const claims = { sub: payload.sub, ver: payload.ver, roles: rolesFromClaim(payload.role) };
      // tokens this service signs always carry `exp` and never `nbf`; anything else is verified every time
      if (typeof payload.exp === 'number' && payload.nbf === undefined) {
        if (verified.size >= VERIFIED_TOKENS_KEPT) {
          // Map keeps insertion order: forget the oldest
          const oldest = verified.keys().next().value;
          if (oldest !== undefined) verified.delete(oldest);
        }
        verified.set(token, { ...claims, roles: [...claims.roles], exp: payload.exp });
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

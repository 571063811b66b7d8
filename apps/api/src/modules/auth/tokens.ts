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
  return {
    sign({ sub, ver, roles }) {
      const iat = nowSeconds();
      // the spec's role claim: a single value, or a list when the user has several roles
      return jwt.sign({ role: roles.length === 1 ? roles[0] : roles, ver, iat, exp: iat + ttl }, key, {
        algorithm: 'HS256',
        issuer: options.issuer,
        audience: options.audience,
        subject: sub,
        jwtid: randomBytes(9).toString('base64url'),
      });
    },
    verify(token) {
      const payload = jwt.verify(token, key, {
        algorithms: ['HS256'],
        issuer: options.issuer,
        audience: options.audience,
        clockTimestamp: nowSeconds(),
      });
      if (typeof payload !== 'object' || typeof payload.sub !== 'string' || typeof payload.ver !== 'number') {
        throw new Error('malformed token');
      }
      return { sub: payload.sub, ver: payload.ver, roles: rolesFromClaim(payload.role) };
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

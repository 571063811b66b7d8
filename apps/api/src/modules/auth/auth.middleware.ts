import type { RequestHandler } from 'express';
import { ERROR_CODES, ROLES } from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import type { TDb } from '../../lib/db';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import { hasActivePremium } from '../premium/access';
import type { TTokenService } from './tokens';
import type { UserCache } from './user-cache';
import { findAuthUserAndSession, isSessionLive, type TAuthSession, type TAuthUser } from './user-record';

declare module 'express-serve-static-core' {
  interface Request {
    user?: TAuthUser;
    /** The session the request's token belongs to (set with `user`). */
    authSession?: TAuthSession;
  }
}

export const NO_USER_LOGGED_IN = 'No user is logged in';
export const NO_USER_FOUND = 'No user found';
export const SESSION_ENDED = 'Your session has ended. Please log in again.';
export const PREMIUM_REQUIRED = 'This is part of Premium';

const notSignedIn = () => new UnauthorizedError(ERROR_CODES.notSignedIn, NO_USER_LOGGED_IN);
const sessionEnded = () => new UnauthorizedError(ERROR_CODES.sessionExpired, SESSION_ENDED);

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{10,4096})$/;

/**
 * The signed-in user when `header` holds a valid token of a user the cache holds at the token's version, whose
 * session the cache knows to be live, without any I/O; null in every other case, and the request then goes through
 * `authenticate`, which answers it properly (the fast lane uses this).
 */
export function peekAuthenticated(
  header: string | undefined,
  deps: { tokens: TTokenService; users: UserCache; clock: TClock },
): TAuthUser | null {
  if (!header) return null;
  const m = BEARER.exec(header);
  if (!m) return null;
  let claims;
  try {
    claims = deps.tokens.verify(m[1]);
  } catch {
    return null;
  }
  const user = deps.users.peekUser(claims.sub);
  if (!user || user.tokenVersion !== claims.ver) return null;
  return isSessionLive(deps.users.peekSession(claims.sub, claims.sid), deps.clock.now()) ? user : null;
}

/**
 * Reads `Authorization: Bearer <jwt>`, verifies it (HS256 only, issuer, audience, expiry, a session signed in less
 * than 30 days ago) and loads the user with the token's session; a token whose version no longer matches the
 * user's (password reset, sign out everywhere) or whose session ended (logout) is refused (docs/product.md,
 * "Sessions and tokens"). Without a header the request goes on anonymous; with a bad one it is refused, so a client
 * never silently loses its identity. Reads (GET, HEAD) may take the user and the session's state from the
 * change-notified cache (user-cache.ts, no database round trip once cached); every other method reads the
 * committed rows, both in one statement.
 */
export function authenticate(deps: {
  db: TDb;
  tokens: TTokenService;
  users: UserCache;
  clock: TClock;
}): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization;
    if (!header) return next();
    const m = BEARER.exec(header);
    if (!m) return next(notSignedIn());
    let claims;
    try {
      claims = deps.tokens.verify(m[1]);
    } catch (err) {
      // an expired (but genuine) token, or one whose session is over, ends the session visibly, so the web app
      // signs the user out
      const name = (err as { name?: string }).name;
      return next(
        name === 'TokenExpiredError' || name === 'SessionEndedError' ? sessionEnded() : notSignedIn(),
      );
    }
    if (!/^[0-9a-f-]{36}$/.test(claims.sub)) return next(notSignedIn());
    const read = req.method === 'GET' || req.method === 'HEAD';
    const found = read
      ? await deps.users.userAndSession(claims.sub, claims.sid)
      : await findAuthUserAndSession(deps.db, claims.sub, claims.sid);
    if (!found) return next(new UnauthorizedError(ERROR_CODES.userNotFound, NO_USER_FOUND));
    const { user, session } = found;
    if (user.tokenVersion !== claims.ver) return next(sessionEnded());
    if (!isSessionLive(session, deps.clock.now())) return next(sessionEnded());
    req.user = user;
    req.authSession = { id: session.id, signedInAt: session.signedInAt };
    next();
  };
}

export const requireUser: RequestHandler = (req, _res, next) => next(req.user ? undefined : notSignedIn());

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(notSignedIn());
  if (!req.user.roles.includes(ROLES.admin))
    return next(new ForbiddenError(ERROR_CODES.adminOnly, 'Administrators only'));
  next();
};

/**
 * Active premium, decided from the user row loaded for this request (docs/product.md, "Who is premium"), never
 * from the token's role claim. Runs after requireUser.
 */
export function requirePremium(clock: TClock, message = PREMIUM_REQUIRED): RequestHandler {
  return (req, _res, next) => {
    if (!req.user) return next(notSignedIn());
    if (!hasActivePremium(req.user, clock.now())) {
      return next(new ForbiddenError(ERROR_CODES.premiumRequired, message));
    }
    next();
  };
}

/** The authenticated user; only call after requireUser. */
export function currentUser(req: { user?: TAuthUser }): TAuthUser {
  if (!req.user) throw notSignedIn();
  return req.user;
}

/** The session of the authenticated request; only call after requireUser. */
export function currentSession(req: { authSession?: TAuthSession }): TAuthSession {
  if (!req.authSession) throw notSignedIn();
  return req.authSession;
}

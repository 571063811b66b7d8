import type { RequestHandler } from 'express';
import { ROLES } from '@polski/contracts';
import type { TDb } from '../../lib/db';
import { ForbiddenError, UnauthorizedError } from '../../lib/errors';
import type { TTokenService } from './tokens';
import { findAuthUser, type TAuthUser } from './user-record';

declare module 'express-serve-static-core' {
  interface Request {
    user?: TAuthUser;
  }
}

export const NO_USER_LOGGED_IN = 'No user is logged in';
export const NO_USER_FOUND = 'No user found';
export const SESSION_ENDED = 'Your session has ended. Please log in again.';

/**
 * Reads `Authorization: Bearer <jwt>`, verifies it (HS256 only, issuer, audience, expiry) and loads the user from
 * the database; a token whose version no longer matches the user's (password reset) is refused. Without a header
 * the request goes on anonymous; with a bad one it is refused, so a client never silently loses its identity.
 */
export function authenticate(deps: { db: TDb; tokens: TTokenService }): RequestHandler {
  return async (req, _res, next) => {
    const header = req.headers.authorization;
    if (!header) return next();
    const m = /^Bearer ([A-Za-z0-9._~+/=-]{10,4096})$/.exec(header);
    if (!m) return next(new UnauthorizedError(NO_USER_LOGGED_IN));
    let claims;
    try {
      claims = deps.tokens.verify(m[1]);
    } catch (err) {
      // an expired (but genuine) token ends the session visibly, so the web app signs the user out
      const expired = (err as { name?: string }).name === 'TokenExpiredError';
      return next(new UnauthorizedError(expired ? SESSION_ENDED : NO_USER_LOGGED_IN));
    }
    if (!/^[0-9a-f-]{36}$/.test(claims.sub)) return next(new UnauthorizedError(NO_USER_LOGGED_IN));
    const user = await findAuthUser(deps.db, claims.sub);
    if (!user) return next(new UnauthorizedError(NO_USER_FOUND));
    if (user.tokenVersion !== claims.ver) return next(new UnauthorizedError(SESSION_ENDED));
    req.user = user;
    next();
  };
}

export const requireUser: RequestHandler = (req, _res, next) =>
  next(req.user ? undefined : new UnauthorizedError(NO_USER_LOGGED_IN));

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new UnauthorizedError(NO_USER_LOGGED_IN));
  if (!req.user.roles.includes(ROLES.admin)) return next(new ForbiddenError('Administrators only'));
  next();
};

/** The authenticated user; only call after requireUser. */
export function currentUser(req: { user?: TAuthUser }): TAuthUser {
  if (!req.user) throw new UnauthorizedError(NO_USER_LOGGED_IN);
  return req.user;
}

import { randomBytes } from 'node:crypto';
import {
  CONFIRM_EMAIL_TTL_SECONDS,
  ERROR_CODES,
  RESET_PASSWORD_TTL_SECONDS,
  ROLES,
  SAVED_SESSION_TTL_SECONDS,
  SESSION_MAX_AGE_SECONDS,
  type TLoginRequest,
  type TRegisterRequest,
  type TResetPasswordRequest,
  type TUserResponse,
} from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import type { TDb } from '../../lib/db';
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
  isUniqueViolation,
} from '../../lib/errors';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, type TPasswordHasher } from '../auth/passwords';
import { hashToken, newOneTimeToken, type TTokenService } from '../auth/tokens';
import {
  findAuthUserAndSession,
  isSessionLive,
  userResponse,
  userWithRoles,
  toAuthUser,
  type TAuthSession,
  type TAuthUser,
} from '../auth/user-record';
import { enqueueEmail } from '../mail/outbox';
import { emails } from '../mail/templates';
import type { TRateLimiter } from '../rate-limit/rate-limiter';

export interface TAccountDeps {
  db: TDb;
  tokens: TTokenService;
  hasher: TPasswordHasher;
  limiter: TRateLimiter;
  clock: TClock;
  publicUrl: string;
  contactEmail: string;
  /** Called after a transaction that enqueued an email, so the worker sends it without waiting for its poll. */
  onEmailQueued?: () => void;
}

export const INVALID_CREDENTIALS = 'Invalid username/email or password';
export const INVALID_LINK = 'The link is invalid or has expired. Please ask for a new one.';
export const TOO_MANY_LOGINS = 'Too many failed login attempts. Please try again later.';
export const FORGOT_PASSWORD_ANSWER =
  'If an account with this email exists, we have sent it a link to reset the password.';

/**
 * Failed-login slow-down (docs/product.md, "Accounts and email"). The tight limit is per (address, account): a
 * stranger guessing from one address is stopped after 5 tries, while the owner at another address is not affected.
 * A looser limit per address stops one address spraying many accounts, and a per-account limit across all
 * addresses stops distributed guessing; its window is short so it cannot keep the owner out for long.
 */
export const LOGIN_LIMITS = {
  pair: { max: 5, windowSeconds: 15 * 60 },
  address: { max: 30, windowSeconds: 15 * 60 },
  account: { max: 20, windowSeconds: 5 * 60 },
} as const;

const key = (s: string) => s.trim().toLowerCase();

export class AccountService {
  constructor(private readonly d: TAccountDeps) {}

  private link(path: string, params: Record<string, string>): string {
    const url = new URL(path, this.d.publicUrl);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.toString();
  }

  private now(): Date {
    return this.d.clock.now();
  }

  async register(input: TRegisterRequest): Promise<TUserResponse> {
    if (isCommonPassword(input.password)) throw ValidationError.field('password', COMMON_PASSWORD_MESSAGE);
    const existing = await this.d.db.user.findMany({
      where: { OR: [{ usernameKey: key(input.username) }, { emailKey: key(input.email) }] },
      select: { usernameKey: true, emailKey: true },
    });
    const taken = this.takenErrors(existing, input);
    if (taken) throw taken;
    const passwordHash = await this.d.hasher.hash(input.password);
    const { token, hash } = newOneTimeToken();
    try {
      const user = await this.d.db.$transaction(async (tx) => {
        const role = await tx.role.findUniqueOrThrow({ where: { name: ROLES.member } });
        const created = await tx.user.create({
          data: {
            username: input.username,
            usernameKey: key(input.username),
            email: input.email,
            emailKey: key(input.email),
            passwordHash,
            nativeLanguage: input.lang,
            roles: { create: { roleId: role.id } },
            tokens: {
              create: {
                purpose: 'CONFIRM_EMAIL',
                tokenHash: hash,
                expiresAt: new Date(this.now().getTime() + CONFIRM_EMAIL_TTL_SECONDS * 1000),
              },
            },
          },
          include: userWithRoles,
        });
        await enqueueEmail(
          tx,
          emails.confirmEmail(
            created.email,
            created.username,
            this.link('/confirmemail', { token, userid: created.id }),
          ),
          this.now(),
        );
        return toAuthUser(created);
      });
      this.d.onEmailQueued?.();
      return await this.startSession(user);
    } catch (e) {
      if (isUniqueViolation(e)) {
        // lost a race with a concurrent registration of the same username or email
        const again = await this.d.db.user.findMany({
          where: { OR: [{ usernameKey: key(input.username) }, { emailKey: key(input.email) }] },
          select: { usernameKey: true, emailKey: true },
        });
        throw (
          this.takenErrors(again, input) ??
          ValidationError.field('email', 'An account with this email already exists')
        );
      }
      throw e;
    }
  }

  private takenErrors(existing: { usernameKey: string; emailKey: string }[], input: TRegisterRequest) {
    const errors: Record<string, string[]> = {};
    if (existing.some((u) => u.usernameKey === key(input.username)))
      errors.username = ['This username is already taken'];
    if (existing.some((u) => u.emailKey === key(input.email)))
      errors.email = ['An account with this email already exists'];
    return Object.keys(errors).length ? new ValidationError(errors) : null;
  }

  async login(input: TLoginRequest, ip: string): Promise<TUserResponse> {
    const id = key(input.usernameOrEmail);
    const pairKey = `login:pair:${ip}:${id}`;
    const addressKey = `login:ip:${ip}`;
    const accountKey = `login:acct:${id}`;
    const { limiter } = this.d;
    for (const [k, limit] of [
      [pairKey, LOGIN_LIMITS.pair],
      [addressKey, LOGIN_LIMITS.address],
      [accountKey, LOGIN_LIMITS.account],
    ] as const) {
      const state = await limiter.peek(k);
      if (state && state.count >= limit.max)
        throw new TooManyRequestsError(TOO_MANY_LOGINS, limiter.secondsUntil(state));
    }
    const row = await this.d.db.user.findFirst({
      where: { OR: [{ usernameKey: id }, { emailKey: id }] },
      include: userWithRoles,
    });
    const ok = await this.d.hasher.verify(input.password, row?.passwordHash ?? '');
    if (!row || !ok) {
      await limiter.hit(pairKey, LOGIN_LIMITS.pair.windowSeconds);
      await limiter.hit(addressKey, LOGIN_LIMITS.address.windowSeconds);
      await limiter.hit(accountKey, LOGIN_LIMITS.account.windowSeconds);
      throw new UnauthorizedError(ERROR_CODES.invalidCredentials, INVALID_CREDENTIALS);
    }
    await limiter.reset(pairKey);
    return this.startSession(toAuthUser(row));
  }

  async confirmEmail(token: string, userId: string): Promise<void> {
    await this.consumeToken('CONFIRM_EMAIL', token, userId, async (tx) => {
      await tx.user.update({ where: { id: userId }, data: { emailConfirmed: true } });
    });
  }

  async sendConfirmationLink(user: TAuthUser): Promise<void> {
    if (user.emailConfirmed)
      throw new BadRequestError(ERROR_CODES.emailAlreadyConfirmed, 'Your email address is already confirmed');
    const limit = await this.d.limiter.hit(`confirm-link:${user.id}`, 60 * 60);
    if (limit.count > 5) {
      throw new TooManyRequestsError(
        'Too many confirmation emails. Please try again later.',
        this.d.limiter.secondsUntil(limit),
      );
    }
    const { token, hash } = newOneTimeToken();
    await this.d.db.$transaction(async (tx) => {
      await tx.oneTimeToken.create({
        data: {
          userId: user.id,
          purpose: 'CONFIRM_EMAIL',
          tokenHash: hash,
          expiresAt: new Date(this.now().getTime() + CONFIRM_EMAIL_TTL_SECONDS * 1000),
        },
      });
      await enqueueEmail(
        tx,
        emails.confirmEmail(
          user.email,
          user.username,
          this.link('/confirmemail', { token, userid: user.id }),
        ),
        this.now(),
      );
    });
    this.d.onEmailQueued?.();
  }

  /** Same answer, same work shape, whether or not the email belongs to an account. */
  async forgotPassword(email: string, ip: string): Promise<void> {
    const perAddress = await this.d.limiter.hit(`forgot:ip:${ip}`, 60 * 60);
    const perEmail = await this.d.limiter.hit(`forgot:email:${key(email)}`, 60 * 60);
    if (perAddress.count > 20) {
      throw new TooManyRequestsError(
        'Too many requests. Please try again later.',
        this.d.limiter.secondsUntil(perAddress),
      );
    }
    // silently send nothing more than 3 links an hour to one address (no enumeration: the answer stays the same)
    if (perEmail.count > 3) return;
    const user = await this.d.db.user.findUnique({ where: { emailKey: key(email) } });
    if (!user) return;
    const { token, hash } = newOneTimeToken();
    await this.d.db.$transaction(async (tx) => {
      await tx.oneTimeToken.create({
        data: {
          userId: user.id,
          purpose: 'RESET_PASSWORD',
          tokenHash: hash,
          expiresAt: new Date(this.now().getTime() + RESET_PASSWORD_TTL_SECONDS * 1000),
        },
      });
      await enqueueEmail(
        tx,
        emails.resetPassword(
          user.email,
          user.username,
          this.link('/reset-password', { token, userid: user.id }),
        ),
        this.now(),
      );
    });
    this.d.onEmailQueued?.();
  }

  async resetPassword(input: TResetPasswordRequest): Promise<void> {
    if (isCommonPassword(input.password)) throw ValidationError.field('password', COMMON_PASSWORD_MESSAGE);
    const passwordHash = await this.d.hasher.hash(input.password);
    await this.consumeToken('RESET_PASSWORD', input.token, input.userid, async (tx) => {
      const user = await tx.user.update({
        where: { id: input.userid },
        // a reset ends every other session (token version) and proves the address, so it also confirms it
        data: { passwordHash, tokenVersion: { increment: 1 }, emailConfirmed: true },
      });
      await tx.oneTimeToken.updateMany({
        where: { userId: user.id, purpose: 'RESET_PASSWORD', usedAt: null },
        data: { usedAt: this.now() },
      });
      // payment-redirect handles parked before the reset (perhaps with a stolen token) die with the sessions
      await tx.savedSession.deleteMany({ where: { userId: user.id } });
      await enqueueEmail(
        tx,
        emails.passwordChanged(user.email, user.username, this.d.contactEmail),
        this.now(),
      );
    });
    this.d.onEmailQueued?.();
  }

  /**
   * Marks a one-time token used and applies its effect in one transaction. The conditional update (used_at IS
   * NULL) makes a token single use even under concurrent requests.
   */
  private async consumeToken(
    purpose: 'CONFIRM_EMAIL' | 'RESET_PASSWORD',
    token: string,
    userId: string,
    effect: (tx: Parameters<Parameters<TDb['$transaction']>[0]>[0]) => Promise<void>,
  ): Promise<void> {
    if (!/^[0-9a-f-]{36}$/i.test(userId)) throw new BadRequestError(ERROR_CODES.invalidLink, INVALID_LINK);
    const now = this.now();
    await this.d.db.$transaction(async (tx) => {
      const claimed = await tx.oneTimeToken.updateMany({
        where: { tokenHash: hashToken(token), purpose, userId, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (claimed.count !== 1) throw new BadRequestError(ERROR_CODES.invalidLink, INVALID_LINK);
      await effect(tx);
    });
  }

  async changeLanguage(user: TAuthUser, lang: string): Promise<void> {
    await this.d.db.user.update({ where: { id: user.id }, data: { nativeLanguage: lang } });
  }

  /**
   * A new session (docs/product.md, "Sessions and tokens") and the signed-in user with its first token. The sign-in
   * time is kept to the second, as the token's `auth_time` carries it. The user's sessions past their absolute
   * lifetime are deleted on the way.
   */
  private async startSession(user: TAuthUser): Promise<TUserResponse> {
    const now = this.now();
    const signedInAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
    const session = await this.d.db.$transaction(async (tx) => {
      await tx.session.deleteMany({
        where: {
          userId: user.id,
          signedInAt: { lte: new Date(now.getTime() - SESSION_MAX_AGE_SECONDS * 1000) },
        },
      });
      return tx.session.create({
        data: { userId: user.id, signedInAt },
        select: { id: true, signedInAt: true },
      });
    });
    return userResponse(user, this.d.tokens, now, session);
  }

  /** Ends the session the request's token belongs to (POST /api/account/logout), with the handles saved in it. */
  async logout(user: TAuthUser, session: TAuthSession): Promise<void> {
    await this.d.db.$transaction(async (tx) => {
      await tx.session.updateMany({
        where: { id: session.id, userId: user.id, revokedAt: null },
        data: { revokedAt: this.now() },
      });
      await tx.savedSession.deleteMany({ where: { sessionId: session.id } });
    });
  }

  /**
   * Ends every session of the user ('Sign out everywhere'): the token version moves on, so every token issued
   * before is refused whatever its session, every session is marked ended, and the saved handles are deleted.
   */
  async logoutEverywhere(user: TAuthUser): Promise<void> {
    await this.d.db.$transaction(async (tx) => {
      await tx.user.update({ where: { id: user.id }, data: { tokenVersion: { increment: 1 } } });
      await tx.session.updateMany({
        where: { userId: user.id, revokedAt: null },
        data: { revokedAt: this.now() },
      });
      await tx.savedSession.deleteMany({ where: { userId: user.id } });
    });
  }

  /**
   * An opaque, random, single-use handle to the signed-in user, for the return from the payment page. It belongs to
   * the request's session and to the user's token version of this moment.
   */
  async saveSession(user: TAuthUser, session: TAuthSession): Promise<string> {
    const handle = randomBytes(24).toString('base64url');
    await this.d.db.savedSession.create({
      data: {
        userId: user.id,
        sessionId: session.id,
        tokenVersion: user.tokenVersion,
        handleHash: hashToken(handle),
        expiresAt: new Date(this.now().getTime() + SAVED_SESSION_TTL_SECONDS * 1000),
      },
    });
    return handle;
  }

  /**
   * Exchanges a handle for a fresh token of the session it was saved in. `caller` is the user of the request's
   * token, if it sent one: a handle of another account is refused (403 session_other_account) and left unused, so a
   * link cannot swap the signed-in user for someone else (login CSRF through the checkout return page). A handle
   * whose session ended, or saved before the token version moved on (a password reset, sign out everywhere), is
   * refused like a used one.
   */
  async getSession(handle: string, caller?: TAuthUser): Promise<TUserResponse> {
    const now = this.now();
    const notFound = new NotFoundError(
      ERROR_CODES.savedSessionNotFound,
      'This session has expired or was already used. Please log in.',
    );
    if (!/^[A-Za-z0-9_-]{16,64}$/.test(handle)) throw notFound;
    const row = await this.d.db.savedSession.findUnique({ where: { handleHash: hashToken(handle) } });
    if (!row || row.usedAt !== null || row.expiresAt <= now) throw notFound;
    if (caller && caller.id !== row.userId) {
      throw new ForbiddenError(
        ERROR_CODES.sessionOtherAccount,
        'This link belongs to another account. You are still signed in with yours.',
      );
    }
    const claimed = await this.d.db.savedSession.updateMany({
      where: { id: row.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) throw notFound;
    const found = await findAuthUserAndSession(this.d.db, row.userId, row.sessionId);
    if (!found || found.user.tokenVersion !== row.tokenVersion || !isSessionLive(found.session, now)) {
      throw notFound;
    }
    return userResponse(found.user, this.d.tokens, now, found.session);
  }
}

import { randomBytes } from 'node:crypto';
import {
  CONFIRM_EMAIL_TTL_SECONDS,
  ERROR_CODES,
  normalizeUsername,
  passwordIdentityProblems,
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
import type { TLogger } from '../../lib/logger';
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
import { usernameKey, usernameSkeleton } from '../auth/usernames';
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
  /** Sign-ups per client address an hour (REGISTER_RATE_LIMIT; default REGISTER_LIMITS.address.max). */
  registerPerAddress?: number;
  /** Where work done after the answer (sending a reset link) reports a failure. */
  logger?: TLogger;
}

export const INVALID_CREDENTIALS = 'Invalid username/email or password';
export const INVALID_LINK = 'The link is invalid or has expired. Please ask for a new one.';
export const TOO_MANY_LOGINS = 'Too many failed login attempts. Please try again later.';
export const TOO_MANY_SIGNUPS = 'Too many sign-up attempts. Please try again later.';
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';
export const USERNAME_TAKEN = 'This username is already taken';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const USERNAME_CONFUSABLE =
  'This username looks too much like an existing one. Please choose another.';
export const FORGOT_PASSWORD_ANSWER =
  'If an account with this email exists, we have sent it a link to reset the password.';

/**
 * Failed logins are slowed down, never locked (docs/product.md, "Accounts and email"). Failures are counted per
 * account (the account the username or email resolves to, whatever its spelling; an unknown name counts like an
 * account of its own) and client address. After `freeFailures` of them, that address waits before its next try
 * for that account: 1 s, then twice as long after each failure, at most 15 minutes; a success from the address
 * clears its count. An address that has not failed for an account is never refused for it, so a stranger elsewhere
 * cannot keep the owner out. When the account has had `accountUnderAttack` failures in the hour from all
 * addresses, or the address `addressSpraying` failures across accounts, failing addresses get no free tries: each
 * failure starts the delay. A waiting address is answered 429 with Retry-After at once (no connection is held),
 * and a failing address tries one login at a time per account (a try in flight holds the wait for
 * `inFlightSeconds` at most, should its process die).
 */
export const LOGIN_SLOWDOWN = {
  freeFailures: 2,
  firstDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  /** How long an address's failures for an account count (from its first; a success clears them). */
  failureWindowSeconds: 24 * 60 * 60,
  accountUnderAttack: 10,
  accountWindowSeconds: 60 * 60,
  addressSpraying: 30,
  addressWindowSeconds: 60 * 60,
  inFlightSeconds: 5,
} as const;

/** The wait after an address's `failures`-th failure for an account, with `free` failures that cost none. */
export function loginDelaySeconds(failures: number, free: number = LOGIN_SLOWDOWN.freeFailures): number {
  if (failures <= free) return 0;
  const { firstDelaySeconds, maxDelaySeconds } = LOGIN_SLOWDOWN;
  return Math.min(firstDelaySeconds * 2 ** Math.min(failures - free - 1, 30), maxDelaySeconds);
}

/** Sign-up attempts (docs/product.md, "Accounts and email"): per client address and per email address, an hour. */
export const REGISTER_LIMITS = {
  address: { max: 20, windowSeconds: 60 * 60 },
  email: { max: 5, windowSeconds: 60 * 60 },
} as const;

/** Password resets per client address an hour; a refused link costs no bcrypt work. */
export const RESET_LIMITS = { address: { max: 20, windowSeconds: 60 * 60 } } as const;

/** Reset links asked for per client address an hour (429 over it), and sent per email address (silently). */
export const FORGOT_LIMITS = {
  address: { max: 20, windowSeconds: 60 * 60 },
  email: { max: 3, windowSeconds: 60 * 60 },
} as const;

const key = (s: string) => s.trim().toLowerCase();
const UUID = /^[0-9a-f-]{36}$/i;

/** What a new username and email are compared with. */
interface TSignUpKeys {
  typedKey: string;
  usernameKey: string;
  skeleton: string;
  emailKey: string;
}
type TClash = { usernameKey: string; usernameSkeleton: string | null; emailKey: string };

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

  /** Counts one attempt under `key`; over `max` in the window, refuses with 429 and writes nothing. */
  private async admit(key: string, limit: { max: number; windowSeconds: number }, message: string) {
    const state = await this.d.limiter.consume(key, limit.windowSeconds, limit.max);
    if (!state.allowed) throw new TooManyRequestsError(message, this.d.limiter.secondsUntil(state));
  }

  async register(input: TRegisterRequest, ip: string): Promise<TUserResponse> {
    const perAddress = {
      ...REGISTER_LIMITS.address,
      max: this.d.registerPerAddress ?? REGISTER_LIMITS.address.max,
    };
    await this.admit(`register:ip:${ip}`, perAddress, TOO_MANY_SIGNUPS);
    await this.admit(`register:email:${key(input.email)}`, REGISTER_LIMITS.email, TOO_MANY_SIGNUPS);
    if (isCommonPassword(input.password)) throw ValidationError.field('password', COMMON_PASSWORD_MESSAGE);
    const username = normalizeUsername(input.username);
    const keys: TSignUpKeys = {
      typedKey: key(input.username),
      usernameKey: usernameKey(username),
      skeleton: usernameSkeleton(username),
      emailKey: key(input.email),
    };
    const existing = await this.clashes(keys);
    // the same bcrypt work whether or not the username or email is taken, so the answer's time tells nothing
    const passwordHash = await this.d.hasher.hash(input.password);
    const refusal = this.clashError(existing, keys);
    if (refusal) throw refusal;
    const { token, hash } = newOneTimeToken();
    try {
      const user = await this.d.db.$transaction(async (tx) => {
        const role = await tx.role.findUniqueOrThrow({ where: { name: ROLES.member } });
        const created = await tx.user.create({
          data: {
            username,
            usernameKey: keys.usernameKey,
            usernameSkeleton: keys.skeleton,
            email: input.email,
            emailKey: keys.emailKey,
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
            created.nativeLanguage,
          ),
          this.now(),
        );
        return toAuthUser(created);
      });
      this.d.onEmailQueued?.();
      return await this.startSession(user);
    } catch (e) {
      if (isUniqueViolation(e)) {
        // lost a race with a concurrent registration of the same (or a look-alike) username, or the same email
        throw this.clashError(await this.clashes(keys), keys) ?? ValidationError.field('email', EMAIL_TAKEN);
      }
      throw e;
    }
  }

  /** Accounts whose username, look or email a new account would share. */
  private clashes(keys: TSignUpKeys): Promise<TClash[]> {
    return this.d.db.user.findMany({
      where: {
        OR: [
          { usernameKey: { in: [keys.usernameKey, keys.typedKey] } },
          { usernameSkeleton: keys.skeleton },
          { emailKey: keys.emailKey },
        ],
      },
      select: { usernameKey: true, usernameSkeleton: true, emailKey: true },
    });
  }

  /**
   * The refusal for a sign-up that clashes (null: none). The same username in another case is "taken"; the same
   * letters in another form (full-width, ...) or a look-alike (Cyrillic а for a, dotless ı for i) is refused as
   * confusable, with its own code (docs/api.md).
   */
  private clashError(existing: TClash[], keys: TSignUpKeys) {
    const errors: Record<string, string[]> = {};
    let confusable = false;
    if (existing.some((u) => u.usernameKey === keys.typedKey)) errors.username = [USERNAME_TAKEN];
    else if (
      existing.some((u) => u.usernameKey === keys.usernameKey || u.usernameSkeleton === keys.skeleton)
    ) {
      errors.username = [USERNAME_CONFUSABLE];
      confusable = true;
    }
    if (existing.some((u) => u.emailKey === keys.emailKey)) errors.email = [EMAIL_TAKEN];
    if (!Object.keys(errors).length) return null;
    return confusable
      ? new BadRequestError(ERROR_CODES.usernameConfusable, USERNAME_CONFUSABLE, { errors })
      : new ValidationError(errors);
  }

  async login(input: TLoginRequest, ip: string): Promise<TUserResponse> {
    const { limiter } = this.d;
    const typed = key(input.usernameOrEmail);
    const nfkc = usernameKey(input.usernameOrEmail);
    // a username in any form (stored NFKC; an account from before kept its key) or an email, ignoring case
    const rows = await this.d.db.user.findMany({
      where: { OR: [{ usernameKey: { in: [nfkc, typed] } }, { emailKey: typed }] },
      include: userWithRoles,
      take: 3,
    });
    const row = rows.find((r) => r.usernameKey === typed || r.emailKey === typed) ?? rows[0];
    // the account the name resolves to, however it was spelled; an unknown name counts as an account of its own
    const subject = row ? `user:${row.id}` : `name:${nfkc}`;
    const failKey = `login:fail:${subject}:${ip}`;
    const waitKey = `login:wait:${subject}:${ip}`;
    const failed = await limiter.peek(failKey);
    if (failed) {
      // an address that failed for this account: not inside its delay, and one try at a time
      const turn = await limiter.consume(waitKey, LOGIN_SLOWDOWN.inFlightSeconds, 1);
      if (!turn.allowed) throw new TooManyRequestsError(TOO_MANY_LOGINS, limiter.secondsUntil(turn));
    }
    const ok = await this.d.hasher.verify(input.password, row?.passwordHash ?? '');
    if (row && ok) {
      if (failed) await Promise.all([limiter.reset(failKey), limiter.reset(waitKey)]);
      return this.startSession(toAuthUser(row));
    }
    const [pair, account, address] = await Promise.all([
      limiter.hit(failKey, LOGIN_SLOWDOWN.failureWindowSeconds),
      limiter.hit(`login:acct:${subject}`, LOGIN_SLOWDOWN.accountWindowSeconds),
      limiter.hit(`login:ip:${ip}`, LOGIN_SLOWDOWN.addressWindowSeconds),
    ]);
    const attacked =
      account.count >= LOGIN_SLOWDOWN.accountUnderAttack || address.count >= LOGIN_SLOWDOWN.addressSpraying;
    const delay = loginDelaySeconds(pair.count, attacked ? 0 : LOGIN_SLOWDOWN.freeFailures);
    if (delay > 0) await limiter.hold(waitKey, delay);
    else if (failed) await limiter.reset(waitKey);
    throw new UnauthorizedError(ERROR_CODES.invalidCredentials, INVALID_CREDENTIALS);
  }

  async confirmEmail(token: string, userId: string): Promise<void> {
    await this.consumeToken('CONFIRM_EMAIL', token, userId, async (tx) => {
      await tx.user.update({ where: { id: userId }, data: { emailConfirmed: true } });
    });
  }

  async sendConfirmationLink(user: TAuthUser): Promise<void> {
    if (user.emailConfirmed)
      throw new BadRequestError(ERROR_CODES.emailAlreadyConfirmed, 'Your email address is already confirmed');
    await this.admit(
      `confirm-link:${user.id}`,
      { max: 5, windowSeconds: 60 * 60 },
      'Too many confirmation emails. Please try again later.',
    );
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
          user.nativeLanguage,
        ),
        this.now(),
      );
    });
    this.d.onEmailQueued?.();
  }

  /**
   * Answers before anything depends on the address: the same counters are checked for every address, and the look
   * up and the link (for an address with an account) are made after the answer (docs/product.md, "Accounts and
   * email"), so the answer's time tells nothing.
   */
  async forgotPassword(email: string, ip: string): Promise<void> {
    await this.admit(`forgot:ip:${ip}`, FORGOT_LIMITS.address, TOO_MANY_REQUESTS);
    // silently send nothing more than 3 links an hour to one address (no enumeration: the answer stays the same)
    const perEmail = await this.d.limiter.hit(
      `forgot:email:${key(email)}`,
      FORGOT_LIMITS.email.windowSeconds,
    );
    if (perEmail.count > FORGOT_LIMITS.email.max) return;
    this.afterAnswer('reset link', () => this.sendResetLink(email));
  }

  private async sendResetLink(email: string): Promise<void> {
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
          user.nativeLanguage,
        ),
        this.now(),
      );
    });
    this.d.onEmailQueued?.();
  }

  private readonly pending = new Set<Promise<void>>();

  /** Runs `work` once the answer has gone (next turn of the event loop); a failure is logged. */
  private afterAnswer(what: string, work: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => this.d.logger?.error({ err }, `accounts: ${what} failed after the answer`))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Resolves once the work started after answers has finished (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }

  async resetPassword(input: TResetPasswordRequest, ip: string): Promise<void> {
    await this.admit(`reset:ip:${ip}`, RESET_LIMITS.address, TOO_MANY_REQUESTS);
    // the link first: a bogus one is refused without any bcrypt work
    if (!UUID.test(input.userid)) throw new BadRequestError(ERROR_CODES.invalidLink, INVALID_LINK);
    const link = await this.d.db.oneTimeToken.findFirst({
      where: {
        tokenHash: hashToken(input.token),
        purpose: 'RESET_PASSWORD',
        userId: input.userid,
        usedAt: null,
        expiresAt: { gt: this.now() },
      },
      select: { user: { select: { username: true, email: true } } },
    });
    if (!link) throw new BadRequestError(ERROR_CODES.invalidLink, INVALID_LINK);
    if (isCommonPassword(input.password)) throw ValidationError.field('password', COMMON_PASSWORD_MESSAGE);
    const problems = passwordIdentityProblems(input.password, link.user);
    if (problems.length) throw new ValidationError({ password: problems });
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
        emails.passwordChanged(user.email, user.username, this.d.contactEmail, user.nativeLanguage),
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
    if (!UUID.test(userId)) throw new BadRequestError(ERROR_CODES.invalidLink, INVALID_LINK);
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

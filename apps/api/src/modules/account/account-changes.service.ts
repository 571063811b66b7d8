import {
  CHANGE_EMAIL_TTL_SECONDS,
  ERROR_CODES,
  passwordIdentityProblems,
  SAME_EMAIL_MESSAGE,
  type TChangeEmailRequest,
  type TChangePasswordRequest,
  type TUserResponse,
} from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import type { TDb } from '../../lib/db';
import {
  BadRequestError,
  ForbiddenError,
  TooManyRequestsError,
  UnauthorizedError,
  ValidationError,
  isUniqueViolation,
} from '../../lib/errors';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword, type TPasswordHasher } from '../auth/passwords';
import { hashToken, newOneTimeToken, type TTokenService } from '../auth/tokens';
import { findAuthUserAndSession, userResponse, type TAuthSession, type TAuthUser } from '../auth/user-record';
import { enqueueEmail } from '../mail/outbox';
import { emails } from '../mail/templates';
import type { TRateLimiter } from '../rate-limit/rate-limiter';
import { INVALID_LINK, TOO_MANY_REQUESTS } from './account.service';

export interface TAccountChangesDeps {
  db: TDb;
  tokens: TTokenService;
  hasher: TPasswordHasher;
  limiter: TRateLimiter;
  clock: TClock;
  publicUrl: string;
  contactEmail: string;
  onEmailQueued?: () => void;
}

/**
 * Attempts per account an hour (each counted, right or wrong, like the auth routes' limits), and confirmations
 * per client address an hour (docs/product.md, "Changing the password or the email address").
 */
export const CHANGE_LIMITS = {
  password: { max: 10, windowSeconds: 60 * 60 },
  email: { max: 5, windowSeconds: 60 * 60 },
  confirm: { max: 20, windowSeconds: 60 * 60 },
} as const;

export const WRONG_CURRENT_PASSWORD = 'The current password is not correct. Nothing has been changed.';
export const NEW_ADDRESS_TAKEN =
  'This address has become the address of another account since the link was sent. Your address has not changed.';

const key = (s: string) => s.trim().toLowerCase();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type TTx = Parameters<Parameters<TDb['$transaction']>[0]>[0];

/**
 * Change password and change email for the signed-in learner (issue 18 item 8; docs/product.md, "Changing the
 * password or the email address").
 */
export class AccountChangesService {
  constructor(private readonly d: TAccountChangesDeps) {}

  private now(): Date {
    return this.d.clock.now();
  }

  private async admit(k: string, limit: { max: number; windowSeconds: number }) {
    const state = await this.d.limiter.consume(k, limit.windowSeconds, limit.max);
    if (!state.allowed) throw new TooManyRequestsError(TOO_MANY_REQUESTS, this.d.limiter.secondsUntil(state));
  }

  /** The account's row, refused with 403 (nothing changed) when `password` is not its password. */
  private async checkPassword(user: TAuthUser, password: string) {
    const row = await this.d.db.user.findUnique({
      where: { id: user.id },
      select: { passwordHash: true, username: true, email: true, nativeLanguage: true },
    });
    if (!row) throw new UnauthorizedError(ERROR_CODES.userNotFound, 'No user found');
    if (!(await this.d.hasher.verify(password, row.passwordHash))) {
      throw new ForbiddenError(ERROR_CODES.wrongPassword, WRONG_CURRENT_PASSWORD);
    }
    return row;
  }

  /**
   * Sets the new password; every other session ends (token version, sessions marked ended, saved handles deleted,
   * unused reset links spent) and this one goes on with the fresh token answered. The "password changed" email is
   * queued in the same transaction.
   */
  async changePassword(
    user: TAuthUser,
    session: TAuthSession,
    input: TChangePasswordRequest,
  ): Promise<TUserResponse> {
    await this.admit(`change-password:user:${user.id}`, CHANGE_LIMITS.password);
    const row = await this.checkPassword(user, input.currentPassword);
    if (isCommonPassword(input.password)) throw ValidationError.field('password', COMMON_PASSWORD_MESSAGE);
    const problems = passwordIdentityProblems(input.password, row);
    if (problems.length) throw new ValidationError({ password: problems });
    const passwordHash = await this.d.hasher.hash(input.password);
    const now = this.now();
    await this.d.db.$transaction(async (tx) => {
      const updated = await tx.user.update({
        where: { id: user.id },
        data: { passwordHash, tokenVersion: { increment: 1 } },
      });
      await tx.session.updateMany({
        where: { userId: user.id, revokedAt: null, id: { not: session.id } },
        data: { revokedAt: now },
      });
      await tx.savedSession.deleteMany({ where: { userId: user.id } });
      await tx.oneTimeToken.updateMany({
        where: { userId: user.id, purpose: 'RESET_PASSWORD', usedAt: null },
        data: { usedAt: now },
      });
      await enqueueEmail(
        tx,
        emails.passwordChanged(updated.email, updated.username, this.d.contactEmail, updated.nativeLanguage),
        now,
      );
    });
    this.d.onEmailQueued?.();
    const found = await findAuthUserAndSession(this.d.db, user.id, session.id);
    if (!found?.session) throw new UnauthorizedError(ERROR_CODES.userNotFound, 'No user found');
    return userResponse(found.user, this.d.tokens, now, session);
  }

  /**
   * Sends the link to the new address (the links sent before are spent). For an address another account already
   * has, the answer is the same and that address is told it already has an account instead, so the answer says
   * nothing registration does not (docs/product.md, "Changing the password or the email address").
   */
  async changeEmail(user: TAuthUser, input: TChangeEmailRequest): Promise<void> {
    await this.admit(`change-email:user:${user.id}`, CHANGE_LIMITS.email);
    const row = await this.checkPassword(user, input.currentPassword);
    const newEmail = input.newEmail;
    if (key(newEmail) === key(row.email)) throw ValidationError.field('newEmail', SAME_EMAIL_MESSAGE);
    const taken = await this.d.db.user.findUnique({
      where: { emailKey: key(newEmail) },
      select: { nativeLanguage: true },
    });
    const now = this.now();
    await this.d.db.$transaction(async (tx) => {
      await this.spendChangeLinks(tx, user.id, now);
      if (taken) {
        await enqueueEmail(
          tx,
          emails.emailChangeTaken(newEmail, this.d.contactEmail, taken.nativeLanguage),
          now,
        );
        return;
      }
      const { token, hash } = newOneTimeToken();
      await tx.oneTimeToken.create({
        data: {
          userId: user.id,
          purpose: 'CHANGE_EMAIL',
          tokenHash: hash,
          newEmail,
          expiresAt: new Date(now.getTime() + CHANGE_EMAIL_TTL_SECONDS * 1000),
        },
      });
      const url = new URL('/confirm-email-change', this.d.publicUrl);
      url.searchParams.set('token', token);
      url.searchParams.set('userid', user.id);
      await enqueueEmail(
        tx,
        emails.emailChangeLink(newEmail, row.username, url.toString(), row.nativeLanguage),
        now,
      );
    });
    this.d.onEmailQueued?.();
  }

  private spendChangeLinks(tx: TTx, userId: string, now: Date) {
    return tx.oneTimeToken.updateMany({
      where: { userId, purpose: 'CHANGE_EMAIL', usedAt: null },
      data: { usedAt: now },
    });
  }

  /**
   * Uses a change link: the address changes (confirmed, as the link proves it), the other change links and the
   * links sent to the old address (confirmation, reset) are spent, and the old address gets a notice. Single use
   * under concurrent requests (the conditional update of used_at).
   */
  async confirmEmailChange(token: string, userId: string, ip: string): Promise<void> {
    await this.admit(`confirm-email-change:ip:${ip}`, CHANGE_LIMITS.confirm);
    if (!UUID.test(userId)) throw new BadRequestError(ERROR_CODES.invalidLink, INVALID_LINK);
    const now = this.now();
    const link = await this.d.db.oneTimeToken.findFirst({
      where: {
        tokenHash: hashToken(token),
        purpose: 'CHANGE_EMAIL',
        userId,
        usedAt: null,
        expiresAt: { gt: now },
      },
      select: { id: true, newEmail: true },
    });
    if (!link?.newEmail) throw new BadRequestError(ERROR_CODES.invalidLink, INVALID_LINK);
    const newEmail = link.newEmail;
    try {
      await this.d.db.$transaction(async (tx) => {
        const claimed = await tx.oneTimeToken.updateMany({
          where: { id: link.id, usedAt: null, expiresAt: { gt: now } },
          data: { usedAt: now },
        });
        if (claimed.count !== 1) throw new BadRequestError(ERROR_CODES.invalidLink, INVALID_LINK);
        const before = await tx.user.findUniqueOrThrow({
          where: { id: userId },
          select: { email: true, username: true, nativeLanguage: true },
        });
        await tx.user.update({
          where: { id: userId },
          data: { email: newEmail, emailKey: key(newEmail), emailConfirmed: true },
        });
        await tx.oneTimeToken.updateMany({
          where: {
            userId,
            usedAt: null,
            purpose: { in: ['CHANGE_EMAIL', 'CONFIRM_EMAIL', 'RESET_PASSWORD'] },
          },
          data: { usedAt: now },
        });
        await enqueueEmail(
          tx,
          emails.emailChanged(
            before.email,
            before.username,
            newEmail,
            this.d.contactEmail,
            before.nativeLanguage,
          ),
          now,
        );
      });
    } catch (e) {
      // another account took the address after the link was sent: nothing changed, the link stays unused
      if (isUniqueViolation(e)) throw new BadRequestError(ERROR_CODES.emailTaken, NEW_ADDRESS_TAKEN);
      throw e;
    }
    this.d.onEmailQueued?.();
  }
}

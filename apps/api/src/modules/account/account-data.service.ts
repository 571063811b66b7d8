import {
  ACCOUNT_EXPORT_FORMAT,
  ERROR_CODES,
  type TAccountExport,
  type TLearnerSettings,
} from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import type { TDb } from '../../lib/db';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../../lib/errors';
import type { TPasswordHasher } from '../auth/passwords';
import type { TAuthUser } from '../auth/user-record';
import { DEFAULT_SETTINGS } from '../learning/learning.service';
import { enqueueEmail } from '../mail/outbox';
import { emails } from '../mail/templates';
import type { TRateLimiter } from '../rate-limit/rate-limiter';

/** Data downloads per account an hour (docs/product.md, "Your data"). */
export const EXPORT_LIMIT = { max: 10, windowSeconds: 60 * 60 } as const;
/** Deletion attempts per account an hour: a wrong password counts, so a stolen token cannot guess for long. */
export const DELETE_LIMIT = { max: 5, windowSeconds: 60 * 60 } as const;
/**
 * Payment records of a deleted account are kept until the end of the fifth calendar year after the year of the
 * payment (Polish accounting and tax law: five years from the end of the financial year; docs/product.md,
 * "Deleting the account").
 */
export const PAYMENT_RECORD_YEARS = 5;

export const WRONG_PASSWORD = 'The password is not correct. Your account has not been deleted.';
export const TOO_MANY_EXPORTS = 'Too many downloads of your data. Please try again later.';
export const TOO_MANY_DELETIONS = 'Too many attempts. Please try again later.';

/** What the product does not keep, said in the export (docs/product.md, "Your data"). */
export const NOT_STORED = [
  'Your password: only a salted bcrypt hash of it, which is not part of this export.',
  'Texts you translate or check: sent to the translation provider or the dictionary and not kept with your account.',
  'Card numbers and bank details: Stripe holds them; we have only the references and amounts listed under billing.',
  'Server logs (address, time, page): kept apart from your account for a short time, never linked to it here.',
];

export interface TAccountDataDeps {
  db: TDb;
  hasher: TPasswordHasher;
  limiter: TRateLimiter;
  clock: TClock;
  contactEmail: string;
  onEmailQueued?: () => void;
  /** Work other modules must do first (cancel the subscription at Stripe); a failure stops the deletion. */
  beforeDeletion: (userId: string) => Promise<{ cancelledSubscriptions: number }>;
}

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The end of the retention period of a payment made at `paid`. */
export function keepPaymentRecordUntil(paid: Date): Date {
  return new Date(Date.UTC(paid.getUTCFullYear() + PAYMENT_RECORD_YEARS + 1, 0, 1));
}

/**
 * "Download my data" and "Delete my account" (issue 17 item 6; docs/product.md, "Your data" and "Deleting the
 * account").
 */
export class AccountDataService {
  constructor(private readonly d: TAccountDataDeps) {}

  private async admit(key: string, limit: { max: number; windowSeconds: number }, message: string) {
    const state = await this.d.limiter.consume(key, limit.windowSeconds, limit.max);
    if (!state.allowed) throw new TooManyRequestsError(message, this.d.limiter.secondsUntil(state));
  }

  /**
   * Everything the product holds about the learner, read in one repeatable-read transaction (a consistent picture
   * while they keep learning in another tab). Secrets are never selected: no password hash, no token or handle
   * hash, no email body (its links carry tokens).
   */
  async exportData(user: TAuthUser): Promise<TAccountExport> {
    await this.admit(`export:user:${user.id}`, EXPORT_LIMIT, TOO_MANY_EXPORTS);
    const userId = user.id;
    const now = this.d.clock.now();
    return this.d.db.$transaction(
      async (tx) => {
        const account = await tx.user.findUnique({
          where: { id: userId },
          select: {
            id: true,
            username: true,
            email: true,
            nativeLanguage: true,
            emailConfirmed: true,
            premiumUntil: true,
            premiumLifetime: true,
            createdAt: true,
            updatedAt: true,
            roles: { select: { role: { select: { name: true } } } },
          },
        });
        if (!account) throw new UnauthorizedError(ERROR_CODES.userNotFound, 'No user found');
        const byUser = { where: { userId } };
        const [
          sessions,
          links,
          redirects,
          customer,
          checkouts,
          payments,
          subscriptions,
          incidents,
          progress,
          settings,
          statuses,
          words,
          cards,
          logs,
          days,
          reminders,
          mail,
        ] = [
          await tx.session.findMany({ ...byUser, orderBy: { signedInAt: 'asc' } }),
          await tx.oneTimeToken.findMany({
            ...byUser,
            orderBy: { createdAt: 'asc' },
            select: { purpose: true, createdAt: true, expiresAt: true, usedAt: true },
          }),
          await tx.savedSession.findMany({
            ...byUser,
            orderBy: { createdAt: 'asc' },
            select: { createdAt: true, expiresAt: true, usedAt: true },
          }),
          await tx.paymentCustomer.findUnique(byUser),
          await tx.checkoutSession.findMany({ ...byUser, orderBy: { createdAt: 'asc' } }),
          await tx.payment.findMany({ ...byUser, orderBy: { createdAt: 'asc' } }),
          await tx.subscription.findMany({ ...byUser, orderBy: { createdAt: 'asc' } }),
          await tx.paymentIncident.findMany({ ...byUser, orderBy: { createdAt: 'asc' } }),
          await tx.lessonProgress.findMany({ ...byUser, orderBy: { completedAt: 'asc' } }),
          await tx.learnerSettings.findUnique(byUser),
          await tx.wordStatus.findMany({ ...byUser, orderBy: { lemma: 'asc' } }),
          await tx.savedWord.findMany({ ...byUser, orderBy: { createdAt: 'asc' } }),
          await tx.reviewCard.findMany({ ...byUser, orderBy: { createdAt: 'asc' } }),
          await tx.reviewLog.findMany({ ...byUser, orderBy: { review: 'asc' } }),
          await tx.activityDay.findMany({ ...byUser, orderBy: { day: 'asc' } }),
          await tx.reviewReminder.findMany({ ...byUser, orderBy: { day: 'asc' } }),
          await tx.emailOutbox.findMany({
            where: { to: { equals: account.email, mode: 'insensitive' } },
            orderBy: { createdAt: 'asc' },
            select: { kind: true, subject: true, status: true, createdAt: true, sentAt: true },
          }),
        ];
        const learnerSettings: Required<TLearnerSettings> = settings
          ? {
              timeZone: settings.timeZone,
              goalKind: settings.goalKind as TLearnerSettings['goalKind'],
              goalAmount: settings.goalAmount,
              newPerDay: settings.newPerDay,
              reviewsPerDay: settings.reviewsPerDay,
              reviewReminders: settings.reviewReminders,
            }
          : { ...DEFAULT_SETTINGS, reviewReminders: false };
        return {
          format: ACCOUNT_EXPORT_FORMAT,
          version: 1 as const,
          exportedAt: iso(now),
          account: {
            id: account.id,
            username: account.username,
            email: account.email,
            nativeLanguage: account.nativeLanguage,
            emailConfirmed: account.emailConfirmed,
            roles: account.roles.map((r) => r.role.name),
            premiumUntil: isoOrNull(account.premiumUntil),
            premiumLifetime: account.premiumLifetime,
            createdAt: iso(account.createdAt),
            updatedAt: iso(account.updatedAt),
          },
          sessions: sessions.map((s) => ({
            id: s.id,
            signedInAt: iso(s.signedInAt),
            endedAt: isoOrNull(s.revokedAt),
          })),
          emailLinks: links.map((l) => ({
            purpose: l.purpose,
            createdAt: iso(l.createdAt),
            expiresAt: iso(l.expiresAt),
            usedAt: isoOrNull(l.usedAt),
          })),
          paymentRedirects: redirects.map((r) => ({
            createdAt: iso(r.createdAt),
            expiresAt: iso(r.expiresAt),
            usedAt: isoOrNull(r.usedAt),
          })),
          billing: {
            stripeCustomerId: customer?.stripeCustomerId ?? null,
            checkouts: checkouts.map((c) => ({
              stripeSessionId: c.stripeSessionId,
              mode: c.mode,
              plan: c.plan,
              currency: c.currency,
              amount: c.amount,
              status: c.status,
              createdAt: iso(c.createdAt),
              fulfilledAt: isoOrNull(c.fulfilledAt),
            })),
            payments: payments.map((p) => ({
              stripeSessionId: p.stripeSessionId,
              stripePaymentIntentId: p.stripePaymentIntentId,
              plan: p.plan,
              currency: p.currency,
              amount: p.amount,
              amountRefunded: p.amountRefunded,
              status: p.status,
              paidAt: isoOrNull(p.paidAt),
              accessUntil: isoOrNull(p.accessUntil),
              endedAt: isoOrNull(p.endedAt),
              createdAt: iso(p.createdAt),
            })),
            subscriptions: subscriptions.map((s) => ({
              stripeSubscriptionId: s.stripeSubscriptionId,
              status: s.status,
              plan: s.plan,
              currency: s.currency,
              currentPeriodStart: isoOrNull(s.currentPeriodStart),
              currentPeriodEnd: isoOrNull(s.currentPeriodEnd),
              cancelAtPeriodEnd: s.cancelAtPeriodEnd,
              startedAt: isoOrNull(s.startedAt),
              createdAt: iso(s.createdAt),
            })),
            incidents: incidents.map((i) => ({
              kind: i.kind,
              outcome: i.outcome,
              detail: i.detail,
              amount: i.amount,
              amountRefunded: i.amountRefunded,
              currency: i.currency,
              createdAt: iso(i.createdAt),
            })),
          },
          lessonsCompleted: progress.map((p) => ({
            hub: p.hub,
            slug: p.slug,
            completedAt: iso(p.completedAt),
          })),
          learning: {
            settings: learnerSettings,
            wordStatuses: statuses.map((s) => ({
              lemma: s.lemma,
              status: s.status,
              stage: s.stage,
              updatedAt: iso(s.updatedAt),
            })),
            savedWords: words.map((w) => ({
              id: w.id,
              lemma: w.lemma,
              pos: w.pos,
              form: w.form,
              sentence: w.sentence,
              translation: w.translation,
              meaning: w.meaning,
              hub: w.hub,
              slug: w.slug,
              paragraph: w.paragraph,
              sentenceIndex: w.sentenceIndex,
              token: w.token,
              createdAt: iso(w.createdAt),
            })),
            reviewCards: cards.map((c) => ({
              id: c.id,
              savedWordId: c.savedWordId,
              due: iso(c.due),
              stability: c.stability,
              difficulty: c.difficulty,
              elapsedDays: c.elapsedDays,
              scheduledDays: c.scheduledDays,
              learningSteps: c.learningSteps,
              reps: c.reps,
              lapses: c.lapses,
              state: c.state,
              lastReview: isoOrNull(c.lastReview),
              createdAt: iso(c.createdAt),
            })),
            reviewLogs: logs.map((l) => ({
              id: l.id,
              cardId: l.cardId,
              rating: l.rating,
              cardType: l.cardType,
              state: l.state,
              day: day(l.day),
              seconds: l.seconds,
              review: iso(l.review),
            })),
            activityDays: days.map((a) => ({
              day: day(a.day),
              lessons: a.lessons,
              reviews: a.reviews,
              newCards: a.newCards,
              items: a.items,
              seconds: a.seconds,
              freezeUsed: a.freezeUsed,
            })),
            reviewReminders: reminders.map((r) => ({ day: day(r.day), queuedAt: iso(r.queuedAt) })),
          },
          emails: mail.map((m) => ({
            kind: m.kind,
            subject: m.subject,
            status: m.status,
            createdAt: iso(m.createdAt),
            sentAt: isoOrNull(m.sentAt),
          })),
          notStored: NOT_STORED,
        };
      },
      { isolationLevel: 'RepeatableRead' },
    );
  }

  /**
   * Deletes the account (docs/product.md, "Deleting the account"). The password first (a wrong one changes
   * nothing), then the other modules' work outside the database (the subscription cancelled at Stripe), then one
   * transaction: the payment records copied without the account, the emails to the address deleted, the user row
   * deleted (every table of the learner follows by ON DELETE CASCADE, sessions and tokens included, so every token
   * is refused from the commit on, by every process), and the confirmation email queued.
   */
  async deleteAccount(user: TAuthUser, password: string): Promise<void> {
    await this.admit(`delete-account:user:${user.id}`, DELETE_LIMIT, TOO_MANY_DELETIONS);
    const row = await this.d.db.user.findUnique({
      where: { id: user.id },
      select: { passwordHash: true },
    });
    if (!row) throw new UnauthorizedError(ERROR_CODES.userNotFound, 'No user found');
    if (!(await this.d.hasher.verify(password, row.passwordHash))) {
      throw new ForbiddenError(ERROR_CODES.wrongPassword, WRONG_PASSWORD);
    }
    const { cancelledSubscriptions } = await this.d.beforeDeletion(user.id);
    const now = this.d.clock.now();
    const deleted = await this.d.db.$transaction(async (tx) => {
      // the same lock as the payments module takes for this user: a webhook applied now waits, or went first
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`premium:${user.id}`}))`;
      const locked = await tx.$queryRaw<{ email: string; username: string; lang: string }[]>`
        SELECT email, username, native_language AS lang FROM users WHERE id = ${user.id}::uuid FOR UPDATE`;
      if (locked.length === 0) return null;
      const [customer, payments, subscriptions] = await Promise.all([
        tx.paymentCustomer.findUnique({ where: { userId: user.id } }),
        tx.payment.findMany({ where: { userId: user.id } }),
        tx.subscription.findMany({ where: { userId: user.id } }),
      ]);
      const stripeCustomerId = customer?.stripeCustomerId ?? null;
      await tx.retainedPayment.createMany({
        data: [
          ...payments.map((p) => ({
            id: p.id,
            kind: 'payment',
            stripeCustomerId,
            stripeSessionId: p.stripeSessionId,
            stripePaymentIntentId: p.stripePaymentIntentId,
            plan: p.plan,
            currency: p.currency,
            amount: p.amount,
            amountRefunded: p.amountRefunded,
            status: p.status,
            paidAt: p.paidAt,
            periodEnd: p.accessUntil,
            recordedAt: p.createdAt,
            accountDeletedAt: now,
            keepUntil: keepPaymentRecordUntil(p.paidAt ?? p.createdAt),
          })),
          ...subscriptions.map((s) => ({
            id: s.id,
            kind: 'subscription',
            stripeCustomerId,
            stripeSubscriptionId: s.stripeSubscriptionId,
            plan: s.plan,
            currency: s.currency,
            status: s.status,
            paidAt: s.startedAt,
            periodEnd: s.currentPeriodEnd,
            recordedAt: s.createdAt,
            accountDeletedAt: now,
            // its invoices run to the last period: kept from the end of that period
            keepUntil: keepPaymentRecordUntil(s.currentPeriodEnd ?? now),
          })),
        ],
        skipDuplicates: true,
      });
      const { email, username, lang } = locked[0];
      await tx.emailOutbox.deleteMany({ where: { to: { equals: email, mode: 'insensitive' } } });
      await tx.user.delete({ where: { id: user.id } });
      await enqueueEmail(
        tx,
        emails.accountDeleted(
          email,
          username,
          this.d.contactEmail,
          {
            paymentRecords: payments.length + subscriptions.length > 0,
            cancelledSubscription: cancelledSubscriptions > 0,
          },
          lang,
        ),
        now,
      );
      return email;
    });
    if (!deleted) throw new UnauthorizedError(ERROR_CODES.userNotFound, 'No user found');
    this.d.onEmailQueued?.();
  }
}

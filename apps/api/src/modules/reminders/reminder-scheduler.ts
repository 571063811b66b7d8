import type { TClock } from '../../lib/clock';
import type { TDb } from '../../lib/db';
import type { TLogger } from '../../lib/logger';
import { dayOf } from '../learning/days';
import { enqueueEmail } from '../mail/outbox';
import { emails } from '../mail/templates';
import type { UnsubscribeLinks } from './unsubscribe-links';

/**
 * When reminders go out (docs/product.md, "Review reminders"): from 09:00 to before 21:00 of the learner's time
 * zone, at most one per day of that time zone, and never two within `minGapHours` (a learner who moves their time
 * zone east does not get a second one the same evening).
 */
export const REMINDER_RULES = {
  fromHour: 9,
  toHour: 21,
  minGapHours: 20,
  /** every process looks this often; a learner is reminded within this long of 09:00 */
  pollMs: 10 * 60_000,
  /** candidates read per query (keyset pages) */
  page: 500,
  /** review_reminders rows older than this are deleted (only today's and yesterday's matter) */
  keepDays: 7,
} as const;

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** The hour (0-23) of `instant` in `timeZone`. */
export function hourOf(instant: Date, timeZone: string): number {
  let f = hourFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    hourFormatters.set(timeZone, f);
  }
  return Number(f.formatToParts(instant).find((p) => p.type === 'hour')?.value ?? 0);
}

interface TCandidate {
  user_id: string;
  email: string;
  username: string;
  /** The learner's native language: the email's (docs/i18n.md, "Emails"). */
  lang: string;
  time_zone: string;
  due: number;
}

export interface TReminderSchedulerDeps {
  db: TDb;
  clock: TClock;
  logger: TLogger;
  links: UnsubscribeLinks;
  publicUrl: string;
  onEmailQueued?: () => void;
  pollMs?: number;
}

/**
 * Queues "your reviews are due" emails through the outbox. Every API process runs one; they share nothing but the
 * database: a reminder is queued in the same transaction as its `review_reminders` row, whose primary key (learner,
 * day) lets only one insert win, so two processes (or two runs) never queue two for the same learner-day. Nothing is
 * kept in memory between runs.
 */
export class ReminderScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = true;

  constructor(private readonly d: TReminderSchedulerDeps) {}

  start(): void {
    this.stopped = false;
    this.schedule(30_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private schedule(ms: number): void {
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .catch((err) => this.d.logger.warn({ err }, 'review reminders: run failed'))
        .finally(() => {
          if (!this.stopped) this.schedule(this.d.pollMs ?? REMINDER_RULES.pollMs);
        });
    }, ms);
    this.timer.unref?.();
  }

  /** One pass over the learners who opted in and have cards due: returns how many reminders it queued. */
  async runOnce(): Promise<number> {
    const now = this.d.clock.now();
    const since = new Date(now.getTime() - REMINDER_RULES.minGapHours * 3600_000);
    let queued = 0;
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const page = await this.d.db.$queryRaw<TCandidate[]>`
        SELECT u.id AS user_id, u.email, u.username, u.native_language AS lang, s.time_zone,
               (SELECT count(*)::int FROM review_cards c WHERE c.user_id = s.user_id AND c.due <= ${now}) AS due
        FROM learner_settings s JOIN users u ON u.id = s.user_id
        WHERE s.review_reminders AND u.email_confirmed AND s.user_id > ${after}::uuid
          AND EXISTS (SELECT 1 FROM review_cards c WHERE c.user_id = s.user_id AND c.due <= ${now})
          AND NOT EXISTS (SELECT 1 FROM review_reminders r WHERE r.user_id = s.user_id AND r.queued_at > ${since})
        ORDER BY s.user_id
        LIMIT ${REMINDER_RULES.page}`;
      for (const c of page) {
        if (await this.remind(c, now)) queued += 1;
      }
      if (page.length < REMINDER_RULES.page) break;
      after = page[page.length - 1].user_id;
    }
    await this.sweep(now);
    if (queued) this.d.onEmailQueued?.();
    return queued;
  }

  /** Queues one learner's reminder if it is the time of day for it and no process has queued today's. */
  private async remind(c: TCandidate, now: Date): Promise<boolean> {
    const hour = hourOf(now, c.time_zone);
    if (hour < REMINDER_RULES.fromHour || hour >= REMINDER_RULES.toHour) return false;
    const day = dayOf(now, c.time_zone);
    return this.d.db.$transaction(async (tx) => {
      // the row and the email commit together; a concurrent insert of the same learner-day waits here, then finds
      // the row and inserts nothing
      const inserted = await tx.$executeRaw`
        INSERT INTO review_reminders (user_id, day, queued_at)
        SELECT ${c.user_id}::uuid, ${day}::date, ${now}
        WHERE EXISTS (SELECT 1 FROM learner_settings WHERE user_id = ${c.user_id}::uuid AND review_reminders)
        ON CONFLICT (user_id, day) DO NOTHING`;
      if (inserted !== 1) return false;
      await enqueueEmail(
        tx,
        emails.reviewReminder(
          c.email,
          c.username,
          Number(c.due),
          new URL('/review', this.d.publicUrl).toString(),
          this.d.links.url(c.user_id),
          c.lang,
        ),
        now,
      );
      return true;
    });
  }

  /**
   * Deletes what is no longer needed: reminder rows older than a week, payment records of deleted accounts past
   * their retention, and the account-deleted emails once sent (they hold the address of an account that is gone).
   */
  private async sweep(now: Date): Promise<void> {
    const db = this.d.db;
    await db.reviewReminder.deleteMany({
      where: { queuedAt: { lt: new Date(now.getTime() - REMINDER_RULES.keepDays * 86_400_000) } },
    });
    await db.retainedPayment.deleteMany({ where: { keepUntil: { lte: now } } });
    await db.emailOutbox.deleteMany({
      where: { kind: 'account-deleted', status: { in: ['SENT', 'FAILED'] } },
    });
  }
}

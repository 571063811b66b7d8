import type { TLessonFile } from '@polski/contracts';
import type { Prisma } from '../../generated/prisma/client';
import type { TClock } from '../../lib/clock';
import type { TDb } from '../../lib/db';
import { dayDate, dayOf, dayString, freezableGap, type TDayRow } from './days';

/** A client or a transaction: activity is written inside the answer's transaction. */
export type TDbClient = TDb | Prisma.TransactionClient;

export const DEFAULT_TIME_ZONE = 'UTC';

/** What one event adds to (or, negative, takes off) a learner-day. */
export interface TActivityDelta {
  lessons?: number;
  reviews?: number;
  newCards?: number;
  items?: number;
  seconds?: number;
}

/** The learner's time zone (UTC until they choose one). */
export async function timeZoneOf(db: TDbClient, userId: string): Promise<string> {
  const s = await db.learnerSettings.findUnique({ where: { userId }, select: { timeZone: true } });
  return s?.timeZone ?? DEFAULT_TIME_ZONE;
}

export async function dayRows(db: TDbClient, userId: string): Promise<TDayRow[]> {
  const rows = await db.activityDay.findMany({
    where: { userId },
    orderBy: { day: 'desc' },
    select: { day: true, lessons: true, reviews: true, freezeUsed: true },
  });
  return rows.map((r) => ({
    day: dayString(r.day),
    active: r.lessons > 0 || r.reviews > 0,
    freeze: r.freezeUsed,
  }));
}

/**
 * Counts what learners do per day of their time zone (docs/product.md, "Streak and freeze"). The first activity of
 * a day after missed days spends the freezes that cover them (one per ISO week), recorded as frozen days.
 */
export class ActivityRecorder {
  constructor(private readonly deps: { db: TDb; clock: TClock }) {}

  /** Adds `delta` to the learner's day of `at` (today by default) in their time zone; returns that day. */
  async record(
    userId: string,
    delta: TActivityDelta,
    options: { db?: TDbClient; day?: string } = {},
  ): Promise<string> {
    const db = options.db ?? this.deps.db;
    const day = options.day ?? dayOf(this.deps.clock.now(), await timeZoneOf(db, userId));
    const d = {
      lessons: delta.lessons ?? 0,
      reviews: delta.reviews ?? 0,
      newCards: delta.newCards ?? 0,
      items: delta.items ?? 0,
      seconds: delta.seconds ?? 0,
    };
    // one statement, so two requests of the same learner at once both count (never below zero on an undo);
    // `xmax = 0` is true for a row this statement inserted: the learner's first activity of the day
    const [row] = await db.$queryRaw<{ inserted: boolean }[]>`
      INSERT INTO "activity_days" ("user_id", "day", "lessons", "reviews", "new_cards", "items", "seconds")
      VALUES (${userId}::uuid, ${day}::date, GREATEST(${d.lessons}, 0), GREATEST(${d.reviews}, 0),
              GREATEST(${d.newCards}, 0), GREATEST(${d.items}, 0), GREATEST(${d.seconds}, 0))
      ON CONFLICT ("user_id", "day") DO UPDATE SET
        "lessons" = GREATEST("activity_days"."lessons" + ${d.lessons}, 0),
        "reviews" = GREATEST("activity_days"."reviews" + ${d.reviews}, 0),
        "new_cards" = GREATEST("activity_days"."new_cards" + ${d.newCards}, 0),
        "items" = GREATEST("activity_days"."items" + ${d.items}, 0),
        "seconds" = GREATEST("activity_days"."seconds" + ${d.seconds}, 0)
      RETURNING (xmax = 0) AS "inserted"`;
    if (row?.inserted && (d.lessons > 0 || d.reviews > 0)) {
      const gap = freezableGap(await dayRows(db, userId), day);
      if (gap.length)
        await db.activityDay.createMany({
          data: gap.map((g) => ({ userId, day: dayDate(g), freezeUsed: true })),
          skipDuplicates: true,
        });
    }
    return day;
  }

  /** A lesson completed for the first time: a lesson, an item and its reading minutes. */
  async lessonCompleted(userId: string, lesson: TLessonFile): Promise<void> {
    await this.record(userId, { lessons: 1, items: 1, seconds: lesson.readingMinutes * 60 });
  }
}

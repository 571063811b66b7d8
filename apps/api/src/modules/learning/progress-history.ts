import {
  API_CONTRACT,
  API_PREFIX,
  DUE_FORECAST_DAYS,
  HISTORY_WEEKS,
  type TProgressHistoryResponse,
} from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import type { TDb } from '../../lib/db';
import { contractRouter } from '../../middleware/contract-router';
import { timeZoneOf } from './activity';
import { addDays, dayDate, dayOf, dayString } from './days';

/**
 * The time zone as PostgreSQL should read it: Intl's canonical name for what the settings hold (Intl checked it;
 * "CET" is Europe/Brussels there), so the database's days are the ones dayOf() gives. PostgreSQL knows every name
 * of Intl.supportedValuesOf('timeZone').
 */
function canonicalTimeZone(timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
}

/** The Monday of a day's ISO week. */
function mondayOf(day: string): string {
  return addDays(day, -((dayDate(day).getUTCDay() + 6) % 7));
}

/**
 * The progress page's history (docs/product.md, "Progress page"; docs/api.md, "Learning"). Three queries, each on
 * one learner's slice of an index: word_statuses by its primary key (user_id, lemma), review_cards by
 * (user_id, due) up to the end of the forecast, activity_days by its primary key (user_id, day) from the window's
 * first day. Days are grouped by PostgreSQL in the learner's time zone.
 */
export class ProgressHistory {
  constructor(private readonly deps: { db: TDb; clock: TClock }) {}

  async history(userId: string): Promise<TProgressHistoryResponse> {
    const db = this.deps.db;
    const now = this.deps.clock.now();
    const tz = canonicalTimeZone(await timeZoneOf(db, userId));
    const today = dayOf(now, tz);
    const from = addDays(mondayOf(today), -7 * (HISTORY_WEEKS - 1));
    const forecastEnd = addDays(today, DUE_FORECAST_DAYS);

    const [known, due, days] = await Promise.all([
      // a known lemma counts from the day it last became known (its row's updated_at; docs/product.md)
      db.$queryRaw<{ day: Date; n: number }[]>`
        SELECT ("updated_at" AT TIME ZONE ${tz})::date AS "day", count(*)::int AS "n"
        FROM "word_statuses"
        WHERE "user_id" = ${userId}::uuid AND "status" = 'known'
        GROUP BY 1`,
      // cards due before the forecast's last day ends; those overdue are due today
      db.$queryRaw<{ day: Date; n: number }[]>`
        SELECT GREATEST(("due" AT TIME ZONE ${tz})::date, ${today}::date) AS "day", count(*)::int AS "n"
        FROM "review_cards"
        WHERE "user_id" = ${userId}::uuid AND "due" < (${forecastEnd}::date::timestamp AT TIME ZONE ${tz})
        GROUP BY 1`,
      db.activityDay.findMany({
        where: { userId, day: { gte: dayDate(from) } },
        orderBy: { day: 'asc' },
      }),
    ]);

    // known words per day: those known before the window, then the day's additions (a stamp after today, from a
    // clock running behind the database's, counts today: the last point is the summary's wordsKnown)
    const added = new Map<string, number>();
    let before = 0;
    for (const k of known) {
      const day = dayString(k.day);
      if (day < from) before += k.n;
      else {
        const at = day > today ? today : day;
        added.set(at, (added.get(at) ?? 0) + k.n);
      }
    }
    const knownWords: TProgressHistoryResponse['knownWords'] = [];
    let total = before;
    for (let d = from; d <= today; d = addDays(d, 1)) {
      total += added.get(d) ?? 0;
      knownWords.push({ day: d, known: total });
    }

    const dueByDay = new Map(due.map((r) => [dayString(r.day), r.n]));
    const forecast: TProgressHistoryResponse['due'] = [];
    for (let i = 0; i < DUE_FORECAST_DAYS; i++) {
      const day = addDays(today, i);
      forecast.push({ day, count: dueByDay.get(day) ?? 0 });
    }

    const activity = days
      .filter((r) => r.freezeUsed || r.lessons > 0 || r.reviews > 0 || r.items > 0 || r.seconds > 0)
      .map((r) => ({
        day: dayString(r.day),
        lessons: r.lessons,
        reviews: r.reviews,
        items: r.items,
        minutes: Math.floor(r.seconds / 60),
        frozen: r.freezeUsed,
      }))
      .filter((r) => r.day <= today);

    return { today, from, knownWords, due: forecast, activity };
  }
}

/** GET /api/learning/progress/history (libs/contracts learning.contract.ts): the learner's own history. */
export function progressHistoryRouter(
  history: ProgressHistory,
  options: { clock: TClock; checkAnswers?: boolean },
) {
  const r = contractRouter({ mountedAt: API_PREFIX, ...options });
  r.add(API_CONTRACT.learning.progressHistory, async (req, res) => {
    res.reply(200, await history.history(req.user.id));
  });
  return r;
}

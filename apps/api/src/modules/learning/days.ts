/**
 * Learner days: calendar dates (YYYY-MM-DD) in the learner's time zone, and the streak over them
 * (docs/product.md, "Streak and freeze").
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The date of `instant` in `timeZone` (an IANA name the settings checked with Intl), as YYYY-MM-DD. */
export function dayOf(instant: Date, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const DAY_MS = 24 * 3600 * 1000;

/** A day as the Date Prisma writes to a DATE column (midnight UTC of that date). */
export function dayDate(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function dayString(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return dayString(new Date(dayDate(day).getTime() + n * DAY_MS));
}

/** The ISO 8601 week of a day ("2026-W09"): weeks start on Monday; week 1 holds the year's first Thursday. */
export function isoWeek(day: string): string {
  const d = dayDate(day);
  const thursday = new Date(d.getTime() + (3 - ((d.getUTCDay() + 6) % 7)) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

export interface TDayRow {
  day: string;
  /** a lesson completed or a review answered that day */
  active: boolean;
  /** the day was missed and the week's freeze kept the streak */
  freeze: boolean;
}

/**
 * The missed days between the learner's last recorded day and `today` that freezes can cover: each in an ISO week
 * of its own whose freeze is unused. Empty when there is no gap, or when one missed day cannot be covered (then
 * the streak is broken and nothing is spent).
 */
export function freezableGap(rows: readonly TDayRow[], today: string): string[] {
  const recorded = rows.filter((r) => r.day < today && (r.active || r.freeze));
  if (recorded.length === 0) return [];
  const last = recorded.reduce((a, b) => (a.day > b.day ? a : b)).day;
  const used = new Set(recorded.filter((r) => r.freeze).map((r) => isoWeek(r.day)));
  const gap: string[] = [];
  for (let d = addDays(last, 1); d < today; d = addDays(d, 1)) {
    const week = isoWeek(d);
    if (used.has(week)) return [];
    used.add(week);
    gap.push(d);
  }
  return gap;
}

export interface TStreak {
  days: number;
  activeToday: boolean;
  freezeAvailable: boolean;
}

/**
 * The streak on `today`: the active days counted back from today (or from yesterday while today has no activity
 * yet) through days with activity or a freeze. Missed days since the last recorded one that a freeze would cover
 * when the learner comes back (freezableGap) do not break it yet. Frozen days keep the streak without adding to it.
 */
export function streakOn(rows: readonly TDayRow[], today: string): TStreak {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const activeToday = byDay.get(today)?.active === true;
  const pending = new Set(freezableGap(rows, today));
  let days = activeToday ? 1 : 0;
  for (let d = addDays(today, -1); ; d = addDays(d, -1)) {
    const r = byDay.get(d);
    if (r?.active) days++;
    else if (!r?.freeze && !pending.has(d)) break;
  }
  const thisWeek = isoWeek(today);
  const spent =
    rows.some((r) => r.freeze && isoWeek(r.day) === thisWeek) ||
    [...pending].some((d) => isoWeek(d) === thisWeek);
  return { days, activeToday, freezeAvailable: !spent };
}

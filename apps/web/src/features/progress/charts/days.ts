/** Learner days (YYYY-MM-DD, already in the learner's time zone) as the progress page writes them. */

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const LONG = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Mar 2" */
export const shortDay = (day: string) => SHORT.format(asDate(day));
/** "March 2, 2026" */
export const longDay = (day: string) => LONG.format(asDate(day));
/** "Monday, March 2, 2026" */
export const fullDay = (day: string) => `${WEEKDAY.format(asDate(day))}, ${LONG.format(asDate(day))}`;

export function addDays(day: string, n: number): string {
  return new Date(asDate(day).getTime() + n * 86_400_000).toISOString().slice(0, 10);
}

/** 0 for Monday ... 6 for Sunday. */
export function weekdayIndex(day: string): number {
  return (asDate(day).getUTCDay() + 6) % 7;
}

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

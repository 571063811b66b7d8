/** Learner days (YYYY-MM-DD, already in the learner's time zone) as the progress page writes them. */

// the charts' dates in the interface's language (English the American way, as the charts always showed them)
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, f);
  }
  return f;
}

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Mar 2" ("2. März" in German) */
export const shortDay = (day: string, locale = 'en') =>
  formatter(locale, { month: 'short', day: 'numeric' }).format(asDate(day));
/** "March 2, 2026" ("2. März 2026") */
export const longDay = (day: string, locale = 'en') =>
  formatter(locale, { dateStyle: 'long' }).format(asDate(day));
/** "Monday, March 2, 2026" ("Montag, 2. März 2026") */
export const fullDay = (day: string, locale = 'en') =>
  formatter(locale, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(asDate(day));
/** The month's short name ("Mar", "März") */
export const monthName = (day: string, locale = 'en') =>
  formatter(locale, { month: 'short' }).format(asDate(day));
/** A weekday's short name, 0 for Monday ("Mon", "Mo") */
export const weekdayName = (index: number, locale = 'en') =>
  formatter(locale, { weekday: 'short' }).format(asDate(addDays('2024-01-01', index)));

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

/** The units a due date is told in, with the limit (in minutes) under which each is used. */
type TUnit = 'minute' | 'hour' | 'day' | 'month' | 'year';

/** How far a due date is, as a number of one unit: 1-59 minutes, hours under a day, days under a month, … */
function distance(due: string | Date, now: Date): [number, TUnit] {
  const minutes = (new Date(due).getTime() - now.getTime()) / 60_000;
  if (minutes < 60) return [Math.max(1, Math.round(minutes)), 'minute'];
  const hours = minutes / 60;
  if (hours < 23.5) return [Math.round(hours), 'hour'];
  const days = Math.round(hours / 24);
  if (days < 31) return [days, 'day'];
  if (days < 365) return [Math.round(days / 30.4), 'month'];
  return [Math.round((days / 365) * 10) / 10, 'year'];
}

/**
 * "1 min", "10 min", "5 hr", "1 day", "3 days", "2 mths", "1.5 yrs" (English; "10 Min.", "3 Tg." in German): how
 * far a due date is, for the grade buttons, in the interface's language (`Intl.NumberFormat`'s short units).
 */
export function intervalLabel(due: string | Date, now: Date = new Date(), locale = 'en'): string {
  const [n, unit] = distance(due, now);
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(n);
}

/** The same in words, for screen readers and messages: "in 10 minutes", "in 3 days" ("in 3 Tagen", "через 3 дні"). */
export function intervalWords(due: string | Date, now: Date = new Date(), locale = 'en'): string {
  const [n, unit] = distance(due, now);
  return new Intl.RelativeTimeFormat(locale, { numeric: 'always' }).format(n, unit);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * '2025-07-15' as 'July 15, 2025' ('15. Juli 2025' in German), the same everywhere (the date has no time zone).
 * English keeps the American order the podcast always used.
 */
export function formatDate(isoDate: string, locale = 'en'): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  let f = dateFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, { dateStyle: 'long', timeZone: 'UTC' });
    dateFormats.set(locale, f);
  }
  return f.format(d);
}

/** 1080 as '18 min' (and '1 hr, 5 min' past an hour; '18 Min.' in German): Intl's short units. */
export function formatDuration(seconds: number, locale = 'en'): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const unit = (n: number, u: 'hour' | 'minute') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'short' }).format(n);
  if (minutes < 60) return unit(minutes, 'minute');
  return new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format([
    unit(Math.floor(minutes / 60), 'hour'),
    unit(minutes % 60, 'minute'),
  ]);
}

/** 135,400 ms as '2:15' (and '1:02:05' past an hour): where a chapter starts. */
export function formatClock(ms: number): string {
  const total = Math.floor(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return h ? `${h}:${two(m)}:${two(total % 60)}` : `${m}:${two(total % 60)}`;
}

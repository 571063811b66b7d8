import { formatDate as formatIn } from '../../../lib/i18n/format';

/**
 * '2025-07-15' as 'July 15, 2025' in English, '15. Juli 2025' in German: the same day everywhere (the date has no
 * time zone), written for the interface language (docs/i18n.md, "Dates, numbers and prices").
 */
export function formatDate(isoDate: string, locale = 'en'): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? isoDate : formatIn(d, locale, { dateStyle: 'long', timeZone: 'UTC' });
}

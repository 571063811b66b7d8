/**
 * The locale `Intl` formats dates and numbers with for an interface language: English is shown the British way
 * (day before month, a 24-hour clock), as the product always did; the others as their own (docs/i18n.md).
 */
export function intlLocale(locale: string): string {
  return locale === 'en' ? 'en-GB' : locale;
}

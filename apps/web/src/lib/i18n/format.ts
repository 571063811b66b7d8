/**
 * Dates and numbers in the interface language (docs/i18n.md, "Dates, numbers and prices"): `Intl` with the
 * active locale (`useT().locale`); English keeps the spec's en-US forms ("November 22, 2027").
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The Intl locale of an interface locale: en-US for English (the spec's dates), the language itself otherwise. */
export function intlLocale(locale: string): string {
  return locale === 'en' ? 'en-US' : locale;
}

export function formatDate(
  date: Date | string | number,
  locale: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'long' },
): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale), options);
    dateFormats.set(key, format);
  }
  return format.format(date instanceof Date ? date : new Date(date));
}

/**
 * A language's name in the interface language: English keeps the product's names (`NATIVE_LANGUAGES`); another
 * language the name Intl gives it there ("Deutsch" → "Німецька" in Ukrainian), the English name where Intl has none.
 */
export function languageLabel(code: string, englishName: string, locale: string): string {
  if (locale === 'en') return englishName;
  try {
    const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code);
    return name && name !== code ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : englishName;
  } catch {
    return englishName;
  }
}

import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import ar from './locales/ar.json';
import bg from './locales/bg.json';
import cs from './locales/cs.json';
import da from './locales/da.json';
import de from './locales/de.json';
import el from './locales/el.json';
import en from './locales/en.json';
import es from './locales/es.json';
import et from './locales/et.json';
import fi from './locales/fi.json';
import fr from './locales/fr.json';
import hu from './locales/hu.json';
import id from './locales/id.json';
import it from './locales/it.json';
import ja from './locales/ja.json';
import ko from './locales/ko.json';
import lt from './locales/lt.json';
import lv from './locales/lv.json';
import nb from './locales/nb.json';
import nl from './locales/nl.json';
import pt from './locales/pt.json';
import ro from './locales/ro.json';
import ru from './locales/ru.json';
import sk from './locales/sk.json';
import sl from './locales/sl.json';
import sv from './locales/sv.json';
import tr from './locales/tr.json';
import uk from './locales/uk.json';
import zh from './locales/zh.json';

/**
 * The emails' texts in the recipient's native language (docs/i18n.md, "Emails"): one catalogue per language in
 * `locales/`, `{ "key": "ICU message" }` as the web app's, English the source; a language without a catalogue, or a
 * key a catalogue lacks, is English. The catalogues pass the same gates as the web app's
 * (tools/i18n-catalogues.spec.mjs).
 */
export const MAIL_CATALOGUES: Readonly<Record<string, Record<string, string>>> = {
  en,
  ar,
  bg,
  cs,
  da,
  de,
  el,
  es,
  et,
  fi,
  fr,
  hu,
  id,
  it,
  ja,
  ko,
  lt,
  lv,
  nb,
  nl,
  pt,
  ro,
  ru,
  sk,
  sl,
  sv,
  tr,
  uk,
  zh,
};

export type TMailKey = keyof typeof en;
export type TMailTranslate = (key: TMailKey, values?: Record<string, string | number>) => string;

const instances = new Map<string, I18n>();

/** The language an email is written in for a recipient whose native language is `lang`. */
export function mailLanguage(lang: string | null | undefined): string {
  return lang && Object.hasOwn(MAIL_CATALOGUES, lang) ? lang : 'en';
}

export function mailTranslator(lang: string | null | undefined): TMailTranslate {
  const locale = mailLanguage(lang);
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: { ...en, ...MAIL_CATALOGUES[locale] } } });
    // the server compiles the ICU messages itself (a few per email)
    i18n.setMessagesCompiler(compileMessage);
    instances.set(locale, i18n);
  }
  const active = i18n;
  return (key, values) => active._(key, values);
}

/**
 * A date in an email, in the recipient's language: a long date ("November 22, 2027" in English, "22. November
 * 2027" in German), in UTC as the server knows no time zone of the recipient's.
 */
export function mailDate(date: Date, lang: string | null | undefined): string {
  const locale = mailLanguage(lang);
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}

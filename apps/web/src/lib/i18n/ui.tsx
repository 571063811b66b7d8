// The interface texts' helpers for the parts of pages that load after the shell (docs/i18n.md): one module, so that
// they make one small chunk beside the pages' code (each chunk's name is listed in the home route's first download).
import { use } from 'react';
import { VOICE_PROVIDERS, type TMedia } from '@polski/contracts';
import { ensureCatalogue, i18n, type TMessageKey, type TMessageValues, type TTranslate } from './i18n';

export { rich } from './rich';

/**
 * The locale `Intl` formats dates and numbers with for an interface language: English is shown the British way
 * (day before month, a 24-hour clock), as the product always did; the others as their own (docs/i18n.md).
 */
export function intlLocale(locale: string): string {
  return locale === 'en' ? 'en-GB' : locale;
}

type TTrackedPromise = Promise<void> & { status?: 'fulfilled'; value?: undefined };
const ready = new Map<string, TTrackedPromise>();

/**
 * Suspends a lazily loaded part of a page until the active language's whole catalogue is there (docs/i18n.md, "How
 * the catalogues reach the browser"): for the parts that load after the first paint without the router's
 * `withCatalogue` (the navbar's progress, the home page's sections and "continue"). Only lazily loaded modules import
 * this file, so the home route's first download does not grow; once the catalogue is in, nothing suspends.
 */
export function useCatalogue(): void {
  const locale = i18n.locale;
  // the whole catalogue is there when the messages hold more than the shell's (then nothing suspends)
  if (Object.keys(i18n.messages).some((key) => !key.startsWith('shell.'))) return;
  let promise = ready.get(locale);
  if (!promise) {
    const loading: TTrackedPromise = ensureCatalogue(locale);
    // React's `use` reads a settled promise's status and does not suspend again
    void loading.then(() => Object.assign(loading, { status: 'fulfilled', value: undefined }));
    ready.set(locale, loading);
    promise = loading;
  }
  use(promise as Promise<void>);
}

/** The select ids of the nouns' genders as the lexicon names them (ICU select keys have no spaces). */
const GENDER_IDS: Record<string, string> = {
  'masculine personal': 'mPersonal',
  'masculine animate': 'mAnimate',
  'masculine inanimate': 'mInanimate',
  feminine: 'feminine',
  neuter: 'neuter',
  'plural only': 'pluralOnly',
};

/**
 * Grammar terms of a word in the interface's language (a part of speech, a noun's gender, a verb's aspect): the
 * lexicon's English names are ids; one it does not know yet is shown as it is.
 */
export const partOfSpeech = (t: TTranslate, pos: string) => t('word.pos', { pos });
export const genderName = (t: TTranslate, gender: string) =>
  t('word.gender', { gender: GENDER_IDS[gender] ?? 'other', name: gender });
export const aspectName = (t: TTranslate, aspect: string) => t('word.aspect', { aspect });

/**
 * Texts the API sends in English beside a stable id (docs/i18n.md, "What the API sends"): the web says them through
 * its own catalogue, and shows the API's English as it is where the catalogue has no key for the id (an older
 * API without ids, an id the API added later).
 */

/** Whether the active catalogue (over English) has `key`. */
export function hasKey(key: string): key is TMessageKey {
  return Object.prototype.hasOwnProperty.call(i18n.messages, key);
}

/** The catalogue's text of `prefix + id` with `params`, else the API's `english`. */
export function apiText(
  t: TTranslate,
  prefix: string,
  id: string | undefined,
  english: string,
  params?: TMessageValues,
): string {
  const key = id ? `${prefix}${id}` : '';
  return key && hasKey(key) ? t(key, params) : english;
}

/** An inflection table's title, heading, row label or note (GET /api/words/inflection) by its id. */
export const termText = (t: TTranslate, id: string | undefined, english: string, params?: TMessageValues) =>
  apiText(t, 'inflection.term.', id, english, params);

/**
 * What speaks a lesson's or an episode's audio (`media.source` and `media.provider`) in the interface language:
 * "Synthetic voice (eSpeak NG)", "Synthetische Stimme (eSpeak NG)". The providers' names stay as their owners write
 * them (VOICE_PROVIDERS); a provider the web does not know, or an answer without one, shows the API's `voiceLabel`.
 */
export function voiceText(t: TTranslate, media: Pick<TMedia, 'voiceLabel' | 'source' | 'provider'>): string {
  if (media.source === 'recording') return apiText(t, 'player.voice.', 'recording', media.voiceLabel);
  const known = media.provider && Object.prototype.hasOwnProperty.call(VOICE_PROVIDERS, media.provider);
  if (!known) return media.voiceLabel;
  return apiText(t, 'player.voice.', media.source, media.voiceLabel, {
    provider: VOICE_PROVIDERS[media.provider!],
  });
}

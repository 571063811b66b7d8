import Negotiator from 'negotiator';
import { DEFAULT_NATIVE_LANGUAGE, NATIVE_LANGUAGE_CODES, type TNativeLanguageCode } from '@polski/contracts';

/** Norwegian browsers may ask for `no` (macrolanguage) rather than `nb`: both are our Bokmål. */
const ALIASES: Record<string, TNativeLanguageCode> = { no: 'nb' };
const OFFERED = [...NATIVE_LANGUAGE_CODES, ...Object.keys(ALIASES)];

/**
 * Negotiated headers: browsers send a handful of distinct values, and negotiating one costs tens of microseconds,
 * more than the fast lane's whole answer (docs/api.md, "Language of the content"). Emptied when it reaches the cap.
 */
const negotiated = new Map<string, TNativeLanguageCode | null>();
const NEGOTIATED_MAX = 1000;

/** The best of the 29 native languages an Accept-Language header asks for (with negotiator), if any. */
export function acceptedLanguage(header: string | undefined): TNativeLanguageCode | undefined {
  if (!header || header.trim() === '' || header.trim() === '*') return undefined;
  let lang = negotiated.get(header);
  if (lang === undefined) {
    const [best] = new Negotiator({ headers: { 'accept-language': header } }).languages(OFFERED);
    lang = best ? (ALIASES[best] ?? (best as TNativeLanguageCode)) : null;
    if (negotiated.size >= NEGOTIATED_MAX) negotiated.clear();
    negotiated.set(header, lang);
  }
  return lang ?? undefined;
}

/**
 * The reader's language (docs/api.md, "Language of the content"): the `lang` query when given, else the signed-in
 * learner's native language, else the browser's Accept-Language, else English.
 */
export function readerLanguage(input: {
  query?: string;
  nativeLanguage?: string;
  acceptLanguage?: string;
}): TNativeLanguageCode {
  const known = (c: string | undefined): c is TNativeLanguageCode =>
    c !== undefined && (NATIVE_LANGUAGE_CODES as readonly string[]).includes(c);
  if (known(input.query)) return input.query;
  if (known(input.nativeLanguage)) return input.nativeLanguage;
  return acceptedLanguage(input.acceptLanguage) ?? DEFAULT_NATIVE_LANGUAGE;
}

import {
  DEFAULT_NATIVE_LANGUAGE,
  NATIVE_LANGUAGE_CODES,
  type TDictionaryEntry,
  type TDictionaryLookupResponse,
  type TNativeLanguageCode,
  type TWordCheckResponse,
  type TWordCheckResult,
} from '@polski/contracts';
import type { OfflineDictionary } from '../translation/dictionary/offline-dictionary';
import type { SpellChecker, TSpellResult } from './spell-checker';

export const MAX_SUGGESTIONS = 5;
/** Words checked per request (200 characters hold about 30). */
export const MAX_WORDS = 30;
const MAX_LOOKUP_ENTRIES = 6;

const WORD = /\p{L}+(?:-\p{L}+)*/gu;

export function nativeLanguageOr(code: string | undefined): TNativeLanguageCode {
  return code && (NATIVE_LANGUAGE_CODES as string[]).includes(code)
    ? (code as TNativeLanguageCode)
    : DEFAULT_NATIVE_LANGUAGE;
}

const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/**
 * nspell's order, except that words differing from the typed one only by Polish diacritics come first ("zolw" ->
 * "żółw"): learners often type without them. Among those, dictionary headwords first (a stand-in for frequency:
 * "dziekuje" -> "dziękuję" before "dziękuje"), then nspell's order, then fewer changes. After nspell's own
 * suggestions come learner confusions and words one edit away (headwords first), for words nspell was not asked about.
 */
export function rankSuggestions(res: TSpellResult, isHeadword: (w: string) => boolean): string[] {
  const nspellRank = (w: string) => {
    const i = res.suggestions.findIndex((s) => s.toLowerCase() === w.toLowerCase());
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const diacritics = res.diacritics
    .map((w, changesRank) => ({ w, changesRank }))
    .sort(
      (a, b) =>
        Number(isHeadword(b.w)) - Number(isHeadword(a.w)) ||
        nspellRank(a.w) - nspellRank(b.w) ||
        a.changesRank - b.changesRank,
    )
    .map((x) => x.w);
  const upper = res.word.charAt(0) !== res.word.charAt(0).toLowerCase();
  const out: string[] = [];
  const other = res.other
    .map((w, i) => ({ w, i }))
    .sort((a, b) => Number(isHeadword(b.w)) - Number(isHeadword(a.w)) || a.i - b.i)
    .map((x) => x.w);
  const fix = (w: string) => (upper ? capitalize(w) : w);
  for (const s of [...diacritics.map(fix), ...res.suggestions, ...other.map(fix)]) {
    if (s !== res.word && !out.includes(s)) out.push(s);
  }
  return out.slice(0, MAX_SUGGESTIONS);
}

/** The word checker and the dictionary lookup of the lesson popover. */
export class WordCheckerService {
  constructor(
    private readonly spell: SpellChecker,
    private readonly dictionary: OfflineDictionary,
  ) {}

  async check(text: string, lang: TNativeLanguageCode): Promise<TWordCheckResponse> {
    const words = (text.match(WORD) ?? []).slice(0, MAX_WORDS);
    const [spelled, english] = await Promise.all([this.spell.check(words), this.dictionary.polishTo('en')]);
    const isHeadword = (w: string) => english?.has(w) ?? false;
    const available = this.dictionary.hasLanguage(lang);
    const results: TWordCheckResult[] = [];
    for (const res of spelled) {
      if (!res.correct) {
        results.push({ word: res.word, correct: false, suggestions: rankSuggestions(res, isHeadword) });
        continue;
      }
      const result: TWordCheckResult = { word: res.word, correct: true, suggestions: [] };
      const lemmas = await this.dictionary.lemmasOf(res.word, lang);
      for (const lemma of lemmas) {
        const entries = available ? await this.dictionary.polishEntries(lemma, lang) : [];
        if (entries.length) {
          result.lemma = lemma;
          result.meanings = entries.map((e) => ({ pos: e.pos, senses: e.senses }));
          break;
        }
      }
      if (!result.lemma && lemmas.length) result.lemma = lemmas[0];
      results.push(result);
    }
    return { lang, dictionaryAvailable: available, words: results };
  }

  async lookup(word: string, lang: TNativeLanguageCode): Promise<TDictionaryLookupResponse> {
    const available = this.dictionary.hasLanguage(lang);
    const entries: TDictionaryEntry[] = [];
    if (available) {
      for (const lemma of await this.dictionary.lemmasOf(word, lang)) {
        for (const e of await this.dictionary.polishEntries(lemma, lang)) {
          entries.push(
            e.ipa
              ? { lemma, pos: e.pos, senses: e.senses, ipa: e.ipa }
              : { lemma, pos: e.pos, senses: e.senses },
          );
        }
      }
    }
    return { word, lang, dictionaryAvailable: available, entries: entries.slice(0, MAX_LOOKUP_ENTRIES) };
  }
}

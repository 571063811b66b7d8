import { DICTIONARY_MODE, languageName, POLISH } from '@polski/contracts';
import { reverseKey, type OfflineDictionary, type TDictEntry } from '../dictionary/offline-dictionary';
import { raceAbort, type TTranslateInput, type TTranslationProvider } from './provider';

/** What every answer of this provider says about itself (dictionary mode: libs/contracts translation-data.ts). */
export const DICTIONARY_NOTE = DICTIONARY_MODE.note;
/** Words looked up per request; a longer text is cut (and the answer says so). */
export const DICTIONARY_MAX_WORDS = 12;
const MAX_SENSES = 4;
const MAX_LEMMAS = 2;
const MAX_REVERSE = 6;

const WORD = /\p{L}+(?:[-'’]\p{L}+)*/gu;

export function noDataMessage(from: string, to: string): string {
  return `No offline dictionary for ${languageName(from)} → ${languageName(to)} yet.`;
}

function entryLine(label: string, e: TDictEntry): string {
  const pos = e.pos ? ` (${e.pos})` : '';
  return `${label}${pos}: ${e.senses.slice(0, MAX_SENSES).join('; ')}`;
}

/** Distinct words of the text, in order, compared without case. */
function wordsOf(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const w of text.match(WORD) ?? []) {
    const k = w.toLowerCase();
    if (!seen.has(k)) {
      seen.add(k);
      out.push(w);
    }
  }
  return out;
}

/**
 * The offline provider: looks words and short phrases up in the FreeDict/WikDict data, one line per word, and says
 * plainly when a word or a whole language pair is missing. Polish words are reduced to their dictionary form first
 * ("kota → kot (noun): cat; ..."). X -> Polish uses the direct English -> Polish dictionary where it has the word,
 * else the Polish -> X dictionary read backwards. It never invents a translation.
 */
export class DictionaryTranslationProvider implements TTranslationProvider {
  readonly name = 'dictionary' as const;
  readonly cacheable = false;
  readonly note = DICTIONARY_NOTE;

  constructor(private readonly dictionary: OfflineDictionary) {}

  translate(input: TTranslateInput, signal: AbortSignal): Promise<string> {
    const work =
      input.source === POLISH
        ? this.fromPolish(input.text, input.target)
        : this.intoPolish(input.text, input.source);
    return raceAbort(work, signal);
  }

  private async fromPolish(text: string, lang: string): Promise<string> {
    const entries = await this.dictionary.polishTo(lang);
    if (!entries) return noDataMessage(POLISH, lang);
    const lines: string[] = [];
    const words = wordsOf(text);
    // a set phrase ("dzień dobry") is a headword of its own
    if (words.length > 1) {
      const phrase = text.replace(/[.!?,;:]+$/, '').trim();
      for (const p of [phrase, phrase.toLowerCase()]) {
        const found = entries.get(p);
        if (found) {
          lines.push(...found.map((e) => entryLine(p, e)));
          break;
        }
      }
    }
    for (const word of words.slice(0, DICTIONARY_MAX_WORDS)) {
      const lemmas = await this.dictionary.lemmasOf(word, lang);
      const shown = lemmas.filter((l) => entries.has(l)).slice(0, MAX_LEMMAS);
      if (!shown.length) {
        lines.push(
          lemmas.length
            ? `${word}${lemmas[0] === word ? '' : ` → ${lemmas[0]}`}: not in the Polish → ${languageName(lang)} dictionary`
            : `${word}: not found in the dictionary`,
        );
        continue;
      }
      for (const lemma of shown) {
        const label = lemma === word ? word : `${word} → ${lemma}`;
        const list = entries.get(lemma)!;
        // "mam" is not the name "Mama": proper nouns only when nothing else fits
        const common = list.filter((e) => e.pos !== 'proper noun');
        lines.push(...(common.length ? common : list).slice(0, 2).map((e) => entryLine(label, e)));
      }
    }
    if (words.length > DICTIONARY_MAX_WORDS)
      lines.push(`(only the first ${DICTIONARY_MAX_WORDS} words were looked up)`);
    return lines.join('\n') || 'No words to look up.';
  }

  private async intoPolish(text: string, lang: string): Promise<string> {
    const [direct, reverse] = await Promise.all([
      this.dictionary.intoPolish(lang),
      this.dictionary.reverseIndex(lang),
    ]);
    if (!direct && !reverse) return noDataMessage(lang, POLISH);
    const lookup = (w: string): string[] => {
      // labels show the word as typed
      const candidates = [w, w.toLowerCase()];
      // English plurals and third persons: "cats" -> "cat", "watches" -> "watch"
      if (lang === 'en') candidates.push(w.toLowerCase().replace(/(?<=[sxz]|[cs]h)es$|s$/, ''));
      for (const c of new Set(candidates)) {
        const found = direct?.get(c);
        if (found)
          return found.slice(0, 3).map((e) => entryLine(c === w.toLowerCase() && c !== w ? w : c, e));
      }
      for (const c of new Set(candidates.map(reverseKey))) {
        const hits = reverse?.get(c);
        if (hits?.length)
          return [
            `${c === w.toLowerCase() ? w : c}: ${hits
              .slice(0, MAX_REVERSE)
              .map((h) => h.headword)
              .join(', ')}`,
          ];
      }
      return [];
    };
    const lines: string[] = [];
    const words = wordsOf(text);
    if (words.length > 1) lines.push(...lookup(text.replace(/[.!?,;:]+$/, '').trim()));
    for (const word of words.slice(0, DICTIONARY_MAX_WORDS)) {
      const found = lookup(word);
      lines.push(...(found.length ? found : [`${word}: not found in the dictionary`]));
    }
    if (words.length > DICTIONARY_MAX_WORDS)
      lines.push(`(only the first ${DICTIONARY_MAX_WORDS} words were looked up)`);
    return lines.join('\n') || 'No words to look up.';
  }
}

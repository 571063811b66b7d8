/**
 * The exercises of a lesson without zod (docs/product.md, "Exercises"): how a typed answer is scored, how a
 * sentence splits into the words of a word-order exercise, and how an exercise finds the sentence of the text it
 * was cut from. The web app's lesson page and the catalogue checks use these same functions; the schemas are in
 * exercises.ts.
 */

import { BLANK } from './content-kinds';

// ---- typed answers ------------------------------------------------------------------------------------------

/** The nine Polish letters with diacritics (both cases) and the letter each is written as without them. */
const POLISH_BASE: Readonly<Record<string, string>> = {
  ą: 'a',
  ć: 'c',
  ę: 'e',
  ł: 'l',
  ń: 'n',
  ó: 'o',
  ś: 's',
  ź: 'z',
  ż: 'z',
  Ą: 'A',
  Ć: 'C',
  Ę: 'E',
  Ł: 'L',
  Ń: 'N',
  Ó: 'O',
  Ś: 'S',
  Ź: 'Z',
  Ż: 'Z',
};

/** Text as typed: Unicode NFC (a keyboard may send "a" + U+0328 for "ą"), trimmed, inner spaces collapsed. */
export function normaliseTyped(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/gu, ' ');
}

/** `text` with the Polish diacritics removed (ą→a, ć→c, ę→e, ł→l, ń→n, ó→o, ś→s, ź→z, ż→z), case kept. */
export function stripPolishDiacritics(text: string): string {
  return text.normalize('NFC').replace(/[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/gu, (c) => POLISH_BASE[c]);
}

export type TTypedAnswerScore = 'correct' | 'almost' | 'wrong';

/**
 * Scores a typed answer against the expected word (docs/product.md, "Exercises"):
 * - `correct`: the same text, after trimming and Unicode normalisation;
 * - `almost`: the same letters when case and the Polish diacritics are ignored (a missing, extra or wrong
 *   diacritic, or a capital letter): the learner is shown the correct spelling;
 * - `wrong`: anything else, an empty answer included.
 */
export function scoreTypedAnswer(given: string, expected: string): TTypedAnswerScore {
  const g = normaliseTyped(given);
  const e = normaliseTyped(expected);
  if (!g) return 'wrong';
  if (g === e) return 'correct';
  const fold = (s: string) => stripPolishDiacritics(s).toLocaleLowerCase('pl');
  return fold(g) === fold(e) ? 'almost' : 'wrong';
}

// ---- words and sentences ------------------------------------------------------------------------------------

/** One word: letters or digits, with inner hyphens or apostrophes (biało-czerwony, O'Neill). */
const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

/** The words of `text` in order, punctuation left out: the tokens of a word-order exercise. */
export function wordTokens(text: string): string[] {
  return text.normalize('NFC').match(WORD) ?? [];
}

/** Whether two token lists are the same words in the same order, ignoring case (a capital moves with the order). */
export function sameTokens(a: readonly string[], b: readonly string[]): boolean {
  return (
    a.length === b.length && a.every((t, i) => t.toLocaleLowerCase('pl') === b[i].toLocaleLowerCase('pl'))
  );
}

/**
 * The sentences of a `pl` line: the line itself, and, when it holds more than one sentence ("Cześć! Jestem Ania."),
 * each of them. A sentence ends at . ! ? or … (and a closing quotation mark) before a space and a capital letter,
 * an opening quotation mark or a dash.
 */
export function splitSentences(line: string): string[] {
  const parts = line
    .split(/(?<=[.!?…][”"»)]?)\s+(?=[„"«—–-]?\s*\p{Lu})/u)
    .map((s) => s.trim())
    .filter(Boolean);
  return parts.length > 1 ? [line.trim(), ...parts] : [line.trim()];
}

/** What an exercise needs of a lesson: its sentences with their translations. */
export interface TExerciseLessonText {
  paragraphs: readonly { sentences: readonly { pl: string; en: string }[] }[];
}

export interface TTextSentence {
  /** The sentence as the text has it. */
  pl: string;
  /** The translation of the `pl` line it belongs to. */
  en: string;
}

/** Every sentence of the lesson's text, each line and each sentence within a line, with its line's translation. */
export function lessonSentences(lesson: TExerciseLessonText): TTextSentence[] {
  return lesson.paragraphs.flatMap((p) =>
    p.sentences.flatMap((s) => splitSentences(s.pl).map((pl) => ({ pl, en: s.en }))),
  );
}

/** `text` with its blank filled by `word`. */
export function fillBlank(text: string, word: string): string {
  return text.replace(BLANK, word);
}

/** The sentence of the lesson that `sentence` is, or undefined when the text has no such sentence. */
export function findTextSentence(lesson: TExerciseLessonText, sentence: string): TTextSentence | undefined {
  const wanted = sentence.normalize('NFC').trim();
  return lessonSentences(lesson).find((s) => s.pl.normalize('NFC') === wanted);
}

/** The parts of a blank text around its blank: [before, after]. */
export function splitAtBlank(text: string): [string, string] {
  const i = text.indexOf(BLANK);
  return i < 0 ? [text, ''] : [text.slice(0, i), text.slice(i + BLANK.length)];
}

// ---- word order ---------------------------------------------------------------------------------------------

/** What a word-order exercise needs: the text's sentence, its pieces, and other orders that are also right. */
export interface TWordOrderItem {
  sentence: string;
  words: readonly string[];
  alsoCorrect?: readonly string[];
}

/** The token sequences a word-order answer may have: the text's order first, then each order listed as correct. */
export function acceptedOrders(item: TWordOrderItem): string[][] {
  return [item.sentence, ...(item.alsoCorrect ?? [])].map(wordTokens);
}

/**
 * Checks the learner's arrangement of the pieces (`chosen`, the pieces' texts in the order placed): `text` when it
 * is the text's own order, `other` when it is an order listed as also correct, `wrong` otherwise.
 */
export function scoreWordOrder(item: TWordOrderItem, chosen: readonly string[]): 'text' | 'other' | 'wrong' {
  const tokens = wordTokens(chosen.join(' '));
  const [text, ...others] = acceptedOrders(item);
  if (sameTokens(tokens, text)) return 'text';
  return others.some((o) => sameTokens(tokens, o)) ? 'other' : 'wrong';
}

// ---- questions ----------------------------------------------------------------------------------------------

/**
 * Whether the correct option is the uniquely longest one (in characters): a cue that lets a learner guess without
 * reading. The catalogue check keeps this under 40 % of the multiple-choice items.
 */
export function correctIsUniquelyLongest(options: readonly string[], answer: number): boolean {
  const len = (s: string) => [...s.normalize('NFC')].length;
  const own = len(options[answer]);
  return options.every((o, i) => i === answer || len(o) < own);
}

// ---- dictation ----------------------------------------------------------------------------------------------

/** One word of the dictated sentence, as the learner typed it (docs/product.md, "Dictation"). */
export interface TDictationWord {
  /** The word as the text has it. */
  expected: string;
  /** What the learner typed in its place, or null when the word is missing. */
  given: string | null;
  /** `correct`/`almost`/`wrong` as `scoreTypedAnswer` scores the pair; `missing`: nothing typed for it. */
  score: TTypedAnswerScore | 'missing';
}

export interface TDictationScore {
  /** Every word of the sentence, in order. */
  words: TDictationWord[];
  /** Typed words that match no word of the sentence (extra words), in the order typed. */
  extra: string[];
  /** How many words are `correct` and `almost`. */
  correct: number;
  almost: number;
  /** Every word correct or almost right, and nothing extra. */
  passed: boolean;
}

/** What aligning a typed word with a word of the text costs: the same word costs nothing, a near one a little. */
const ALIGN_COST: Record<TTypedAnswerScore, number> = { correct: 0, almost: 0.4, wrong: 1 };

/**
 * Scores a typed sentence word by word against the sentence heard (docs/product.md, "Dictation"). Punctuation is
 * ignored (the words are `wordTokens`); the typed words are aligned with the sentence's words by the cheapest edit
 * (a word left out, one added, one replaced), so a missing word does not make every later word wrong; each aligned
 * pair is scored by `scoreTypedAnswer`, the cloze's scorer, so a missing diacritic or a capital letter is `almost`.
 */
export function scoreDictation(given: string, expected: string): TDictationScore {
  const e = wordTokens(expected);
  const g = wordTokens(given);
  const n = e.length;
  const m = g.length;
  const pair = e.map((ew) => g.map((gw) => scoreTypedAnswer(gw, ew)));
  // cost[i][j]: aligning the first i words of the text with the first j typed words
  const cost: number[][] = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      cost[i][j] = Math.min(
        cost[i - 1][j - 1] + ALIGN_COST[pair[i - 1][j - 1]],
        cost[i - 1][j] + 1,
        cost[i][j - 1] + 1,
      );
    }
  }
  const words: TDictationWord[] = [];
  const extra: string[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && cost[i][j] === cost[i - 1][j - 1] + ALIGN_COST[pair[i - 1][j - 1]]) {
      words.push({ expected: e[i - 1], given: g[j - 1], score: pair[i - 1][j - 1] });
      i--;
      j--;
    } else if (i > 0 && cost[i][j] === cost[i - 1][j] + 1) {
      words.push({ expected: e[i - 1], given: null, score: 'missing' });
      i--;
    } else {
      extra.push(g[j - 1]);
      j--;
    }
  }
  words.reverse();
  extra.reverse();
  const correct = words.filter((w) => w.score === 'correct').length;
  const almost = words.filter((w) => w.score === 'almost').length;
  return { words, extra, correct, almost, passed: n > 0 && correct + almost === n && extra.length === 0 };
}

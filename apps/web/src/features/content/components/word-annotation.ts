import type { TAnnotations, TLexeme, TPhrase, TTokenAnnotation } from '@polski/contracts';

/**
 * The tokens of `tokenize` (@polski/contracts annotations.ts): words (split-words.ts's pattern) and numbers in
 * digits, in order; true for a word. Written out here because annotations.ts builds zod schemas when loaded and the
 * lesson page keeps zod off its first paint (docs/performance.md); word-annotation.spec.ts holds the two equal.
 */
const TOKEN = /\p{L}+(?:-\p{L}+)*|\d+(?:[.,:]\d+)*/gu;
export function tokenKinds(text: string): boolean[] {
  return Array.from(text.matchAll(TOKEN), (m) => !/^\d/.test(m[0]));
}

/** What the popover shows for one word of the text, straight from the lesson answer's annotations. */
export interface TWordInfo {
  token: TTokenAnnotation;
  lexeme: TLexeme;
  /** The multi-word expression the word is part of. */
  phrase?: TPhrase;
}

/**
 * Per sentence (counted through the paragraphs, as the annotation blocks are), per word (the ordinal of
 * splitWords, which is tokenize's word tokens in order) the word's annotation. A sentence whose block does not
 * fit its tokens (an older cached answer, a text changed since) gets null: its words fall back to the look-up.
 */
export function annotateSentences(
  sentences: readonly string[],
  annotations: TAnnotations | undefined,
): (TWordInfo[] | null)[] {
  return sentences.map((text, i) => {
    const block = annotations?.blocks[i];
    if (!annotations || !block) return null;
    const kinds = tokenKinds(text);
    if (kinds.length !== block.length) return null;
    const out: TWordInfo[] = [];
    for (const [t, isWord] of kinds.entries()) {
      if (!isWord) continue;
      const a = block[t];
      const lexeme = annotations.lexemes[a.lexeme];
      if (!lexeme) return null;
      const phrase = a.phrase === undefined ? undefined : annotations.phrases[a.phrase];
      out.push(phrase ? { token: a, lexeme, phrase } : { token: a, lexeme });
    }
    return out;
  });
}

/**
 * A word of the lesson as the saved-words routes address it (docs/api.md, "Learning"): paragraph `p`, sentence `s`
 * in it, token `t` of `tokenize` (numbers count), with the lemma its status follows.
 */
export interface TLessonWordRef {
  lemma: string;
  form: string;
  p: number;
  s: number;
  t: number;
}

/** The token index (numbers counted) of the `ordinal`-th word of a sentence, or -1. */
export function tokenIndexOfWord(text: string, ordinal: number): number {
  let n = -1;
  const kinds = tokenKinds(text);
  for (let t = 0; t < kinds.length; t++) if (kinds[t] && ++n === ordinal) return t;
  return -1;
}

/**
 * Where each item of the vocabulary list first occurs in the text, to save it from the list: the first word whose
 * lemma is the item's (ignoring case), else the first word written as the item. Null where neither is in the text
 * (a phrase of several words, a form the text does not use).
 */
export function vocabularyPlaces(
  paragraphs: readonly { sentences: readonly { pl: string }[] }[],
  infos: readonly (TWordInfo[] | null)[],
  items: readonly { pl: string }[],
): (TLessonWordRef | null)[] {
  const words: (TLessonWordRef & { lower: string; lowerForm: string })[] = [];
  let flat = 0;
  paragraphs.forEach((para, p) =>
    para.sentences.forEach((sentence, s) => {
      const info = infos[flat++];
      if (!info) return;
      const forms = Array.from(sentence.pl.matchAll(/\p{L}+(?:-\p{L}+)*/gu), (m) => m[0]);
      info.forEach((w, ordinal) => {
        const t = tokenIndexOfWord(sentence.pl, ordinal);
        const form = forms[ordinal];
        if (t < 0 || form === undefined) return;
        const lemma = w.lexeme.lemma;
        words.push({
          lemma,
          form,
          p,
          s,
          t,
          lower: lemma.toLocaleLowerCase('pl'),
          lowerForm: form.toLocaleLowerCase('pl'),
        });
      });
    }),
  );
  return items.map((item) => {
    const want = item.pl.trim().toLocaleLowerCase('pl');
    const hit = words.find((w) => w.lower === want) ?? words.find((w) => w.lowerForm === want);
    return hit ? { lemma: hit.lemma, form: hit.form, p: hit.p, s: hit.s, t: hit.t } : null;
  });
}

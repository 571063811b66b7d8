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

import { tokenize, type TAnnotations, type TLexeme, type TPhrase, type TTokenAnnotation } from '@polski/contracts';

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
    const tokens = tokenize(text);
    if (tokens.length !== block.length) return null;
    const out: TWordInfo[] = [];
    for (const [t, token] of tokens.entries()) {
      if (token.kind !== 'word') continue;
      const a = block[t];
      const lexeme = annotations.lexemes[a.lexeme];
      if (!lexeme) return null;
      const phrase = a.phrase === undefined ? undefined : annotations.phrases[a.phrase];
      out.push(phrase ? { token: a, lexeme, phrase } : { token: a, lexeme });
    }
    return out;
  });
}

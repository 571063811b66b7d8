/** A word as the dictionary sees it: letters, with inner hyphens ("biało-czerwony"). */
const WORD = /\p{L}+(?:-\p{L}+)*/gu;

/** `ordinal`: the word's position among the sentence's words (0, 1, ...). */
export type TTextPiece = { kind: 'word'; text: string; ordinal: number } | { kind: 'other'; text: string };

/** The sentence as words and what lies between them (spaces, punctuation, digits), in order, nothing lost. */
export function splitWords(sentence: string): TTextPiece[] {
  const pieces: TTextPiece[] = [];
  let last = 0;
  let ordinal = 0;
  for (const m of sentence.matchAll(WORD)) {
    const at = m.index ?? 0;
    if (at > last) pieces.push({ kind: 'other', text: sentence.slice(last, at) });
    pieces.push({ kind: 'word', text: m[0], ordinal: ordinal++ });
    last = at + m[0].length;
  }
  if (last < sentence.length) pieces.push({ kind: 'other', text: sentence.slice(last) });
  return pieces;
}

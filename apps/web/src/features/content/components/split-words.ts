/** A word as the dictionary sees it: letters, with inner hyphens ("biało-czerwony"). */
const WORD = /\p{L}+(?:-\p{L}+)*/gu;

/**
 * `ordinal`: the word's position among the sentence's words (0, 1, ...). `before` and `after`: punctuation that
 * touches the word ("„", "!", ".") and so must stay on its line: a button is an atomic inline box, and a line
 * break could otherwise fall between "Krakowie" and its full stop.
 */
export type TTextPiece =
  | { kind: 'word'; text: string; ordinal: number; before: string; after: string }
  | { kind: 'other'; text: string };

/** The sentence as words and the spaces between them, in order, nothing lost. */
export function splitWords(sentence: string): TTextPiece[] {
  const matches = [...sentence.matchAll(WORD)];
  const words = matches.map((m, ordinal) => ({ kind: 'word' as const, text: m[0], ordinal, before: '', after: '' }));
  const pieces: TTextPiece[] = [];
  let last = 0;
  matches.forEach((m, i) => {
    const at = m.index ?? 0;
    pieces.push(...glue(sentence.slice(last, at), words[i - 1], words[i]), words[i]);
    last = at + m[0].length;
  });
  pieces.push(...glue(sentence.slice(last), words[words.length - 1], undefined));
  return pieces;
}

type TMutableWord = { before: string; after: string };

/** Punctuation next to a word goes with it; what has spaces stays between the words. */
function glue(gap: string, previous: TMutableWord | undefined, next: TMutableWord | undefined): TTextPiece[] {
  if (!gap) return [];
  const first = gap.search(/\s/u);
  if (first < 0) {
    if (previous) previous.after += gap;
    else if (next) next.before += gap;
    else return [{ kind: 'other', text: gap }];
    return [];
  }
  const lastSpace = gap.search(/\s\S*$/u);
  let middle = gap;
  if (previous) {
    previous.after += gap.slice(0, first);
    middle = middle.slice(first);
  }
  const trailing = gap.slice(lastSpace + 1);
  if (next && trailing) {
    next.before += trailing;
    middle = middle.slice(0, middle.length - trailing.length);
  }
  return middle ? [{ kind: 'other', text: middle }] : [];
}

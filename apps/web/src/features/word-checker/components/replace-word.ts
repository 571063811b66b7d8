/** A word as the API splits the text: letters, with inner hyphens (the word checker's own rule). */
const WORD = /\p{L}+(?:-\p{L}+)*/gu;

/** The text with its `index`-th word (counted as the API counts them) replaced; spacing and punctuation kept. */
export function replaceWord(text: string, index: number, replacement: string): string {
  let i = 0;
  return text.replace(WORD, (word) => (i++ === index ? replacement : word));
}

/**
 * A word's status as the lesson text marks it (docs/product.md, "Word statuses in the text"): '' plain (known,
 * ignored, or a word without annotation), 'n' new, '1'-'4' the learning stage.
 */
export type TStatusCode = '' | 'n' | '1' | '2' | '3' | '4';

/** The classes of a word button with that mark (word-popover.css draws them). */
export function statusClass(code: string): string {
  if (code === 'n') return ' ws-new';
  return code ? ` ws-learning ws-${code}` : '';
}

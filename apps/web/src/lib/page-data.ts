/**
 * The data a page was sent with (apps/api/src/middleware/web-app.ts): a free lesson's page carries the API's answer
 * for a visitor, so the lesson shows without another round trip; a page may carry several answers, one block each.
 * Each is taken at most once, and only for the API path it was sent for (and, given `lang`, in that language: a
 * block whose answer depends on the reader's language says which it is in, `data-lang`); a block is removed from
 * the document when taken.
 */
export const PAGE_DATA_CLASS = 'page-data';

export function takePageData(key: string, lang?: string): unknown {
  for (const block of document.getElementsByClassName(PAGE_DATA_CLASS)) {
    if (block.getAttribute('data-key') !== key) continue;
    // an answer in another language than the one asked for (`data-lang`: a lesson in the browser's language, for a
    // visitor who chose another in the menu) stays unused: the API is asked
    const blockLang = block.getAttribute('data-lang');
    if (lang && blockLang && blockLang !== lang) continue;
    block.remove();
    try {
      return JSON.parse(block.textContent ?? '');
    } catch {
      return undefined;
    }
  }
  return undefined;
}

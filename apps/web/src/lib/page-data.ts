/**
 * The data a page was sent with (apps/api/src/middleware/web-app.ts): a free lesson's page carries the API's answer
 * for a visitor, so the lesson shows without another round trip; a page may carry several answers, one block each.
 * Each is taken at most once, and only for the API path it was sent for; a block is removed from the document when
 * taken.
 */
export const PAGE_DATA_CLASS = 'page-data';

export function takePageData(key: string): unknown {
  for (const block of document.getElementsByClassName(PAGE_DATA_CLASS)) {
    if (block.getAttribute('data-key') !== key) continue;
    block.remove();
    try {
      return JSON.parse(block.textContent ?? '');
    } catch {
      return undefined;
    }
  }
  return undefined;
}

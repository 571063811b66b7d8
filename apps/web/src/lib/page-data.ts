/**
 * The data a page was sent with (apps/api/src/middleware/web-app.ts): a free lesson's page carries the API's answer
 * for a visitor, so the lesson shows without another round trip. Taken at most once, and only for the API path it
 * was sent for; the block is removed from the document when taken.
 */
export const PAGE_DATA_ID = 'page-data';

export function takePageData(key: string): unknown {
  const block = document.getElementById(PAGE_DATA_ID);
  if (!block || block.getAttribute('data-key') !== key) return undefined;
  block.remove();
  try {
    return JSON.parse(block.textContent ?? '');
  } catch {
    return undefined;
  }
}

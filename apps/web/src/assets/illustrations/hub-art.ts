import type { THubId } from '@polski/contracts';
// the first two cards' pictures are in the first view of /learn-polish, and the first is its largest paint: inside
// the page's code (`?inline`, a data: URL of 1.4-1.6 KB each), so they are drawn with the page instead of after a
// request of their own that the browser makes only once the page has rendered, behind the footer's and the
// translator's files (docs/performance.md, "Lighthouse, 2026-11-27 afternoon")
import completeBeginner from './hubs/complete-beginner.svg?inline';
import miniStories from './hubs/mini-stories.svg?inline';

/**
 * The hubs' illustrations (original SVGs made for this product: docs/product.md, "Illustrations"): the first two
 * inlined (above), the others as URLs of files of their own (`?no-inline`: cached like every hashed asset, fetched
 * lazily as the learner scrolls).
 */
const FILES = import.meta.glob<string>('./hubs/*.svg', {
  query: '?no-inline',
  import: 'default',
  eager: true,
});

export const HUB_ART: Partial<Record<THubId, string>> = {
  ...Object.fromEntries(
    Object.entries(FILES).map(([path, url]) => [path.slice('./hubs/'.length, -'.svg'.length), url]),
  ),
  'complete-beginner': completeBeginner,
  'mini-stories': miniStories,
};

/** The illustrations' drawing size (viewBox 0 0 320 200): the img's width and height, so nothing moves as they load. */
export const HUB_ART_SIZE = { width: 320, height: 200 } as const;

import type { THubId } from '@polski/contracts';

/**
 * The hubs' illustrations (original SVGs made for this product: docs/product.md, "Illustrations"), as URLs of
 * files of their own (`?no-inline`: never inlined in the JavaScript, cached like every hashed asset).
 */
const FILES = import.meta.glob<string>('./hubs/*.svg', {
  query: '?no-inline',
  import: 'default',
  eager: true,
});

export const HUB_ART: Partial<Record<THubId, string>> = Object.fromEntries(
  Object.entries(FILES).map(([path, url]) => [path.slice('./hubs/'.length, -'.svg'.length), url]),
);

/** The illustrations' drawing size (viewBox 0 0 320 200): the img's width and height, so nothing moves as they load. */
export const HUB_ART_SIZE = { width: 320, height: 200 } as const;

/**
 * The illustrations of the video stories' scenes: apps/web/src/assets/scenes/<story slug>/<scene number>.svg, each
 * with its <title> and its alt text in <desc> (docs/content.md, "Video Stories: scenes and illustrations"). Each
 * file is its own small chunk, fetched when its scene is about to show, so no other page pays for them.
 */
const FILES = import.meta.glob<string>('../../../assets/scenes/*/*.svg', { query: '?raw', import: 'default' });

export interface TSceneArt {
  /** The image as a data: URL (allowed by the site's CSP for images); an <img> never runs anything in it. */
  src: string;
  title: string;
  alt: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decode = (s: string) =>
  s
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, e: string) => ENTITIES[e])
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/\s+/g, ' ')
    .trim();

/** The <title> and <desc> of an SVG's text. */
export function readSceneArt(svg: string): TSceneArt {
  return {
    src: `data:image/svg+xml,${encodeURIComponent(svg)}`,
    title: decode(/<title>([^<]*)<\/title>/.exec(svg)?.[1] ?? ''),
    alt: decode(/<desc>([^<]*)<\/desc>/.exec(svg)?.[1] ?? ''),
  };
}

const key = (slug: string, scene: number) => `../../../assets/scenes/${slug}/${scene}.svg`;

/** Whether a story's scene has an illustration. */
export function hasSceneArt(slug: string, scene: number): boolean {
  return key(slug, scene) in FILES;
}

/** A scene's illustration, or null when it has none. */
export async function loadSceneArt(slug: string, scene: number): Promise<TSceneArt | null> {
  const load = FILES[key(slug, scene)];
  return load ? readSceneArt(await load()) : null;
}

/**
 * The content's plain tables (hubs, levels, parts of speech, question kinds, the exercise blank), without zod: the
 * schemas are in content.ts.
 */

/**
 * The 9 hubs of /learn-polish in the product's order. `pathPrefix` is where a hub's lessons live in the web app
 * (docs/product.md, "Hubs and lesson routes": mini-stories under /beginner, int-mini-stories under /intermediate).
 * `level` is written one way everywhere: the CEFR levels of the hub's lessons, lowest to highest ("A1-A2", "B2"; the
 * content catalogue's test checks it against the lessons).
 */
export const HUBS = [
  {
    id: 'complete-beginner',
    title: 'Complete Beginner',
    level: 'A1-A2',
    pathPrefix: '/complete-beginner',
  },
  { id: 'mini-stories', title: 'Mini Stories', level: 'A1-A2', pathPrefix: '/beginner' },
  {
    id: 'int-mini-stories',
    title: 'Intermediate Mini Stories',
    level: 'B1-B2',
    pathPrefix: '/intermediate',
  },
  { id: 'yt-stories', title: 'Video Stories', level: 'A2-B1', pathPrefix: '/yt-stories' },
  {
    id: 'short-stories',
    title: 'Short Stories',
    level: 'A2-B1',
    pathPrefix: '/short-stories',
  },
  {
    id: 'beginner-moon-story',
    title: 'The Moon Story (slow audio)',
    level: 'A1-A2',
    pathPrefix: '/beginner-moon-story',
  },
  {
    id: 'practical-dialogues',
    title: 'Practical Dialogues',
    level: 'A1-B1',
    pathPrefix: '/practical-dialogues',
  },
  {
    id: 'listening-practice',
    title: 'Listening Practice',
    level: 'A2-B1',
    pathPrefix: '/listening-practice',
  },
  {
    id: 'history-of-poland',
    title: 'History of Poland',
    level: 'B2',
    pathPrefix: '/history-of-poland',
  },
] as const;

export type THubId = (typeof HUBS)[number]['id'];
export const HUB_IDS = HUBS.map((h) => h.id) as [THubId, ...THubId[]];
export function lessonPath(hub: THubId, slugValue: string): string {
  const h = HUBS.find((x) => x.id === hub);
  return `${h ? h.pathPrefix : `/${hub}`}/${slugValue}`;
}

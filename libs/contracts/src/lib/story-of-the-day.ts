/**
 * The home page's "Story of the day" (docs/product.md, "Home page"): shown by the home page at once, rendered to
 * audio by `npm run audio:render` (tools/audio) and answered with that audio by `GET /api/content/story-of-the-day`.
 * Plain data: the home route's initial JavaScript carries it.
 */
export const STORY_OF_THE_DAY = {
  pl: 'Dzień dobry! Mam na imię Ola i mieszkam w Krakowie.',
  en: 'Good morning! My name is Ola and I live in Kraków.',
} as const;

/**
 * The home page's "Story of the day" (docs/product.md, "Home page"): shown by the home page at once, rendered to
 * audio by `npm run audio:render` (tools/audio) and answered with that audio by `GET /api/content/story-of-the-day`.
 * Plain data: the home route's initial JavaScript carries it.
 */
export const STORY_OF_THE_DAY_PL = 'Dzień dobry! Mam na imię Ola i mieszkam w Krakowie.';
/**
 * With its English, as the API answers it. The home page takes the Polish alone and the translation from the
 * interface's catalogue (`shell.story.en`, the same English in en.json; a test holds them together).
 */
export const STORY_OF_THE_DAY = {
  pl: STORY_OF_THE_DAY_PL,
  en: 'Good morning! My name is Ola and I live in Kraków.',
} as const;

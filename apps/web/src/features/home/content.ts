/** Texts of the home page. Polish examples are given with their English meaning. */

/**
 * The home page's "Story of the day" (docs/product.md, "Home page"). `audioUrl`: its recording, once the API serves
 * one (docs/product.md, "Honest audio claims"); until then the browser's Polish voice reads it.
 */
export const STORY_OF_THE_DAY: { pl: string; en: string; audioUrl?: string } = {
  pl: 'Dzień dobry! Mam na imię Ola i mieszkam w Krakowie.',
  en: 'Good morning! My name is Ola and I live in Kraków.',
};

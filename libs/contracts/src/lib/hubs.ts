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
export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2'] as const;
export type TCefrLevel = (typeof CEFR_LEVELS)[number];
export const PARTS_OF_SPEECH = [
  'noun',
  'verb',
  'adjective',
  'adverb',
  'pronoun',
  'preposition',
  'conjunction',
  'numeral',
  'particle',
  'interjection',
  'phrase',
] as const;

export function lessonPath(hub: THubId, slugValue: string): string {
  const h = HUBS.find((x) => x.id === hub);
  return `${h ? h.pathPrefix : `/${hub}`}/${slugValue}`;
}

/**
 * Where a buyer goes back to after paying (docs/product.md, "Return from checkout"): a lesson page of this site and
 * nothing else, as a path (`/complete-beginner/complete-beginner-2`, `/intermediate/<slug>/listen`). No scheme, no
 * host, no `//`, no query, no dots: the checkout and the return pages check it with this same rule, so the address
 * can never lead elsewhere (no open redirect).
 */
export function isLessonReturnPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 200) return false;
  const m = /^\/([a-z0-9-]+)\/([a-z0-9]+(?:-[a-z0-9]+)*)(\/listen)?$/.exec(value);
  if (!m) return false;
  const hub = HUBS.find((h) => h.pathPrefix === `/${m[1]}`);
  if (!hub) return false;
  return !m[3] || hub.id === 'int-mini-stories';
}

/** A comprehension question's kind: absent means a fact the text states; `inference` one the text only implies. */
export const QUESTION_KINDS = ['inference'] as const;
export type TQuestionKind = (typeof QUESTION_KINDS)[number];

/** The blank of a cloze or form-in-context text (docs/content.md, "Exercises"): three underscores, once per text. */
export const BLANK = '___';

// ---- word annotations (annotations.ts builds their schemas; these plain tables also serve the zod-free lesson guard)
/** Parts of speech of annotated words (the vocabulary's list, plus names, numbers in digits and a few classes). */
export const ANNOTATION_POS = [...PARTS_OF_SPEECH, 'predicative', 'abbreviation', 'name', 'number'] as const;
export type TAnnotationPos = (typeof ANNOTATION_POS)[number];
export const NAME_KINDS = ['person', 'place', 'other'] as const;
export const ASPECT_NAMES = ['perfective', 'imperfective', 'both'] as const;
/** A noun's gender as the lexicon, the annotations and the vocabulary lists name it. */
export const NOUN_GENDERS = [
  'masculine personal',
  'masculine animate',
  'masculine inanimate',
  'feminine',
  'neuter',
  'plural only',
] as const;
export type TNounGender = (typeof NOUN_GENDERS)[number];

// ---- media (docs/api.md, "Lesson media"): here, not in content.ts, so the lesson page checks them without zod ----
export const MEDIA_SOURCES = ['recording', 'neural', 'synthetic'] as const;
export type TMediaSource = (typeof MEDIA_SOURCES)[number];
export const MEDIA_SPEEDS = ['normal', 'slow'] as const;
export type TMediaSpeed = (typeof MEDIA_SPEEDS)[number];

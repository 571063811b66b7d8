// The content's plain tables (levels, parts of speech, question kinds, annotation kinds, media): apart from hubs.ts,
// whose HUBS the web app's first download needs. A chunk holds whole modules, so these would otherwise ship with the
// home page although only the lesson pages and the API use them.

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

/**
 * The product names of the audio providers (`media.provider`), written the same in every language. Here, not in
 * content.ts: the lesson page shows them, and content.ts would bring zod into its first download.
 */
export const VOICE_PROVIDERS: Readonly<Record<string, string>> = {
  espeak: 'eSpeak NG',
  google: 'Google Cloud Text-to-Speech',
  azure: 'Azure AI Speech',
};

/** Texts of the home page's teaching sections (home-sections.tsx, loaded after the first paint). */

export const LANGUAGE_FACTS: readonly { title: string; text: string }[] = [
  {
    title: 'Spoken by millions',
    text: 'Polish is the mother tongue of around 40 million people in Poland and of large Polish communities around the world.',
  },
  {
    title: 'A West Slavic language',
    text: 'It is a close relative of Czech and Slovak, so learning Polish opens the door to the whole Slavic family.',
  },
  {
    title: 'Read it as you see it',
    text: 'Polish spelling is largely phonetic: once you know the letters, you can read almost any word aloud.',
  },
  {
    title: 'Predictable stress',
    text: 'In most words the stress falls on the second-to-last syllable: War-SZA-wa, dzię-KU-ję, POL-ska.',
  },
];

export interface TSound {
  letters: string;
  sounds: string;
  examples: readonly { pl: string; en: string }[];
}

export const SOUNDS: readonly TSound[] = [
  {
    letters: 'sz',
    sounds: 'like “sh” in “shop”',
    examples: [
      { pl: 'szkoła', en: 'school' },
      { pl: 'szafa', en: 'wardrobe' },
    ],
  },
  {
    letters: 'cz',
    sounds: 'like “ch” in “chocolate”',
    examples: [
      { pl: 'czas', en: 'time' },
      { pl: 'czekolada', en: 'chocolate' },
    ],
  },
  {
    letters: 'rz / ż',
    sounds: 'two spellings of one sound, like “s” in “pleasure”',
    examples: [
      { pl: 'rzeka', en: 'river' },
      { pl: 'żaba', en: 'frog' },
    ],
  },
  {
    letters: 'ś / ć / ź / ń',
    sounds: 'soft sounds, made with the middle of the tongue raised; ń is like “ny” in “canyon”',
    examples: [
      { pl: 'środa', en: 'Wednesday' },
      { pl: 'ćma', en: 'moth' },
      { pl: 'źle', en: 'badly' },
      { pl: 'koń', en: 'horse' },
    ],
  },
  {
    letters: 'ą / ę',
    sounds: 'nasal vowels, a little like the French “on” and “in”',
    examples: [
      { pl: 'mąż', en: 'husband' },
      { pl: 'ręka', en: 'hand' },
    ],
  },
];

export const VOCABULARY: readonly { pl: string; en: string }[] = [
  { pl: 'Dzień dobry', en: 'Good morning / Hello' },
  { pl: 'Cześć', en: 'Hi / Bye (informal)' },
  { pl: 'Dziękuję', en: 'Thank you' },
  { pl: 'Proszę', en: 'Please / Here you are' },
  { pl: 'Przepraszam', en: 'Sorry / Excuse me' },
  { pl: 'Tak / Nie', en: 'Yes / No' },
  { pl: 'Do widzenia', en: 'Goodbye' },
  { pl: 'Smacznego', en: 'Enjoy your meal' },
];

/** `text` absent: the catalogue's audio claim (useHomeAudioClaims; docs/product.md, "Honest audio claims"). */
export const METHOD: readonly { title: string; text?: string }[] = [
  {
    title: 'Reading',
    text: 'Graded stories from complete beginner to intermediate, with an English translation for every sentence.',
  },
  {
    title: 'Listening',
  },
  {
    title: 'Exercises',
    text: 'Vocabulary lists and comprehension questions after each story, so new words stay with you.',
  },
];

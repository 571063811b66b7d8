import type { TMessageKey } from '../../lib/i18n/i18n';

/**
 * The home page's teaching sections (loaded after its first paint): their texts are catalogue keys (home.*), shown
 * in the interface's language; the Polish examples stay Polish.
 */
export const LANGUAGE_FACTS: readonly { title: TMessageKey; text: TMessageKey }[] = [
  { title: 'home.facts.millions.title', text: 'home.facts.millions.text' },
  { title: 'home.facts.slavic.title', text: 'home.facts.slavic.text' },
  { title: 'home.facts.phonetic.title', text: 'home.facts.phonetic.text' },
  { title: 'home.facts.stress.title', text: 'home.facts.stress.text' },
];

/** The stress fact's Polish examples (the stressed syllable in capitals). */
export const STRESS_EXAMPLES = 'War-SZA-wa, dzię-KU-ję, POL-ska';

export interface TSound {
  letters: string;
  sounds: TMessageKey;
  examples: readonly { pl: string; en: TMessageKey }[];
}

export const SOUNDS: readonly TSound[] = [
  {
    letters: 'sz',
    sounds: 'home.sounds.sz',
    examples: [
      { pl: 'szkoła', en: 'home.word.school' },
      { pl: 'szafa', en: 'home.word.wardrobe' },
    ],
  },
  {
    letters: 'cz',
    sounds: 'home.sounds.cz',
    examples: [
      { pl: 'czas', en: 'home.word.time' },
      { pl: 'czekolada', en: 'home.word.chocolate' },
    ],
  },
  {
    letters: 'rz / ż',
    sounds: 'home.sounds.rz',
    examples: [
      { pl: 'rzeka', en: 'home.word.river' },
      { pl: 'żaba', en: 'home.word.frog' },
    ],
  },
  {
    letters: 'ś / ć / ź / ń',
    sounds: 'home.sounds.soft',
    examples: [
      { pl: 'środa', en: 'home.word.wednesday' },
      { pl: 'ćma', en: 'home.word.moth' },
      { pl: 'źle', en: 'home.word.badly' },
      { pl: 'koń', en: 'home.word.horse' },
    ],
  },
  {
    letters: 'ą / ę',
    sounds: 'home.sounds.nasal',
    examples: [
      { pl: 'mąż', en: 'home.word.husband' },
      { pl: 'ręka', en: 'home.word.hand' },
    ],
  },
];

export const VOCABULARY: readonly { pl: string; en: TMessageKey }[] = [
  { pl: 'Dzień dobry', en: 'home.phrase.goodMorning' },
  { pl: 'Cześć', en: 'home.phrase.hi' },
  { pl: 'Dziękuję', en: 'home.phrase.thanks' },
  { pl: 'Proszę', en: 'home.phrase.please' },
  { pl: 'Przepraszam', en: 'home.phrase.sorry' },
  { pl: 'Tak / Nie', en: 'home.phrase.yesNo' },
  { pl: 'Do widzenia', en: 'home.phrase.goodbye' },
  { pl: 'Smacznego', en: 'home.phrase.enjoy' },
];

/** The three steps; Listening's text is the page's audio claim (it depends on the lessons' audio). */
export const METHOD: readonly { title: TMessageKey; text?: TMessageKey }[] = [
  { title: 'home.method.reading.title', text: 'home.method.reading.text' },
  { title: 'home.method.listening.title' },
  { title: 'home.method.exercises.title', text: 'home.method.exercises.text' },
];

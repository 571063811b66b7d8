import type { TAnnotations, TLessonResponse, TLessonTeaser, TMedia } from '@polski/contracts';

/** A small lesson as GET /api/content/lessons/:hub/:slug answers it. */
export function makeLesson(overrides: Partial<TLessonResponse> = {}): TLessonResponse {
  return {
    hub: 'complete-beginner',
    slug: 'complete-beginner-1',
    order: 1,
    title: 'Cześć, jestem Ania',
    titleEn: "Hi, I'm Ania",
    level: 'A1',
    premium: false,
    summary: 'Ania introduces herself.',
    readingMinutes: 2,
    paragraphs: [
      {
        sentences: [
          { pl: 'Cześć! Jestem Ania.', en: "Hi! I'm Ania." },
          { pl: 'Mieszkam w Krakowie.', en: 'I live in Kraków.' },
        ],
      },
      { sentences: [{ pl: 'Jestem studentką.', en: "I'm a student." }] },
    ],
    vocabulary: [
      { pl: 'cześć', pos: 'interjection', en: 'hi' },
      { pl: 'mieszkać', pos: 'verb', en: 'to live' },
      { pl: 'studentka', pos: 'noun', en: 'student (female)' },
    ],
    questions: [
      { question: 'Jak ma na imię?', questionEn: 'What is her name?', options: ['Ania', 'Ola', 'Ewa'], answer: 0 },
      { question: 'Gdzie mieszka?', questionEn: 'Where does she live?', options: ['W Gdańsku', 'W Krakowie'], answer: 1 },
      { question: 'Kim jest?', questionEn: 'Who is she?', options: ['Lekarką', 'Studentką'], answer: 1 },
    ],
    exercises: [
      { type: 'cloze', text: 'Mieszkam w ___.', answer: 'Krakowie' },
      { type: 'cloze', text: '___! Jestem Ania.', answer: 'Cześć' },
      { type: 'word-order', sentence: 'Mieszkam w Krakowie.', words: ['mieszkam', 'w', 'Krakowie'], alsoCorrect: ['W Krakowie mieszkam.'] },
      {
        type: 'form',
        text: 'Jestem ___.',
        lemma: 'studentka',
        options: ['studentka', 'studentką', 'studentki'],
        answer: 1,
      },
    ],
    path: '/complete-beginner/complete-beginner-1',
    prev: null,
    next: { slug: 'complete-beginner-2', title: 'Moja rodzina', path: '/complete-beginner/complete-beginner-2' },
    completed: false,
    ...overrides,
  };
}

export function makeTeaser(overrides: Partial<TLessonTeaser> = {}): TLessonTeaser {
  return {
    hub: 'complete-beginner',
    slug: 'complete-beginner-2',
    title: 'Moja rodzina',
    titleEn: 'My family',
    level: 'A1',
    premium: true,
    firstParagraph: 'To jest moja rodzina. Mam brata.',
    ...overrides,
  };
}

/** The annotations of makeLesson's three sentences, as the API ships them (one block per sentence). */
export function makeAnnotations(): TAnnotations {
  const jestem = { lexeme: 1, form: '1st person singular, present tense, imperfective, of być', tag: 'verb:fin:sg:pri:imperf:nonrefl' };
  return {
    version: 1,
    lexemes: [
      { lemma: 'cześć', pos: 'interjection', meaning: 'hi' },
      { lemma: 'być', pos: 'verb', meaning: 'to be', aspect: 'imperfective' },
      { lemma: 'Ania', pos: 'name', meaning: "Ania (a woman's name)", kind: 'person' },
      { lemma: 'mieszkać', pos: 'verb', meaning: 'to live', aspect: 'imperfective', partner: 'zamieszkać' },
      { lemma: 'w', pos: 'preposition', meaning: 'in' },
      { lemma: 'Kraków', pos: 'name', meaning: 'Kraków (a city)', kind: 'place' },
      { lemma: 'studentka', pos: 'noun', meaning: 'student (a woman)', gender: 'feminine' },
    ],
    phrases: [{ text: 'mieszkać w', meaning: 'to live in' }],
    blocks: [
      [{ lexeme: 0, form: 'interjection', tag: 'interj' }, jestem, { lexeme: 2, form: 'name (a person)' }],
      [
        { lexeme: 3, form: '1st person singular, present tense, imperfective, of mieszkać', tag: 'verb:fin:sg:pri:imperf', phrase: 0 },
        { lexeme: 4, form: 'preposition with the locative', tag: 'prep:loc:nwok', meaning: 'in (a place)', phrase: 0 },
        { lexeme: 5, form: 'locative singular of Kraków', tag: 'subst:sg:loc:m3' },
      ],
      [jestem, { lexeme: 6, form: 'instrumental singular of studentka', tag: 'subst:sg:inst:f' }],
    ],
  };
}

/**
 * A `media` block for makeLesson's three sentences (docs/api.md, "Lesson media"): a normal track (sentence 1 at
 * 0-2 s, sentence 2 at 2.5-4.5 s with word timings, sentence 3 at 5-7 s) and a slow track at 1.5 times the times.
 */
export function makeMedia(overrides: Partial<TMedia> = {}): TMedia {
  const at = (k: number) => [
    { p: 0, s: 0, startMs: 0, endMs: 2000 * k },
    {
      p: 0,
      s: 1,
      startMs: 2500 * k,
      endMs: 4500 * k,
      words: [
        { i: 0, startMs: 2500 * k, endMs: 3300 * k },
        { i: 1, startMs: 3300 * k, endMs: 3600 * k },
        { i: 2, startMs: 3600 * k, endMs: 4500 * k },
      ],
    },
    { p: 1, s: 0, startMs: 5000 * k, endMs: 7000 * k },
  ];
  return {
    status: 'ready',
    source: 'synthetic',
    voiceLabel: 'Synthetic voice (eSpeak NG)',
    tracks: [
      { speed: 'normal', url: '/media/lessons/complete-beginner/complete-beginner-1/normal-abc.mp3', durationMs: 7200, bytes: 14400, sentences: at(1) },
      { speed: 'slow', url: '/media/lessons/complete-beginner/complete-beginner-1/slow-abc.mp3', durationMs: 10800, bytes: 21600, sentences: at(1.5) },
    ],
    words: { cześć: '/media/words/cz.mp3' },
    ...overrides,
  };
}

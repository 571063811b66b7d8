import type { TLessonResponse, TLessonTeaser } from '@polski/contracts';

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

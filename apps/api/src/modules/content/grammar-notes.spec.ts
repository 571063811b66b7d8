import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { countWords, ZGrammarTopicFileSchema, ZLessonFileSchema, type TLessonFile } from '@polski/contracts';
import { workspacePath } from '../../lib/paths';
import { loadCatalogue } from './catalogue';
import { findWord, findWords, resolveGrammar } from './grammar';

/**
 * (In a JavaScript pattern \b knows only ASCII letters, so a phrase that ends in ć or ę ends in (?![\p{L}]) with
 * the u flag instead.)
 *
 * The grammar notes over the whole catalogue (docs/content.md, "Grammar notes"). Which topics a lesson needs is
 * derived from its summary with the table below: a phrase the summary contains names a topic. A lesson's
 * `grammar:` must name exactly the topics its summary names, and every lesson whose summary names none is listed
 * in NO_GRAMMAR_POINT, so that a new or reworded summary is classified by hand and not silently left without a note.
 */
export const SUMMARY_TOPICS: readonly (readonly [RegExp, string])[] = [
  [/\bthe verb być \(jestem/, 'byc-present'],
  [/\bthe past of być(?![\p{L}])/u, 'byc-past'],
  [/\bthe verb mieć(?![\p{L}])/u, 'miec-present'],
  [/(?<!first )\bpast (?:and (?:present|future) )?tenses?\b/, 'past-tense'],
  [/\bpresent[ -]tense\b|\bpresent tenses\b|-ować verbs|\bznać and pamiętać(?![\p{L}])/u, 'present-tense'],
  [/\bfuture tenses?\b|\bthe future with\b/, 'future-tense'],
  [/\baspect pairs\b|\bperfective and imperfective\b/, 'aspect'],
  [/\b(?:chcieć|musieć)(?![\p{L}])/u, 'modal-verbs'],
  [/\breflexive verbs\b/, 'reflexive-sie'],
  [/\baccusative\b|\bpoproszę(?![\p{L}])|\(w poniedziałek, we wtorek/u, 'accusative'],
  [/\bnie ma \(there is no\)|\bthe verb szukać(?![\p{L}])|\(Jestem z\.\.\.\)|\bquantities\b/u, 'genitive'],
  [/\binstrumental\b/, 'instrumental'],
  [/\bprepositions\b|\bpracować w\b/, 'prepositions-place'],
  [/\bmam pięć lat\b|\bzłote, złotych\b/, 'numbers-2-4'],
  [/\badjective endings\b/, 'adjective-agreement'],
  [/\bplural nouns\b/, 'plural-nouns'],
  [/\bPractise questions\b|\bquestions with dlaczego\b/, 'questions'],
  [/\breported (?:speech|questions)\b/, 'reported-speech'],
  [/\bconditionals?\b|\bgdyby\b/, 'conditional'],
  [/\bparticiples\b/, 'participles'],
  [/\brelative clauses\b/, 'relative-clauses'],
  [/\bordinal numbers\b|\btelling the time\b/, 'ordinal-numbers'],
  [/\bboli mnie\b/, 'boli-mnie'],
  [/\bgrać w and grać na\b/, 'grac-w-na'],
  [/\bpan and pani\b|\bty\/pan\b|\bformal Polish\b/, 'formal-address'],
];

/**
 * Lessons whose summary names no grammar point, only vocabulary, phrases or listening tasks (weather, directions,
 * symptoms, tickets, breakfast words; the listening practice and the history lessons).
 */
export const NO_GRAMMAR_POINT: readonly string[] = [
  'beginner-moon-story/moon-3',
  'beginner-moon-story/moon-8',
  'complete-beginner/complete-beginner-11',
  'complete-beginner/complete-beginner-13',
  'practical-dialogues/na-dworcu',
  'practical-dialogues/u-lekarza',
  'practical-dialogues/w-aptece',
  'practical-dialogues/w-kawiarni',
  ...[
    'fragment-podcastu',
    'komunikat-na-dworcu',
    'prognoza-pogody',
    'przepis-w-radiu',
    'przewodnik-po-krakowie',
    'rezerwacja-stolika',
    'wiadomosc-glosowa',
    'wiadomosci-radiowe',
  ].map((s) => `listening-practice/${s}`),
  ...[
    'bitwa-pod-grunwaldem',
    'chrzest-polski',
    'konstytucja-3-maja-i-rozbiory',
    'odzyskanie-niepodleglosci',
    'powstanie-warszawskie',
    'solidarnosc-i-okragly-stol',
  ].map((s) => `history-of-poland/${s}`),
];

/**
 * Lessons whose notes are still to be written, by hub (docs/content.md, "Grammar notes"): each is reported, and
 * the check holds them to having either no notes or all of them. Empty when the catalogue is complete.
 */
export const NOTES_TO_WRITE: readonly string[] = [];

export function topicsNamedBy(summary: string): string[] {
  return [...new Set(SUMMARY_TOPICS.filter(([re]) => re.test(summary)).map(([, id]) => id))].sort();
}

const key = (l: TLessonFile) => `${l.hub}/${l.slug}`;

/** Lessons whose notes are not exactly the topics their summary names (a lesson still to write may have none). */
export function coverageProblems(lessons: readonly TLessonFile[]): string[] {
  return lessons.flatMap((l) => {
    const named = topicsNamedBy(l.summary);
    const written = (l.grammar ?? []).map((g) => g.topic).sort();
    if (NOTES_TO_WRITE.includes(key(l)) && written.length === 0) return [];
    return named.join() === written.join() ? [] : [`${key(l)}: summary names [${named}], notes [${written}]`];
  });
}

describe('grammar notes over the whole catalogue', () => {
  const catalogue = loadCatalogue(workspacePath('content'));
  const lessons = catalogue.allLessons();

  it('has a note for every topic the summary names, and no other', () => {
    expect(coverageProblems(lessons)).toEqual([]);
  });

  it('lists every lesson whose summary names no grammar point, and only those', () => {
    const none = lessons.filter((l) => topicsNamedBy(l.summary).length === 0).map(key).sort();
    // the report the brief asks for: which lessons have no grammar point, and which notes are still to write
    console.log(
      `grammar notes: ${lessons.length - none.length} of ${lessons.length} lessons name a grammar point; ` +
        `none named by ${none.length}: ${none.join(', ')}` +
        (NOTES_TO_WRITE.length ? `; notes still to write: ${NOTES_TO_WRITE.join(', ')}` : ''),
    );
    expect(none).toEqual([...NO_GRAMMAR_POINT].sort());
  });

  it('resolves every example: the sentence is the lesson’s, the word is in it, the topic exists', () => {
    const problems = lessons.flatMap((l) =>
      resolveGrammar(l, catalogue.grammarTopics).problems.map((p) => `${key(l)}: ${p}`),
    );
    expect(problems).toEqual([]);
    for (const l of lessons) {
      for (const note of catalogue.grammarNotes(l) ?? []) {
        for (const ex of note.examples) {
          const pl = l.paragraphs[ex.paragraph].sentences[ex.sentence].pl;
          expect(pl.slice(ex.start, ex.end)).toBe(ex.word);
        }
      }
    }
  });

  it('uses every topic at least once, and every topic file is valid', () => {
    const files = readdirSync(workspacePath('content', 'grammar'));
    expect(files.length).toBe(catalogue.grammarTopics.size);
    const used = new Set(lessons.flatMap((l) => (l.grammar ?? []).map((g) => g.topic)));
    if (NOTES_TO_WRITE.length === 0) expect([...catalogue.grammarTopics.keys()].filter((id) => !used.has(id))).toEqual([]);
    for (const t of catalogue.grammarTopics.values()) {
      expect(ZGrammarTopicFileSchema.safeParse(t).success).toBe(true);
      expect(countWords(t.explanation)).toBeGreaterThanOrEqual(60);
      expect(countWords(t.explanation)).toBeLessThanOrEqual(150);
    }
  });
});

describe('the grammar check fails on a broken note', () => {
  const catalogue = loadCatalogue(workspacePath('content'));
  const lesson = catalogue.lesson('complete-beginner', 'complete-beginner-1')!;
  const withGrammar = (grammar: TLessonFile['grammar']) => ZLessonFileSchema.parse({ ...lesson, grammar });
  const example = { sentence: 'Cześć! Jestem Ania.', word: 'Jestem', en: 'jestem: 1st person singular of być' };

  it('accepts the lesson as written', () => {
    expect(resolveGrammar(lesson, catalogue.grammarTopics).problems).toEqual([]);
  });

  it.each([
    ['a sentence not in the lesson', { ...example, sentence: 'Cześć! Jestem Ola.' }, /is not a sentence of the lesson/],
    ['a word not in the sentence', { ...example, word: 'jesteś' }, /is not a word of/],
    ['part of a word', { ...example, word: 'Jest' }, /is not a word of/],
    [
      'a word that is twice in its sentence',
      { ...example, sentence: 'O, a to jest pani Ewa. Ona jest nauczycielką.', word: 'jest' },
      /"jest" is 2 times in "O, a to jest pani Ewa\. Ona jest nauczycielką\."; quote words that occur once/,
    ],
  ])('reports %s', (_what, broken, message) => {
    const l = withGrammar([{ topic: 'byc-present', examples: [example, broken] }]);
    const { problems } = resolveGrammar(l, catalogue.grammarTopics);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('reports an unknown topic', () => {
    const l = withGrammar([{ topic: 'no-such-topic', examples: [example, example] }]);
    expect(resolveGrammar(l, catalogue.grammarTopics).problems).toEqual([
      'grammar.0.topic: no topic "no-such-topic" in content/grammar',
    ]);
  });

  it('reports a lesson whose summary names a point but has no note, or a note the summary does not name', () => {
    expect(coverageProblems([{ ...lesson, grammar: undefined }])).toEqual([
      'complete-beginner/complete-beginner-1: summary names [byc-present], notes []',
    ]);
    const extra = withGrammar([...lesson.grammar!, { topic: 'genitive', examples: [example, example] }]);
    expect(coverageProblems([extra])).toEqual([
      'complete-beginner/complete-beginner-1: summary names [byc-present], notes [byc-present,genitive]',
    ]);
    const reworded = { ...lesson, summary: `${lesson.summary} Practise the genitive after nie ma (there is no).` };
    expect(coverageProblems([reworded])).toEqual([
      'complete-beginner/complete-beginner-1: summary names [byc-present,genitive], notes [byc-present]',
    ]);
  });

  it('stops the catalogue from loading when an example is wrong', () => {
    const dir = mkdtempSync(join(tmpdir(), 'grammar-'));
    try {
      // a copy of the content with one example's word changed: the start must fail naming the file
      cpSync(workspacePath('content', 'lessons'), join(dir, 'lessons'), { recursive: true });
      cpSync(workspacePath('content', 'grammar'), join(dir, 'grammar'), { recursive: true });
      const file = join(dir, 'lessons', 'complete-beginner', 'complete-beginner-1.yaml');
      writeFileSync(file, readFileSync(file, 'utf8').replace('word: "Jestem"', 'word: "Jestam"'));
      expect(() => loadCatalogue(dir)).toThrow(/complete-beginner-1\.yaml: grammar\.0\.examples\.0\.word: "Jestam"/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds whole words only', () => {
    expect(findWord('Jestem Ania. Jest tu.', 'Jest')).toEqual({ start: 13, end: 17 });
    expect(findWord('Nie ma kanapy.', 'Nie ma kanapy')).toEqual({ start: 0, end: 13 });
    expect(findWord('Jestem Ania.', 'Ani')).toBeUndefined();
    expect(findWords('O, a to jest pani Ewa. Ona jest nauczycielką.', 'jest')).toEqual([
      { start: 8, end: 12 },
      { start: 27, end: 31 },
    ]);
  });
});

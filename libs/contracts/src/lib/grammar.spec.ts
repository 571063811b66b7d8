import { countWords, ZGrammarNoteSchema, ZGrammarTopicFileSchema, ZLessonGrammarFileSchema } from './grammar';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');
const topic = {
  id: 'byc-present',
  title: 'The verb być',
  explanation: words(80),
  table: { caption: 'być', columns: ['person', 'singular'], rows: [['1st person', 'jestem']] },
};
const example = { sentence: 'Jestem Ania.', word: 'Jestem', en: 'jestem: I am' };

describe('grammar schemas', () => {
  it('accepts a topic file with a 60-150 word explanation and a rectangular table', () => {
    expect(ZGrammarTopicFileSchema.safeParse(topic).success).toBe(true);
  });

  it.each([
    ['a short explanation', { ...topic, explanation: words(59) }],
    ['a long explanation', { ...topic, explanation: words(151) }],
    ['a row shorter than the header', { ...topic, table: { ...topic.table, rows: [['1st person']] } }],
    [
      'a row longer than the header',
      { ...topic, table: { ...topic.table, rows: [['1st', 'jestem', 'jesteśmy']] } },
    ],
    ['an id that is not a slug', { ...topic, id: 'Być Present' }],
    ['an unknown key', { ...topic, examples: [] }],
  ])('refuses %s', (_what, value) => {
    expect(ZGrammarTopicFileSchema.safeParse(value).success).toBe(false);
  });

  it('counts words, not punctuation', () => {
    expect(countWords('Być means “to be” — jestem, jesteś.')).toBe(6);
  });

  it('wants 2-3 examples per topic and no topic twice in a lesson', () => {
    expect(
      ZLessonGrammarFileSchema.safeParse([{ topic: 'genitive', examples: [example, example] }]).success,
    ).toBe(true);
    expect(ZLessonGrammarFileSchema.safeParse([{ topic: 'genitive', examples: [example] }]).success).toBe(
      false,
    );
    expect(
      ZLessonGrammarFileSchema.safeParse([{ topic: 'genitive', examples: Array(4).fill(example) }]).success,
    ).toBe(false);
    const twice = [
      { topic: 'genitive', examples: [example, example] },
      { topic: 'genitive', examples: [example, example] },
    ];
    expect(ZLessonGrammarFileSchema.safeParse(twice).success).toBe(false);
    expect(ZLessonGrammarFileSchema.safeParse([]).success).toBe(false);
  });

  it('describes a resolved note with located examples', () => {
    const note = {
      topic: 'byc-present',
      title: topic.title,
      explanation: topic.explanation,
      table: topic.table,
      examples: [{ paragraph: 0, sentence: 0, word: 'Jestem', start: 0, end: 6, en: 'jestem: I am' }],
    };
    expect(ZGrammarNoteSchema.parse(note)).toEqual(note);
    expect(
      ZGrammarNoteSchema.safeParse({ ...note, examples: [{ ...note.examples[0], start: -1 }] }).success,
    ).toBe(false);
  });
});

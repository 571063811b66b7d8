import fc from 'fast-check';
import {
  ANNOTATION_POS,
  CEFR_LEVELS,
  HUB_IDS,
  NATIVE_LANGUAGE_CODES,
  PARTS_OF_SPEECH,
  ZLessonResponseSchema,
} from '@polski/contracts';
import { makeLesson, makeMedia } from '../testing/lesson-fixture';
import { toLessonResponse } from './lesson-guard';

const zodLesson = (value: unknown) => {
  const r = ZLessonResponseSchema.safeParse(value);
  return r.success ? r.data : null;
};

// as JSON.parse gives them: mostly the right shape, now and then a value of another type, a missing key or an
// unknown key, at every level, and any JSON at all
const anyJson = fc.jsonValue();
const MISSING = Symbol('missing');
const withoutMissing = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== MISSING));
/** Lesson-like values; `w`: how much likelier a valid value is than each kind of invalid one, per field. */
const lessonLikeWith = (w: number) => {
  // the nearly valid kind keeps the lengths valid too, so that a fair share passes
  const c = w > 100;
const field = <T>(valid: fc.Arbitrary<T>, optional = false) =>
  fc.oneof(
    { weight: w, arbitrary: valid },
    { weight: 1, arbitrary: anyJson },
    { weight: optional ? Math.ceil(w / 4) : 1, arbitrary: fc.constant(MISSING) },
  );
const rec = (shape: Record<string, fc.Arbitrary<unknown>>) =>
  fc.record({ ...shape, extra: fc.oneof({ weight: w, arbitrary: fc.constant(MISSING) }, { weight: 1, arbitrary: anyJson }) }).map(withoutMissing);
const text = fc.oneof({ weight: w, arbitrary: fc.string({ minLength: 1, maxLength: 8 }) }, { weight: 1, arbitrary: fc.constant('') });
const int = (min: number, max: number) =>
  fc.oneof({ weight: w, arbitrary: fc.integer({ min, max }) }, { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1, 1.5, 2 ** 53) });
const sentence = rec({ pl: field(text), en: field(text), speaker: field(text, true) });
const paragraph = rec({ sentences: field(fc.array(sentence, { minLength: c ? 1 : 0, maxLength: 3 })) });
// mostly coherent (a noun with a gender, a verb with an aspect and maybe a partner), now and then any mix
const grammarFields = {
  gender: field(fc.constantFrom('feminine', 'neuter', 'plural only', 'female'), true),
  aspect: field(fc.constantFrom('perfective', 'imperfective', 'both', 'perf'), true),
  partner: field(text, true),
};
const vocab = fc.oneof(
  {
    weight: w,
    arbitrary: fc.oneof(
      rec({ pl: field(text), pos: field(fc.constant('noun')), en: field(text), gender: grammarFields.gender }),
      rec({ pl: field(text), pos: field(fc.constant('verb')), en: field(text), aspect: grammarFields.aspect, partner: grammarFields.partner }),
      rec({ pl: field(text), pos: field(fc.constantFrom(...PARTS_OF_SPEECH)), en: field(text) }),
    ),
  },
  {
    weight: 1,
    arbitrary: rec({
      pl: field(text),
      pos: field(fc.oneof({ weight: w, arbitrary: fc.constantFrom(...PARTS_OF_SPEECH) }, { weight: 1, arbitrary: fc.string() })),
      en: field(text),
      ...grammarFields,
    }),
  },
);
const question = rec({
  question: field(text),
  questionEn: field(text),
  options: field(fc.array(text, { minLength: c ? 2 : 1, maxLength: c ? 5 : 6 })),
  answer: field(int(0, c ? 1 : 5)),
  kind: field(fc.oneof({ weight: w, arbitrary: fc.constant('inference') }, { weight: 1, arbitrary: fc.string() }), true),
});
const lexeme = rec({
  lemma: field(text),
  pos: field(fc.oneof({ weight: w, arbitrary: fc.constantFrom(...ANNOTATION_POS) }, { weight: 1, arbitrary: fc.string() })),
  meaning: field(text),
  gender: field(text, true),
  aspect: field(fc.constantFrom('perfective', 'imperfective', 'both', 'perf'), true),
  partner: field(text, true),
  kind: field(fc.constantFrom('person', 'place', 'other', 'city'), true),
});
const token = rec({
  lexeme: field(int(0, 3)),
  form: field(text),
  tag: field(text, true),
  meaning: field(text, true),
  phrase: field(int(0, 3), true),
});
const annotations = rec({
  version: field(fc.oneof({ weight: w, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.constant(2) })),
  lexemes: field(fc.array(lexeme, { maxLength: 3 })),
  phrases: field(fc.array(rec({ text: field(text), meaning: field(text) }), { maxLength: 2 })),
  blocks: field(fc.array(fc.array(token, { maxLength: 3 }), { maxLength: 3 })),
});
// exercises: blank texts with one, none or two blanks; one word or not
const blankText = fc.oneof(
  { weight: w, arbitrary: fc.constantFrom('Jestem ___.', '___ jest tu', 'W ___') },
  { weight: 1, arbitrary: fc.constantFrom('Jestem.', '___ i ___', '', '___') },
);
const word = fc.oneof(
  { weight: w, arbitrary: fc.constantFrom('Ania', 'biało-czerwona', 'kot', 'żółw') },
  { weight: 1, arbitrary: fc.constantFrom('dwa słowa', '', 'a-', '5') },
);
const cloze = rec({ type: field(fc.constant('cloze')), text: field(blankText), answer: field(word) });
const wordOrder = rec({
  type: field(fc.constant('word-order')),
  sentence: field(text),
  words: field(fc.array(text, { minLength: c ? 3 : 2, maxLength: c ? 12 : 13 })),
  alsoCorrect: field(fc.array(text, { minLength: c ? 1 : 0, maxLength: 2 }), true),
});
const form = rec({
  type: field(fc.oneof({ weight: w, arbitrary: fc.constant('form') }, { weight: 1, arbitrary: fc.constant('match') })),
  text: field(blankText),
  lemma: field(text),
  options: field(fc.array(word, { minLength: c ? 2 : 1, maxLength: c ? 4 : 5 })),
  answer: field(int(0, c ? 1 : 4)),
});
const exercise = fc.oneof(cloze, wordOrder, form);
const table = rec({
  caption: field(text),
  columns: field(fc.array(fc.string({ maxLength: 4 }), { minLength: c ? 2 : 1, maxLength: 4 })),
  rows: field(fc.array(fc.array(text, { minLength: c ? 2 : 1, maxLength: 3 }), { minLength: c ? 1 : 0, maxLength: 3 })),
});
const example = rec({
  paragraph: field(int(0, 3)),
  sentence: field(int(0, 3)),
  word: field(text),
  start: field(int(0, 9)),
  end: field(int(1, 9)),
  en: field(text),
});
const note = rec({
  topic: field(text),
  title: field(text),
  explanation: field(text),
  table: field(table),
  examples: field(fc.array(example, { minLength: c ? 1 : 0, maxLength: 3 })),
});
const ms = int(0, 9000);
const sentenceTiming = rec({
  p: field(int(0, 3)),
  s: field(int(0, 3)),
  startMs: field(ms),
  endMs: field(ms),
  words: field(fc.array(rec({ i: field(int(0, 5)), startMs: field(ms), endMs: field(ms) }), { maxLength: 1 }), true),
});
const track = rec({
  speed: field(fc.oneof({ weight: w, arbitrary: fc.constantFrom('normal', 'slow') }, { weight: 1, arbitrary: fc.constant('fast') })),
  url: field(text),
  durationMs: field(ms),
  bytes: field(int(0, 99_999)),
  sentences: field(fc.array(sentenceTiming, { maxLength: 2 })),
});
const media = rec({
  status: field(fc.oneof({ weight: w, arbitrary: fc.constantFrom('ready', 'preparing') }, { weight: 1, arbitrary: fc.constant('done') })),
  source: field(fc.oneof({ weight: w, arbitrary: fc.constantFrom('recording', 'neural', 'synthetic') }, { weight: 1, arbitrary: fc.constant('native') })),
  voiceLabel: field(text),
  provider: field(text, true),
  tracks: field(fc.array(track, { maxLength: 1 })),
  words: field(fc.dictionary(fc.constantFrom('kot', 'pies', 'dom'), fc.oneof({ weight: w, arbitrary: fc.string() }, { weight: 1, arbitrary: fc.integer() })), true),
});
const link = fc.oneof(fc.constant(null), rec({ slug: field(fc.string()), title: field(fc.string()), path: field(fc.string()) }));
return rec({
  hub: field(fc.oneof({ weight: w, arbitrary: fc.constantFrom(...HUB_IDS) }, { weight: 1, arbitrary: fc.string() })),
  slug: field(fc.oneof({ weight: w, arbitrary: fc.constantFrom('lesson-1', 'a', 'x-2-y') }, { weight: 1, arbitrary: fc.constantFrom('A', '-a', 'a--b', '') })),
  order: field(int(1, 100)),
  title: field(text),
  titleEn: field(text),
  level: field(fc.oneof({ weight: w, arbitrary: fc.constantFrom(...CEFR_LEVELS) }, { weight: 1, arbitrary: fc.constant('C1') })),
  premium: field(fc.boolean()),
  summary: field(text),
  readingMinutes: field(int(1, 60)),
  videoId: field(fc.constantFrom('abcdefghijk', 'A_b-C1234567'.slice(0, 11), 'short', 'abcdefghijkl'), true),
  listening: field(fc.boolean(), true),
  grammar: field(fc.array(note, { maxLength: 2 }), true),
  paragraphs: field(fc.array(paragraph, { minLength: c ? 1 : 0, maxLength: 3 })),
  vocabulary: field(fc.array(vocab, { minLength: c ? 3 : 2, maxLength: 5 })),
  questions: field(fc.array(question, { minLength: c ? 3 : 2, maxLength: 5 })),
  exercises: field(fc.array(exercise, { minLength: c ? 1 : 0, maxLength: 4 }), true),
  path: field(fc.string()),
  audioUrl: field(fc.string(), true),
  media: field(media, true),
  annotations: field(annotations, true),
  prev: field(link),
  next: field(link),
  completed: field(fc.boolean()),
  lang: field(fc.oneof({ weight: w, arbitrary: fc.constantFrom(...NATIVE_LANGUAGE_CODES) }, { weight: 1, arbitrary: fc.constantFrom('pl', 'xx', '') }), true),
  fallback: field(fc.array(fc.oneof({ weight: w, arbitrary: fc.constantFrom('p0.s1', 'vocab.kot', 'grammar/byc-present:title') }, { weight: 1, arbitrary: fc.integer() }), { maxLength: 3 }), true),
});
};
const lessonLike = fc.oneof(lessonLikeWith(40), lessonLikeWith(1000));

describe('the lesson guard: ZLessonResponseSchema without zod', () => {
  it('accepts and returns exactly what the schema does', () => {
    fc.assert(
      fc.property(fc.oneof({ weight: 20, arbitrary: lessonLike }, { weight: 1, arbitrary: anyJson }), (value) => {
        expect(toLessonResponse(value)).toEqual(zodLesson(value));
      }),
      { numRuns: 4000, seed: 7 },
    );
    // 4000 values take a few seconds on a busy machine: the default 5 s would fail it for time, not for a bug
  }, 60_000);

  it('accepts a real lesson, and both outcomes are common in the property', () => {
    const lesson = makeLesson();
    expect(toLessonResponse(lesson)).toEqual(lesson);
    expect(toLessonResponse({ ...lesson, prev: { ...lesson.prev, extra: 1 } })).toEqual(zodLesson({ ...lesson, prev: { ...lesson.prev, extra: 1 } }));
    const withMedia = { ...lesson, media: makeMedia() };
    expect(toLessonResponse(withMedia)).toEqual(withMedia);
    const samples = fc.sample(lessonLike, { numRuns: 1000, seed: 1 });
    const accepted = samples.filter((s) => zodLesson(s) !== null).length;
    expect(accepted).toBeGreaterThan(20);
    expect(accepted).toBeLessThan(980);
    // the optional parts are accepted too, not only refused
    const parsed = samples.map(zodLesson).filter((l) => l !== null);
    expect(parsed.filter((l) => l.vocabulary.some((v) => v.gender || v.aspect)).length).toBeGreaterThan(0);
  });

  it('accepts the language of the translations, which the API sends with every lesson', () => {
    const lesson = makeLesson();
    // as GET /content/lessons/:hub/:slug answers (docs/api.md, "Language of the content")
    const sent = { ...lesson, lang: 'en', fallback: ['p0.s1', 'vocab.kot'] };
    expect(toLessonResponse(sent)).toEqual(sent);
    expect(toLessonResponse({ ...lesson, lang: 'de' })).toEqual({ ...lesson, lang: 'de' });
    for (const c of [{ ...lesson, lang: 'pl' }, { ...lesson, lang: 'en', fallback: [1] }, { ...lesson, fallback: 'p0.s1' }]) {
      expect(zodLesson(c)).toBeNull();
      expect(toLessonResponse(c)).toBeNull();
    }
  });

  it('accepts `media` as the schema does: unknown keys dropped, a wrong value refused', () => {
    const lesson = makeLesson();
    const track = {
      speed: 'normal',
      url: '/api/content/media/lessons/x/y/normal-0123456789abcdef0123.mp3',
      durationMs: 5000,
      bytes: 30000,
      sentences: [{ p: 0, s: 0, startMs: 0, endMs: 4000, words: [{ i: 0, startMs: 0, endMs: 900, extra: 1 }], extra: 1 }],
      extra: 1,
    };
    const media = { status: 'ready', source: 'synthetic', voiceLabel: 'Synthetic voice (eSpeak NG)', tracks: [track], words: { kot: '/w.mp3' }, extra: 1 };
    const cases = [
      { ...lesson, media },
      { ...lesson, media: { status: 'preparing', source: 'recording', voiceLabel: 'Native speaker recording', tracks: [] } },
      { ...lesson, media: { ...media, status: 'done' } },
      { ...lesson, media: { ...media, tracks: [{ ...track, speed: 'fast' }] } },
      { ...lesson, media: { ...media, tracks: [{ ...track, sentences: [{ p: 0, s: -1, startMs: 0, endMs: 1 }] }] } },
      { ...lesson, media: { ...media, words: { kot: 1 } } },
      { ...lesson, media: { ...media, provider: 'espeak' } },
      { ...lesson, media: { ...media, provider: '' } },
      { ...lesson, media: { ...media, provider: 3 } },
      { ...lesson, media: null },
      { ...lesson, audio: 'old.mp3' },
    ];
    for (const c of cases) expect(toLessonResponse(c)).toEqual(zodLesson(c));
    expect(toLessonResponse(cases[0])?.media?.tracks[0].sentences[0]).toEqual({ p: 0, s: 0, startMs: 0, endMs: 4000, words: [{ i: 0, startMs: 0, endMs: 900 }] });
    expect(toLessonResponse(cases[2])).toBeNull();
    expect(toLessonResponse(cases[6])?.media?.provider).toBe('espeak');
  });
});

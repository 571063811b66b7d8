import {
  CEFR_LEVELS,
  HUB_IDS,
  PARTS_OF_SPEECH,
  type TLessonLink,
  type TLessonResponse,
} from '@polski/contracts';

/**
 * GET /content/lessons/:hub/:slug 200 checked by hand, without zod: the lesson is drawn as soon as its answer and the
 * page's code are there, not after zod has arrived and built its schemas. It accepts and returns exactly what
 * ZLessonResponseSchema.parse does, which lesson-guard.spec.ts holds it to; null where the schema refuses it
 * (the caller then lets the schema report why).
 */
type TRecord = Record<string, unknown>;
const isRecord = (v: unknown): v is TRecord => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isInt = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER): v is number =>
  Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;
const oneOf = (values: readonly string[]) => (v: unknown) => typeof v === 'string' && values.includes(v);
const isHub = oneOf(HUB_IDS);
const isLevel = oneOf(CEFR_LEVELS);
const isPos = oneOf(PARTS_OF_SPEECH);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** A strict object: every key one of `keys`, every required one present. */
function strict(v: unknown, required: readonly string[], optional: readonly string[] = []): v is TRecord {
  if (!isRecord(v)) return false;
  for (const key in v) if (!required.includes(key) && !optional.includes(key)) return false;
  return required.every((key) => key in v);
}
const arrayOf = (v: unknown, min: number, max: number, item: (x: unknown) => boolean) =>
  Array.isArray(v) && v.length >= min && v.length <= max && v.every(item);

const isSentence = (v: unknown) =>
  strict(v, ['pl', 'en'], ['speaker']) &&
  isText(v.pl) &&
  isText(v.en) &&
  (!('speaker' in v) || v.speaker === undefined || isText(v.speaker));
const isParagraph = (v: unknown) => strict(v, ['sentences']) && arrayOf(v.sentences, 1, Infinity, isSentence);
const isVocabularyItem = (v: unknown) =>
  strict(v, ['pl', 'pos', 'en']) && isText(v.pl) && isPos(v.pos) && isText(v.en);
const isQuestion = (v: unknown) =>
  strict(v, ['question', 'questionEn', 'options', 'answer']) &&
  isText(v.question) &&
  isText(v.questionEn) &&
  arrayOf(v.options, 2, 5, isText) &&
  isInt(v.answer, 0) &&
  v.answer < (v.options as unknown[]).length;

const isString = (v: unknown) => typeof v === 'string';
const isTable = (v: unknown) =>
  strict(v, ['caption', 'columns', 'rows']) &&
  isText(v.caption) &&
  arrayOf(v.columns, 2, Infinity, isString) &&
  arrayOf(v.rows, 1, Infinity, (r) => arrayOf(r, 2, Infinity, isText));
const isExample = (v: unknown) =>
  strict(v, ['paragraph', 'sentence', 'word', 'start', 'end', 'en']) &&
  isInt(v.paragraph, 0) &&
  isInt(v.sentence, 0) &&
  isText(v.word) &&
  isInt(v.start, 0) &&
  isInt(v.end, 1) &&
  isText(v.en);
/** A grammar note (ZGrammarNoteSchema). */
const isGrammarNote = (v: unknown) =>
  strict(v, ['topic', 'title', 'explanation', 'table', 'examples']) &&
  isText(v.topic) &&
  isText(v.title) &&
  isText(v.explanation) &&
  isTable(v.table) &&
  arrayOf(v.examples, 1, Infinity, isExample);

const REQUIRED = [
  'hub',
  'slug',
  'order',
  'title',
  'titleEn',
  'level',
  'premium',
  'summary',
  'readingMinutes',
  'paragraphs',
  'vocabulary',
  'questions',
  'path',
  'prev',
  'next',
  'completed',
] as const;
const OPTIONAL = ['audio', 'videoId', 'listening', 'audioUrl', 'grammar'] as const;
const absent = (v: TRecord, key: string) => !(key in v) || v[key] === undefined;

/** prev and next: not strict, so unknown keys are dropped, as zod does. */
function toLink(v: unknown): TLessonLink | null | undefined {
  if (v === null) return null;
  if (!isRecord(v)) return undefined;
  const { slug, title, path } = v;
  if (typeof slug !== 'string' || typeof title !== 'string' || typeof path !== 'string') return undefined;
  return { slug, title, path };
}

export function toLessonResponse(v: unknown): TLessonResponse | null {
  if (!strict(v, REQUIRED, OPTIONAL)) return null;
  const ok =
    isHub(v.hub) &&
    typeof v.slug === 'string' &&
    SLUG.test(v.slug) &&
    isInt(v.order, 1) &&
    isText(v.title) &&
    isText(v.titleEn) &&
    isLevel(v.level) &&
    typeof v.premium === 'boolean' &&
    isText(v.summary) &&
    isInt(v.readingMinutes, 1, 60) &&
    (absent(v, 'audio') || isText(v.audio)) &&
    (absent(v, 'videoId') || (typeof v.videoId === 'string' && VIDEO_ID.test(v.videoId))) &&
    (absent(v, 'listening') || typeof v.listening === 'boolean') &&
    (absent(v, 'grammar') || arrayOf(v.grammar, 0, Infinity, isGrammarNote)) &&
    arrayOf(v.paragraphs, 1, Infinity, isParagraph) &&
    arrayOf(v.vocabulary, 3, Infinity, isVocabularyItem) &&
    arrayOf(v.questions, 3, Infinity, isQuestion) &&
    typeof v.path === 'string' &&
    (absent(v, 'audioUrl') || typeof v.audioUrl === 'string') &&
    typeof v.completed === 'boolean';
  if (!ok) return null;
  const prev = toLink(v.prev);
  const next = toLink(v.next);
  if (prev === undefined || next === undefined) return null;
  // a copy, as zod's parse returns (the strict parts have nothing to drop)
  return structuredClone({ ...v, prev, next }) as TLessonResponse;
}

import {
  ANNOTATION_POS,
  ASPECT_NAMES,
  BLANK,
  CEFR_LEVELS,
  HUB_IDS,
  MEDIA_SOURCES,
  MEDIA_SPEEDS,
  NAME_KINDS,
  PARTS_OF_SPEECH,
  QUESTION_KINDS,
  type TLessonLink,
  type TLessonResponse,
  type TMedia,
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
const isQuestionKind = oneOf(QUESTION_KINDS);
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

const absent = (v: TRecord, key: string) => !(key in v) || v[key] === undefined;

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
  strict(v, ['question', 'questionEn', 'options', 'answer'], ['kind']) &&
  isText(v.question) &&
  isText(v.questionEn) &&
  arrayOf(v.options, 2, 5, isText) &&
  isInt(v.answer, 0) &&
  v.answer < (v.options as unknown[]).length &&
  (absent(v, 'kind') || isQuestionKind(v.kind));

// the exercises (exercises.ts in the contracts)
const ONE_WORD = /^\p{L}+(?:-\p{L}+)*$/u;
const isWord = (v: unknown) => typeof v === 'string' && ONE_WORD.test(v);
const isBlankText = (v: unknown) => isText(v) && v.split(BLANK).length === 2;
const isExercise = (v: unknown) => {
  if (!isRecord(v)) return false;
  if (v.type === 'cloze') return strict(v, ['type', 'text', 'answer']) && isBlankText(v.text) && isWord(v.answer);
  if (v.type === 'word-order') {
    return (
      strict(v, ['type', 'sentence', 'words'], ['alsoCorrect']) &&
      isText(v.sentence) &&
      arrayOf(v.words, 3, 12, isText) &&
      (absent(v, 'alsoCorrect') || arrayOf(v.alsoCorrect, 1, Infinity, isText))
    );
  }
  if (v.type === 'form') {
    return (
      strict(v, ['type', 'text', 'lemma', 'options', 'answer']) &&
      isBlankText(v.text) &&
      isText(v.lemma) &&
      arrayOf(v.options, 2, 4, isWord) &&
      isInt(v.answer, 0) &&
      v.answer < (v.options as unknown[]).length
    );
  }
  return false;
};

// the word annotations (ZAnnotationsSchema), checked as strictly as the schema does
const isIndex = (v: unknown) => isInt(v, 0);
const optional = (v: TRecord, key: string, test: (x: unknown) => boolean) => absent(v, key) || test(v[key]);
const isAnnotationPos = oneOf(ANNOTATION_POS);
const isLexeme = (v: unknown) =>
  strict(v, ['lemma', 'pos', 'meaning'], ['gender', 'aspect', 'partner', 'kind']) &&
  isText(v.lemma) &&
  isAnnotationPos(v.pos) &&
  isText(v.meaning) &&
  optional(v, 'gender', isText) &&
  optional(v, 'aspect', oneOf(ASPECT_NAMES)) &&
  optional(v, 'partner', isText) &&
  optional(v, 'kind', oneOf(NAME_KINDS));
const isTokenAnnotation = (v: unknown) =>
  strict(v, ['lexeme', 'form'], ['tag', 'meaning', 'phrase']) &&
  isIndex(v.lexeme) &&
  isText(v.form) &&
  optional(v, 'tag', isText) &&
  optional(v, 'meaning', isText) &&
  optional(v, 'phrase', isIndex);
const isPhrase = (v: unknown) => strict(v, ['text', 'meaning']) && isText(v.text) && isText(v.meaning);
const isAnnotations = (v: unknown) =>
  strict(v, ['version', 'lexemes', 'phrases', 'blocks']) &&
  v.version === 1 &&
  arrayOf(v.lexemes, 0, Infinity, isLexeme) &&
  arrayOf(v.phrases, 0, Infinity, isPhrase) &&
  arrayOf(v.blocks, 0, Infinity, (b) => arrayOf(b, 0, Infinity, isTokenAnnotation));

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
const OPTIONAL = ['videoId', 'listening', 'audioUrl', 'media', 'annotations', 'exercises', 'grammar'] as const;

/** `media` (docs/api.md, "Lesson media"): plain objects, so unknown keys are dropped, as zod does. */
function toTimings(v: unknown): TMedia['tracks'][number]['sentences'][number] | undefined {
  if (!isRecord(v) || !isInt(v.p, 0) || !isInt(v.s, 0) || !isInt(v.startMs, 0) || !isInt(v.endMs, 0)) return undefined;
  const out: TMedia['tracks'][number]['sentences'][number] = { p: v.p, s: v.s, startMs: v.startMs, endMs: v.endMs };
  if (absent(v, 'words')) return out;
  if (!Array.isArray(v.words)) return undefined;
  const words = [];
  for (const w of v.words as unknown[]) {
    if (!isRecord(w) || !isInt(w.i, 0) || !isInt(w.startMs, 0) || !isInt(w.endMs, 0)) return undefined;
    words.push({ i: w.i, startMs: w.startMs, endMs: w.endMs });
  }
  return { ...out, words };
}

function toMedia(v: unknown): TMedia | undefined {
  if (!isRecord(v)) return undefined;
  const { status, source, voiceLabel, tracks, words } = v;
  if ((status !== 'ready' && status !== 'preparing') || !oneOf(MEDIA_SOURCES)(source) || !isText(voiceLabel) || !Array.isArray(tracks))
    return undefined;
  const out: TMedia = { status, source: source as TMedia['source'], voiceLabel, tracks: [] };
  for (const t of tracks as unknown[]) {
    if (!isRecord(t) || !oneOf(MEDIA_SPEEDS)(t.speed) || !isText(t.url) || !isInt(t.durationMs, 0) || !isInt(t.bytes, 0))
      return undefined;
    if (!Array.isArray(t.sentences)) return undefined;
    const sentences = [];
    for (const s of t.sentences as unknown[]) {
      const timed = toTimings(s);
      if (!timed) return undefined;
      sentences.push(timed);
    }
    out.tracks.push({ speed: t.speed as TMedia['tracks'][number]['speed'], url: t.url, durationMs: t.durationMs, bytes: t.bytes, sentences });
  }
  if (!absent(v, 'words')) {
    if (!isRecord(words) || !Object.values(words).every((u) => typeof u === 'string')) return undefined;
    out.words = { ...(words as Record<string, string>) };
  }
  return out;
}

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
    (absent(v, 'videoId') || (typeof v.videoId === 'string' && VIDEO_ID.test(v.videoId))) &&
    (absent(v, 'listening') || typeof v.listening === 'boolean') &&
    (absent(v, 'grammar') || arrayOf(v.grammar, 0, Infinity, isGrammarNote)) &&
    arrayOf(v.paragraphs, 1, Infinity, isParagraph) &&
    arrayOf(v.vocabulary, 3, Infinity, isVocabularyItem) &&
    arrayOf(v.questions, 3, Infinity, isQuestion) &&
    (absent(v, 'exercises') || arrayOf(v.exercises, 1, Infinity, isExercise)) &&
    typeof v.path === 'string' &&
    (absent(v, 'audioUrl') || typeof v.audioUrl === 'string') &&
    (absent(v, 'annotations') || isAnnotations(v.annotations)) &&
    typeof v.completed === 'boolean';
  if (!ok) return null;
  const prev = toLink(v.prev);
  const next = toLink(v.next);
  if (prev === undefined || next === undefined) return null;
  const media = absent(v, 'media') ? undefined : toMedia(v.media);
  if (!absent(v, 'media') && !media) return null;
  // a copy, as zod's parse returns (the strict parts have nothing to drop)
  return structuredClone({ ...v, prev, next, ...(media ? { media } : {}) }) as TLessonResponse;
}

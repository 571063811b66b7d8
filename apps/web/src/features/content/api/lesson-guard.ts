import {
  ANNOTATION_POS,
  ASPECT_NAMES,
  BLANK,
  CEFR_LEVELS,
  HUB_IDS,
  MEDIA_SOURCES,
  MEDIA_SPEEDS,
  NAME_KINDS,
  NATIVE_LANGUAGE_CODES,
  NOUN_GENDERS,
  PARTS_OF_SPEECH,
  QUESTION_KINDS,
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
  strict(v, ['pl', 'pos', 'en'], ['gender', 'aspect', 'partner']) &&
  isText(v.pl) &&
  isPos(v.pos) &&
  isText(v.en) &&
  (absent(v, 'gender') || (oneOf(NOUN_GENDERS)(v.gender) && v.pos === 'noun')) &&
  (absent(v, 'aspect') || oneOf(ASPECT_NAMES)(v.aspect)) &&
  (absent(v, 'partner') || isText(v.partner)) &&
  (v.pos === 'verb' || (absent(v, 'aspect') && absent(v, 'partner')));
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

// the media block (ZMediaSchema: z.object at every level, so unknown keys are dropped, not refused)
const MEDIA_STATUSES = ['ready', 'preparing'];
const pick = (v: TRecord, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((k) => k in v && v[k] !== undefined).map((k) => [k, v[k]]));
function toWordTiming(v: unknown): TRecord | undefined {
  if (!isRecord(v) || !isIndex(v.i) || !isIndex(v.startMs) || !isIndex(v.endMs)) return undefined;
  return pick(v, ['i', 'startMs', 'endMs']);
}
function toSentenceTiming(v: unknown): TRecord | undefined {
  if (!isRecord(v) || !isIndex(v.p) || !isIndex(v.s) || !isIndex(v.startMs) || !isIndex(v.endMs)) return undefined;
  const out = pick(v, ['p', 's', 'startMs', 'endMs']);
  if (absent(v, 'words')) return out;
  if (!Array.isArray(v.words)) return undefined;
  const words = v.words.map(toWordTiming);
  return words.every(Boolean) ? { ...out, words } : undefined;
}
function toTrack(v: unknown): TRecord | undefined {
  if (!isRecord(v) || !oneOf(MEDIA_SPEEDS)(v.speed) || !isText(v.url) || !isIndex(v.durationMs) || !isIndex(v.bytes)) {
    return undefined;
  }
  if (!Array.isArray(v.sentences)) return undefined;
  const sentences = v.sentences.map(toSentenceTiming);
  return sentences.every(Boolean) ? { ...pick(v, ['speed', 'url', 'durationMs', 'bytes']), sentences } : undefined;
}
/** ZMediaSchema's parse without zod: the media with unknown keys dropped, or undefined where it refuses it. */
function toMedia(v: unknown): TRecord | undefined {
  if (!isRecord(v) || !oneOf(MEDIA_STATUSES)(v.status) || !oneOf(MEDIA_SOURCES)(v.source) || !isText(v.voiceLabel)) {
    return undefined;
  }
  if (!Array.isArray(v.tracks)) return undefined;
  const tracks = v.tracks.map(toTrack);
  if (!tracks.every(Boolean)) return undefined;
  if (!absent(v, 'provider') && !isText(v.provider)) return undefined;
  const out: TRecord = { ...pick(v, ['status', 'source', 'voiceLabel', 'provider']), tracks };
  if (absent(v, 'words')) return out;
  if (!isRecord(v.words) || !Object.values(v.words).every((u) => typeof u === 'string')) return undefined;
  return { ...out, words: { ...v.words } };
}

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
// `lang` and `fallback`: the language of the answer's translations (ZContentLanguageFields), which the API always
// sends; without them here every real answer was refused and parsed by zod, on the lesson's way to its first paint
const OPTIONAL = [
  'videoId',
  'listening',
  'audioUrl',
  'media',
  'annotations',
  'exercises',
  'grammar',
  'lang',
  'fallback',
] as const;

/** prev and next: not strict, so unknown keys are dropped, as zod does. */
function toLink(v: unknown): TLessonLink | null | undefined {
  if (v === null) return null;
  if (!isRecord(v)) return undefined;
  const { slug, title, path, premium } = v;
  if (typeof slug !== 'string' || typeof title !== 'string' || typeof path !== 'string') return undefined;
  if (premium !== undefined && typeof premium !== 'boolean') return undefined;
  return premium === undefined ? { slug, title, path } : { slug, title, path, premium };
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
    typeof v.completed === 'boolean' &&
    (absent(v, 'lang') || oneOf(NATIVE_LANGUAGE_CODES)(v.lang)) &&
    (absent(v, 'fallback') || arrayOf(v.fallback, 0, Infinity, isString));
  if (!ok) return null;
  const prev = toLink(v.prev);
  const next = toLink(v.next);
  if (prev === undefined || next === undefined) return null;
  const media = absent(v, 'media') ? undefined : toMedia(v.media);
  if (!absent(v, 'media') && !media) return null;
  // a copy, as zod's parse returns (the strict parts have nothing to drop)
  return structuredClone(media ? { ...v, prev, next, media } : { ...v, prev, next }) as TLessonResponse;
}

import { z } from 'zod';
import { ZHubIdSchema } from './content';
import { ANNOTATION_POS } from './content-kinds';

/**
 * Saved words, word statuses, review, progress and the learner's data (issue 17; docs/api.md, "Learning";
 * docs/product.md, "Saved words and review").
 */

// ---- words and statuses ---------------------------------------------------------------------------------------

/** A lemma as the annotations name it ("pies", "uczyć się", "dzień dobry"). */
export const ZLemmaSchema = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^\p{L}+(?:[- ']\p{L}+)*$/u, 'Letters, with single spaces, hyphens or apostrophes between them');

/** LingQ's model: new (no row), learning 1-4, known, ignored. */
export const WORD_STATUSES = ['new', 'learning', 'known', 'ignored'] as const;
export const ZWordStatusSchema = z.enum(WORD_STATUSES);
export type TWordStatus = z.infer<typeof ZWordStatusSchema>;

/** A status as it is sent and received: `stage` 1-4 while learning, absent otherwise. */
export const ZWordStatusValueSchema = z.strictObject({
  status: ZWordStatusSchema,
  stage: z.number().int().min(1).max(4).optional(),
});
export type TWordStatusValue = z.infer<typeof ZWordStatusValueSchema>;

export const ZSetWordStatusRequestSchema = z
  .strictObject({
    lemma: ZLemmaSchema,
    status: ZWordStatusSchema,
    stage: z.number().int().min(1).max(4).optional(),
  })
  .refine((v) => (v.status === 'learning') === (v.stage !== undefined), {
    message: 'A learning status has a stage 1-4; the others have none',
    path: ['stage'],
  });
export type TSetWordStatusRequest = z.infer<typeof ZSetWordStatusRequestSchema>;
export const ZSetWordStatusResponseSchema = ZWordStatusValueSchema.extend({ lemma: z.string() });
export type TSetWordStatusResponse = z.infer<typeof ZSetWordStatusResponseSchema>;

export const MAX_BULK_LEMMAS = 500;
/** The end-of-lesson action: these lemmas (the lesson's remaining new words) become known. */
export const ZMarkKnownRequestSchema = z.strictObject({
  lemmas: z.array(ZLemmaSchema).min(1).max(MAX_BULK_LEMMAS),
});
export type TMarkKnownRequest = z.infer<typeof ZMarkKnownRequestSchema>;
export const ZMarkKnownResponseSchema = z.strictObject({
  /** lemmas that were new and are now known (learning, known and ignored ones are left as they are) */
  marked: z.number().int().min(0),
});

/** The statuses of one lesson's lemmas that are not new (a lemma absent here is new). */
export const ZLessonStatusesResponseSchema = z.strictObject({
  statuses: z.record(z.string(), ZWordStatusValueSchema),
});
export type TLessonStatusesResponse = z.infer<typeof ZLessonStatusesResponseSchema>;

/** Save a word: where it is in the catalogue. The server reads the word, sentence, translation and lemma there. */
export const ZSaveWordRequestSchema = z.strictObject({
  hub: ZHubIdSchema,
  slug: z.string().min(1).max(120),
  /** paragraph, sentence in it, token in the sentence (tokenize of libs/contracts annotations.ts) */
  p: z.number().int().min(0).max(1000),
  s: z.number().int().min(0).max(1000),
  t: z.number().int().min(0).max(1000),
});
export type TSaveWordRequest = z.infer<typeof ZSaveWordRequestSchema>;

export const ZSavedWordSchema = z.strictObject({
  id: z.uuid(),
  lemma: z.string(),
  pos: z.enum(ANNOTATION_POS),
  form: z.string(),
  sentence: z.string(),
  translation: z.string(),
  meaning: z.string(),
  hub: z.string(),
  slug: z.string(),
  p: z.number().int(),
  s: z.number().int(),
  t: z.number().int(),
  /** the lemma's status now */
  status: ZWordStatusValueSchema,
  /** when its card is next due */
  due: z.iso.datetime(),
  createdAt: z.iso.datetime(),
});
export type TSavedWord = z.infer<typeof ZSavedWordSchema>;
export const ZSavedWordListResponseSchema = z.array(ZSavedWordSchema);
export const ZSavedWordIdParamsSchema = z.object({ id: z.uuid() });

// ---- review -----------------------------------------------------------------------------------------------------

export const CARD_TYPES = ['meaning', 'cloze', 'listening'] as const;
export const ZCardTypeSchema = z.enum(CARD_TYPES);
export type TCardType = z.infer<typeof ZCardTypeSchema>;

export const REVIEW_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export const ZReviewRatingSchema = z.enum(REVIEW_RATINGS);
export type TReviewRating = z.infer<typeof ZReviewRatingSchema>;

/** The due date each grade would give the card if answered now (what the grading buttons show). */
export const ZIntervalsSchema = z.strictObject({
  again: z.iso.datetime(),
  hard: z.iso.datetime(),
  good: z.iso.datetime(),
  easy: z.iso.datetime(),
});

/** A card to review, with what its type needs. The answer of a cloze or listening card is checked by the server. */
export const ZReviewItemSchema = z.strictObject({
  cardId: z.uuid(),
  type: ZCardTypeSchema,
  /** new: never answered (counts against the new-cards limit) */
  isNew: z.boolean(),
  lemma: z.string(),
  pos: z.enum(ANNOTATION_POS),
  meaning: z.string(),
  /** meaning recall: the form met and its sentence; cloze: the sentence with `___` where the form was */
  form: z.string().optional(),
  sentence: z.string(),
  translation: z.string(),
  /** listening: the lesson's normal-speed track and where the sentence is in it (docs/api.md, "Lesson media") */
  audio: z
    .object({ url: z.string(), startMs: z.number().int().min(0), endMs: z.number().int().min(0) })
    .optional(),
  hub: z.string(),
  slug: z.string(),
  p: z.number().int(),
  s: z.number().int(),
  intervals: ZIntervalsSchema,
});
export type TReviewItem = z.infer<typeof ZReviewItemSchema>;

export const ZReviewQueueResponseSchema = z.strictObject({
  items: z.array(ZReviewItemSchema),
  /** what is left of today's limits after these items */
  newLeft: z.number().int().min(0),
  reviewsLeft: z.number().int().min(0),
});
export type TReviewQueueResponse = z.infer<typeof ZReviewQueueResponseSchema>;

export const ZReviewAnswerRequestSchema = z.strictObject({
  cardId: z.uuid(),
  /** the type the queue gave (the server checks it is the type of this review) */
  type: ZCardTypeSchema,
  rating: ZReviewRatingSchema,
  /** cloze and listening: what the learner typed; a wrong answer is graded `again` whatever the rating */
  typed: z.string().max(100).optional(),
  /** time spent on the card, for the minutes goal (capped at 2 minutes) */
  durationMs: z.number().int().min(0).max(3_600_000).optional(),
});
export type TReviewAnswerRequest = z.infer<typeof ZReviewAnswerRequestSchema>;

export const ZReviewAnswerResponseSchema = z.strictObject({
  cardId: z.uuid(),
  /** the rating applied (`again` for a wrong typed answer) */
  rating: ZReviewRatingSchema,
  /** a typed answer's score (as the lesson's cloze scores it) and the expected form */
  score: z.enum(['correct', 'almost', 'wrong']).optional(),
  expected: z.string().optional(),
  due: z.iso.datetime(),
  /** the next card of the queue (within the limits), with its four intervals, or null when done for today */
  next: ZReviewItemSchema.nullable(),
});
export type TReviewAnswerResponse = z.infer<typeof ZReviewAnswerResponseSchema>;

export const ZReviewUndoResponseSchema = z.strictObject({
  /** the card as it was before the undone answer, to show again */
  item: ZReviewItemSchema,
});

// ---- progress and settings --------------------------------------------------------------------------------------

export const GOAL_KINDS = ['minutes', 'items'] as const;

/** An IANA time zone name that this runtime's Intl knows ("Europe/Warsaw"). */
export const ZTimeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'Not a time zone (an IANA name such as Europe/Warsaw)');

export const ZLearnerSettingsSchema = z.strictObject({
  timeZone: ZTimeZoneSchema,
  goalKind: z.enum(GOAL_KINDS),
  goalAmount: z.number().int().min(1).max(1000),
  newPerDay: z.number().int().min(0).max(200),
  reviewsPerDay: z.number().int().min(0).max(2000),
  /**
   * Opt-in "your reviews are due" emails, at most one a day (docs/product.md, "Review reminders"). Always in the
   * answer; optional in a change, where absent leaves it as it is.
   */
  reviewReminders: z.boolean().optional(),
});
export type TLearnerSettings = z.infer<typeof ZLearnerSettingsSchema>;

export const ZProgressSummaryResponseSchema = z.strictObject({
  /** the learner's day, YYYY-MM-DD in their time zone */
  today: z.iso.date(),
  streak: z.strictObject({
    /** days with a completed lesson or a review, up to today (today still open does not break it) */
    days: z.number().int().min(0),
    activeToday: z.boolean(),
    /** this ISO week's freeze is still unused */
    freezeAvailable: z.boolean(),
  }),
  goal: z.strictObject({
    kind: z.enum(GOAL_KINDS),
    amount: z.number().int(),
    done: z.number().int().min(0),
  }),
  activity: z.strictObject({
    lessons: z.number().int().min(0),
    reviews: z.number().int().min(0),
    items: z.number().int().min(0),
    minutes: z.number().int().min(0),
  }),
  wordsKnown: z.number().int().min(0),
  dueNow: z.number().int().min(0),
  hubs: z.array(
    z.strictObject({
      id: z.string(),
      completed: z.number().int(),
      total: z.number().int(),
      percent: z.number().int(),
    }),
  ),
  /** the lesson to continue: after the last completed one (or the first of the first hub), null when all are done */
  continue: z
    .strictObject({ hub: z.string(), slug: z.string(), title: z.string(), path: z.string() })
    .nullable(),
});
export type TProgressSummaryResponse = z.infer<typeof ZProgressSummaryResponseSchema>;

/** The progress page's window: 26 whole weeks (Monday to Sunday) up to this week's Sunday. */
export const HISTORY_WEEKS = 26;
/** How many days of due reviews the forecast gives, today first. */
export const DUE_FORECAST_DAYS = 30;

const ZDaySchema = z.iso.date();

/** The progress page's charts (docs/product.md, "Progress page"); every day is the learner's (their time zone). */
export const ZProgressHistoryResponseSchema = z.strictObject({
  today: ZDaySchema,
  /** the window's first day: the Monday HISTORY_WEEKS - 1 weeks before this week's Monday */
  from: ZDaySchema,
  /** one entry per day from `from` to today: the lemmas known at the end of that day */
  knownWords: z.array(z.strictObject({ day: ZDaySchema, known: z.number().int().min(0) })),
  /** DUE_FORECAST_DAYS entries from today: the cards that fall due that day (today's include those overdue) */
  due: z.array(z.strictObject({ day: ZDaySchema, count: z.number().int().min(0) })),
  /** the days from `from` to today with activity or a freeze, oldest first (a day absent had none) */
  activity: z.array(
    z.strictObject({
      day: ZDaySchema,
      lessons: z.number().int().min(0),
      reviews: z.number().int().min(0),
      items: z.number().int().min(0),
      minutes: z.number().int().min(0),
      /** a missed day the week's freeze covered */
      frozen: z.boolean(),
    }),
  ),
});
export type TProgressHistoryResponse = z.infer<typeof ZProgressHistoryResponseSchema>;

// ---- export and import ------------------------------------------------------------------------------------------

export const EXPORT_FORMATS = ['csv', 'anki'] as const;
export const ZExportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('csv') });

export const MAX_IMPORT_LINES = 5000;
export const MAX_IMPORT_CHARS = 60_000;
/** A known-words list: one lemma per line (blank lines and lines starting with # are skipped). */
export const ZImportKnownRequestSchema = z.strictObject({
  text: z.string().max(MAX_IMPORT_CHARS),
});
export const ZImportKnownResponseSchema = z.strictObject({
  /** lemmas set to known (new or learning before) */
  imported: z.number().int().min(0),
  /** already known or ignored: left as they are */
  unchanged: z.number().int().min(0),
  /** lines that are not a lemma of the dictionary, with their line numbers (1-based) */
  notInDictionary: z.array(z.strictObject({ line: z.number().int(), text: z.string() })),
  /** lines that are not a word at all */
  invalid: z.array(z.strictObject({ line: z.number().int(), text: z.string() })),
});
export type TImportKnownResponse = z.infer<typeof ZImportKnownResponseSchema>;

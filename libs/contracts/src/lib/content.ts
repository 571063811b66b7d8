import { z } from 'zod';
import { ZAnnotationsSchema, ZWordChoicesSchema } from './annotations';
import { ZExerciseSchema } from './exercises';
import { ZGrammarNoteSchema, ZLessonGrammarFileSchema } from './grammar';
import { NATIVE_LANGUAGE_CODES } from './languages-data';
import {
  ASPECT_NAMES,
  CEFR_LEVELS,
  NOUN_GENDERS,
  MEDIA_SOURCES,
  MEDIA_SPEEDS,
  PARTS_OF_SPEECH,
  QUESTION_KINDS,
} from './content-kinds';
import { HUB_IDS } from './hubs';

export * from './hubs';
export * from './content-kinds';
export * from './annotations';
export * from './morphology';
export * from './exercise-engine';
export * from './exercise-checks';
export * from './exercises';
export * from './grammar';
export * from './content-i18n';

export const ZHubIdSchema = z.enum(HUB_IDS);

export const ZCefrLevelSchema = z.enum(CEFR_LEVELS);

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug must be lowercase words joined by dashes');

export const ZSentenceSchema = z.strictObject({
  pl: z.string().min(1),
  en: z.string().min(1),
  /** Speaker of a dialogue turn (practical-dialogues). */
  speaker: z.string().min(1).optional(),
});
export type TSentence = z.infer<typeof ZSentenceSchema>;

/** A sentence in a lesson file: `words` picks readings and meanings for the annotator (never sent to readers). */
export const ZSentenceFileSchema = ZSentenceSchema.extend({ words: ZWordChoicesSchema.optional() });
export type TSentenceFile = z.infer<typeof ZSentenceFileSchema>;

export const ZParagraphSchema = z.strictObject({ sentences: z.array(ZSentenceSchema).min(1) });
export const ZParagraphFileSchema = z.strictObject({ sentences: z.array(ZSentenceFileSchema).min(1) });

/**
 * A word of the lesson's vocabulary list. Nouns carry their gender and verbs their aspect and aspect partner
 * (docs/content.md, "Word frequency and the vocabulary list").
 */
export const ZVocabularyItemSchema = z
  .strictObject({
    pl: z.string().min(1),
    pos: z.enum(PARTS_OF_SPEECH),
    en: z.string().min(1),
    gender: z.enum(NOUN_GENDERS).optional(),
    aspect: z.enum(ASPECT_NAMES).optional(),
    /** The other verb of the aspect pair, when there is one. */
    partner: z.string().min(1).optional(),
  })
  .refine((v) => v.pos === 'noun' || v.gender === undefined, {
    message: 'gender is for nouns',
    path: ['gender'],
  })
  .refine((v) => v.pos === 'verb' || (v.aspect === undefined && v.partner === undefined), {
    message: 'aspect and partner are for verbs',
    path: ['aspect'],
  });
export type TVocabularyItem = z.infer<typeof ZVocabularyItemSchema>;

export const ZQuestionSchema = z
  .strictObject({
    question: z.string().min(1),
    questionEn: z.string().min(1),
    options: z.array(z.string().min(1)).min(2).max(5),
    answer: z.number().int().min(0),
    /** `inference`: the answer is implied by the text, not stated in it; absent: a fact the text states. */
    kind: z.enum(QUESTION_KINDS).optional(),
  })
  .refine((q) => q.answer < q.options.length, {
    message: 'answer must index one of the options',
    path: ['answer'],
  });

/** A lesson file under content/lessons/<hub>/<slug>.yaml. */
export const ZLessonFileSchema = z.strictObject({
  hub: ZHubIdSchema,
  slug,
  order: z.number().int().min(1),
  title: z.string().min(1),
  titleEn: z.string().min(1),
  level: ZCefrLevelSchema,
  premium: z.boolean(),
  summary: z.string().min(1),
  readingMinutes: z.number().int().min(1).max(60),
  /** Grammar notes: the topics the summary names, with examples from the text (docs/content.md, "Grammar notes"). */
  grammar: ZLessonGrammarFileSchema.optional(),
  videoId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{11}$/, 'videoId must be an 11-character video id')
    .optional(),
  /** Listening exercises hide the text until the learner asks for it. */
  listening: z.boolean().optional(),
  paragraphs: z.array(ZParagraphFileSchema).min(1),
  vocabulary: z.array(ZVocabularyItemSchema).min(3),
  questions: z.array(ZQuestionSchema).min(3),
  /** Cloze, word-order and form-in-context exercises on sentences of the text (docs/content.md, "Exercises"). */
  exercises: z.array(ZExerciseSchema).min(1).optional(),
});
export type TLessonFile = z.infer<typeof ZLessonFileSchema>;

/**
 * The language of an answer's translations (docs/api.md, "Language of the content"): `lang` is the language of
 * every translated text (sentence translations, glosses, questions, summaries, grammar notes, word meanings), except
 * the texts named in `fallback`, which are in English because their translation is missing. `lang` is `en` when
 * the reader's language has no translation of this item. Always sent by the API (optional for older fixtures).
 */
export const ZContentLanguageFields = {
  lang: z.enum(NATIVE_LANGUAGE_CODES).optional(),
  /** Keys of the texts left in English (content/i18n keys: `p0.s1`, `vocab.kot`, `grammar/byc-present:title`). */
  fallback: z.array(z.string()).optional(),
};

export const ZLessonSummarySchema = z.object({
  hub: ZHubIdSchema,
  slug: z.string(),
  order: z.number(),
  title: z.string(),
  titleEn: z.string(),
  level: ZCefrLevelSchema,
  premium: z.boolean(),
  summary: z.string(),
  readingMinutes: z.number(),
  path: z.string(),
  completed: z.boolean(),
  ...ZContentLanguageFields,
});
export type TLessonSummary = z.infer<typeof ZLessonSummarySchema>;

/**
 * What speaks a set of lessons (docs/product.md, "Honest claims"): how many have ready audio, and from which
 * source. The site says "native speaker" only where `recording` counts it.
 */
export const ZAudioSummarySchema = z.object({
  lessons: z.number().int().min(0),
  ready: z.number().int().min(0),
  recording: z.number().int().min(0),
  neural: z.number().int().min(0),
  synthetic: z.number().int().min(0),
});
export type TAudioSummary = z.infer<typeof ZAudioSummarySchema>;

export const ZHubSummarySchema = z.object({
  id: ZHubIdSchema,
  title: z.string(),
  level: z.string(),
  path: z.string(),
  lessonCount: z.number().int(),
  freeCount: z.number().int(),
  /** The hub's audio by source (always sent by the API; optional for older clients' fixtures). */
  audio: ZAudioSummarySchema.optional(),
});
export type THubSummary = z.infer<typeof ZHubSummarySchema>;

export const ZLessonTeaserSchema = z.object({
  hub: ZHubIdSchema,
  slug: z.string(),
  title: z.string(),
  titleEn: z.string(),
  level: ZCefrLevelSchema,
  premium: z.literal(true),
  firstParagraph: z.string(),
});
export type TLessonTeaser = z.infer<typeof ZLessonTeaserSchema>;

// ---- podcast and blog --------------------------------------------------------------------------------------
/** content/podcast/<slug>.md: YAML front matter + Markdown show notes; the transcript is in front matter. */
export const ZPodcastEpisodeFileSchema = z
  .strictObject({
    slug,
    number: z.number().int().min(1),
    title: z.string().min(1),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    description: z.string().min(1),
    /** Ignored: the episode's audio is rendered from its transcript (docs/content.md, "Audio"). */
    audioFile: z
      .string()
      .regex(/^[a-z0-9-]+\.mp3$/)
      .optional(),
    /** The stated length; the API answers the rendered file's length once it exists. */
    durationSeconds: z.number().int().min(60).optional(),
    level: ZCefrLevelSchema,
    /**
     * The script's parts: the transcript line each starts at (the first at 0, increasing, each inside the
     * transcript) and its title. Their start times are the rendered audio's timings of those lines (docs/content.md,
     * "Podcast chapters").
     */
    chapters: z
      .array(z.strictObject({ line: z.number().int().min(0), title: z.string().min(1).max(80) }))
      .min(2)
      .optional(),
    transcript: z
      .array(
        z.strictObject({
          speaker: z.string().min(1),
          pl: z.string().min(1),
          en: z.string().min(1),
          words: ZWordChoicesSchema.optional(),
        }),
      )
      .min(4),
  })
  .superRefine((e, ctx) => {
    const chapters = e.chapters ?? [];
    chapters.forEach((c, i) => {
      const prev = i > 0 ? chapters[i - 1].line : -1;
      if ((i === 0 && c.line !== 0) || c.line <= prev || c.line >= e.transcript.length)
        ctx.addIssue({
          code: 'custom',
          path: ['chapters', i, 'line'],
          message:
            i === 0 && c.line !== 0
              ? 'the first chapter starts at line 0'
              : `a chapter starts after the previous one and inside the transcript (0-${e.transcript.length - 1})`,
        });
    });
  });
export type TPodcastEpisodeFile = z.infer<typeof ZPodcastEpisodeFileSchema>;

/** content/blog/<slug>.md: YAML front matter + Markdown body. */
export const ZBlogPostFileSchema = z.strictObject({
  slug,
  title: z.string().min(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  author: z.string().min(1),
  description: z.string().min(1),
  tags: z.array(z.string().min(1)).min(1),
});
export type TBlogPostFile = z.infer<typeof ZBlogPostFileSchema>;

// ---- API requests and responses (GET/POST/DELETE /api/content/...) ----------------------------------------
/** GET /content/hubs: the 9 hubs in HUBS order. */
export const ZHubListResponseSchema = z.array(ZHubSummarySchema);
export type THubListResponse = z.infer<typeof ZHubListResponseSchema>;

/** GET /content/hubs/{hub}: the hub and its lessons in order; `completed` is false for anonymous visitors. */
export const ZHubLessonsResponseSchema = z.object({
  hub: ZHubSummarySchema,
  lessons: z.array(ZLessonSummarySchema),
});
export type THubLessonsResponse = z.infer<typeof ZHubLessonsResponseSchema>;

/** A neighbouring lesson; `premium` lets a page mark a premium one before the learner opens it (the API always sends it). */
export const ZLessonLinkSchema = z.object({
  slug: z.string(),
  title: z.string(),
  path: z.string(),
  premium: z.boolean().optional(),
});
export type TLessonLink = z.infer<typeof ZLessonLinkSchema>;

// ---- media (docs/api.md, "Lesson media") --------------------------------------------------------------------

/** Where one sentence (paragraph `p`, sentence `s`, both from 0) is in a track; words by token index when known. */
export const ZMediaSentenceTimingSchema = z.object({
  p: z.number().int().min(0),
  s: z.number().int().min(0),
  startMs: z.number().int().min(0),
  endMs: z.number().int().min(0),
  words: z
    .array(
      z.object({
        i: z.number().int().min(0),
        startMs: z.number().int().min(0),
        endMs: z.number().int().min(0),
      }),
    )
    .optional(),
});
export type TMediaSentenceTiming = z.infer<typeof ZMediaSentenceTimingSchema>;

export const ZMediaTrackSchema = z.object({
  speed: z.enum(MEDIA_SPEEDS),
  /** Premium media: a signed URL that expires; free media: the API's or MEDIA_BASE_URL's. */
  url: z.string().min(1),
  durationMs: z.number().int().min(0),
  bytes: z.number().int().min(0),
  sentences: z.array(ZMediaSentenceTimingSchema),
});
export type TMediaTrack = z.infer<typeof ZMediaTrackSchema>;

/** A lesson's or an episode's audio: what speaks it, and its tracks with sentence timings. */
export const ZMediaSchema = z.object({
  /** `preparing`: the render has not finished; tracks may be empty and the player says so. */
  status: z.enum(['ready', 'preparing']),
  source: z.enum(MEDIA_SOURCES),
  /** What the player shows as the voice, in English, e.g. "Synthetic voice (eSpeak NG)". */
  voiceLabel: z.string().min(1),
  /**
   * What made the audio (`espeak`, `google`, `azure`, `recording`; VOICE_PROVIDERS names them): with `source`, a
   * client says the voice in the learner's language, and shows `voiceLabel` for a provider it does not know.
   * Absent from older answers.
   */
  provider: z.string().min(1).optional(),
  tracks: z.array(ZMediaTrackSchema),
  /** Vocabulary item `pl` -> URL of the word's audio. */
  words: z.record(z.string(), z.string()).optional(),
});
export type TMedia = z.infer<typeof ZMediaSchema>;

/** GET /content/lessons/{hub}/{slug} 200: every field of the lesson file, plus where it lives and its neighbours. */
export const ZLessonResponseSchema = ZLessonFileSchema.extend({
  /** The sentences without the file's annotation choices. */
  paragraphs: z.array(ZParagraphSchema).min(1),
  /**
   * Every token of every sentence explained (one block per sentence, paragraphs in order): see docs/api.md,
   * "Word annotations". Absent while a lesson has none.
   */
  annotations: ZAnnotationsSchema.optional(),
  /** The lesson's grammar notes resolved at content load: each topic's text and table with the lesson's examples. */
  grammar: z.array(ZGrammarNoteSchema).optional(),
  path: z.string(),
  /** The normal track's URL when the audio is ready (the same as `media.tracks[0].url`; kept for older clients). */
  audioUrl: z.string().optional(),
  /** Rendered or recorded audio with sentence timings (docs/api.md, "Lesson media"). */
  media: ZMediaSchema.optional(),
  prev: ZLessonLinkSchema.nullable(),
  next: ZLessonLinkSchema.nullable(),
  completed: z.boolean(),
  ...ZContentLanguageFields,
});
export type TLessonResponse = z.infer<typeof ZLessonResponseSchema>;

/** GET /content/lessons/{hub}/{slug} 403: a premium lesson for a visitor without premium; the teaser only. */
export const ZPremiumRequiredResponseSchema = z.object({
  status: z.literal(403),
  code: z.literal('premium_required'),
  message: z.string(),
  requestId: z.string().optional(),
  teaser: ZLessonTeaserSchema,
});
export type TPremiumRequiredResponse = z.infer<typeof ZPremiumRequiredResponseSchema>;

/** POST and DELETE /content/progress. */
export const ZLessonProgressRequestSchema = z.object({
  hub: ZHubIdSchema,
  slug: z.string().min(1).max(100),
});
export type TLessonProgressRequest = z.infer<typeof ZLessonProgressRequestSchema>;
export const ZLessonProgressResponseSchema = z.object({ completed: z.boolean() });
export type TLessonProgressResponse = z.infer<typeof ZLessonProgressResponseSchema>;

/** GET /content/progress: the signed-in user's completed lessons, most recent first. */
export const ZProgressListResponseSchema = z.array(
  z.object({
    hub: ZHubIdSchema,
    slug: z.string(),
    title: z.string(),
    path: z.string(),
    completedAt: z.string(),
  }),
);
export type TProgressListResponse = z.infer<typeof ZProgressListResponseSchema>;

export const ZPodcastChapterSchema = z.object({
  title: z.string(),
  line: z.number().int().min(0),
  /** Absent while the audio is being prepared. */
  startMs: z.number().int().min(0).optional(),
});
export type TPodcastChapter = z.infer<typeof ZPodcastChapterSchema>;

export const ZPodcastEpisodeSummarySchema = z.object({
  slug: z.string(),
  number: z.number().int(),
  title: z.string(),
  date: z.string(),
  description: z.string(),
  durationSeconds: z.number().int(),
  level: ZCefrLevelSchema,
  audioUrl: z.string(),
  path: z.string(),
  /** The language of `title` and `description` (docs/api.md, "Language of the content"). */
  ...ZContentLanguageFields,
});
export type TPodcastEpisodeSummary = z.infer<typeof ZPodcastEpisodeSummarySchema>;
/** GET /content/podcast: newest first. */
export const ZPodcastListResponseSchema = z.array(ZPodcastEpisodeSummarySchema);
export type TPodcastListResponse = z.infer<typeof ZPodcastListResponseSchema>;
/** GET /content/podcast/{slug}: show notes as Markdown source and as safe HTML, and the transcript. */
export const ZPodcastEpisodeResponseSchema = ZPodcastEpisodeSummarySchema.extend({
  showNotesMarkdown: z.string(),
  showNotesHtml: z.string(),
  transcript: z.array(z.strictObject({ speaker: z.string(), pl: z.string(), en: z.string() })),
  /**
   * The episode's parts in order: title, first transcript line and, once the audio is rendered, where that line
   * starts in the normal track (docs/api.md, "Podcast chapters"). Empty when the episode has none.
   */
  chapters: z.array(ZPodcastChapterSchema).optional(),
  /** One block per transcript line (docs/api.md, "Word annotations"). */
  annotations: ZAnnotationsSchema.optional(),
  /** The episode's audio with line timings (`p` 0, `s` the transcript line); docs/api.md, "Lesson media". */
  media: ZMediaSchema.optional(),
  ...ZContentLanguageFields,
});
export type TPodcastEpisodeResponse = z.infer<typeof ZPodcastEpisodeResponseSchema>;

/** GET /content/story-of-the-day: the home page's sentence and its rendered audio (`preparing` until it exists). */
export const ZStoryOfTheDayResponseSchema = z.object({
  pl: z.string(),
  en: z.string(),
  media: ZMediaSchema,
});
export type TStoryOfTheDayResponse = z.infer<typeof ZStoryOfTheDayResponseSchema>;

/**
 * GET /content/podcast/{slug}/chapters: Podcasting 2.0 JSON chapters (`application/json+chapters`, version 1.2.0),
 * the target of the feed's `podcast:chapters`; start times in seconds from the rendered audio.
 */
export const ZJsonChaptersSchema = z.object({
  version: z.literal('1.2.0'),
  title: z.string(),
  podcastName: z.string(),
  chapters: z.array(z.object({ startTime: z.number().min(0), title: z.string() })).min(1),
});
export type TJsonChapters = z.infer<typeof ZJsonChaptersSchema>;

export const ZBlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  date: z.string(),
  author: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  path: z.string(),
  /** The language of `title` and `description`; a post's body is English (docs/api.md, "Language of the content"). */
  ...ZContentLanguageFields,
});
export type TBlogPostSummary = z.infer<typeof ZBlogPostSummarySchema>;
/** GET /content/blog: newest first. */
export const ZBlogListResponseSchema = z.array(ZBlogPostSummarySchema);
export type TBlogListResponse = z.infer<typeof ZBlogListResponseSchema>;
/** GET /content/blog/{slug}: the article as Markdown source and as safe HTML. */
export const ZBlogPostResponseSchema = ZBlogPostSummarySchema.extend({
  bodyMarkdown: z.string(),
  bodyHtml: z.string(),
});
export type TBlogPostResponse = z.infer<typeof ZBlogPostResponseSchema>;

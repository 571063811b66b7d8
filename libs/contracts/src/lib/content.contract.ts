import { z } from 'zod';
import {
  ZBlogListResponseSchema,
  ZBlogPostResponseSchema,
  ZHubLessonsResponseSchema,
  ZHubListResponseSchema,
  ZLessonProgressRequestSchema,
  ZLessonProgressResponseSchema,
  ZLessonResponseSchema,
  ZLessonTeaserSchema,
  ZPodcastEpisodeResponseSchema,
  ZPodcastListResponseSchema,
  ZProgressListResponseSchema,
  ZStoryOfTheDayResponseSchema,
} from './content';
import { content, defineContract, empty, error, errorWith, json, validation } from './contract';
import { ERROR_CODES as E } from './error-codes';
import { ROUTES } from './routes';
import { ZNativeLanguageSchema } from './languages';

/** Path segments as the catalogue names them: any value is looked up, and an unknown one is a 404. */
const segment = z.string();
export const ZHubParamsSchema = z.object({ hub: segment });
export const ZLessonParamsSchema = z.object({ hub: segment, slug: segment });
export const ZSlugParamsSchema = z.object({ slug: segment });

/** A signed media URL's query (each value checked by the route, which answers 403 for anything wrong). */
export const ZMediaQuerySchema = z.object({
  exp: z.string().optional(),
  uid: z.string().optional(),
  sig: z.string().optional(),
});

/**
 * The reader's language for a lesson, a hub's list or a podcast episode (docs/api.md, "Language of the content"):
 * absent, the signed-in learner's native language, else the browser's Accept-Language, else English.
 */
export const ZContentLanguageQuerySchema = z.object({ lang: ZNativeLanguageSchema.optional() });
const invalidLang = validation();

const notModified = empty("Not Modified: the client's copy (If-None-Match) is current");
const notFound = error('No such hub, lesson, episode or post', E.notFound);

/** Lessons (free and premium), progress, the podcast and the blog. Public answers carry an ETag. */
export const contentContract = defineContract(ROUTES.content, {
  hubs: {
    summary: 'The 9 hubs of /learn-polish, in order',
    auth: 'public',
    responses: { 200: json(ZHubListResponseSchema), 304: notModified },
  },
  hub: {
    summary: "A hub and its lessons; `completed` is the signed-in reader's progress",
    auth: 'public',
    params: ZHubParamsSchema,
    query: ZContentLanguageQuerySchema,
    responses: { 200: json(ZHubLessonsResponseSchema), 304: notModified, 400: invalidLang, 404: notFound },
  },
  lesson: {
    summary: 'A lesson: free to everyone, premium to readers with active premium',
    description: 'A premium lesson for anyone else answers 403 premium_required with the teaser only.',
    auth: 'public',
    params: ZLessonParamsSchema,
    query: ZContentLanguageQuerySchema,
    responses: {
      200: json(ZLessonResponseSchema),
      304: notModified,
      400: invalidLang,
      403: errorWith('A premium lesson: the teaser only', { teaser: ZLessonTeaserSchema }, E.premiumRequired),
      404: notFound,
    },
  },
  lessonAudio: {
    summary:
      "A lesson's normal-speed track, under the same rule as its text (bearer token; superseded by `media`)",
    auth: 'public',
    params: ZLessonParamsSchema,
    responses: {
      200: content('audio/mpeg', 'The audio file (Range requests answer 206)', true),
      206: content('audio/mpeg', 'Part of the audio file', true),
      304: notModified,
      403: error('A premium lesson', E.premiumRequired),
      404: error('No such lesson, or its audio is not rendered yet', E.notFound, E.audioNotAvailable),
      416: error('The requested range is outside the file', E.badRequest),
    },
  },
  lessonMedia: {
    summary:
      "A file of a lesson's `media`: a track (`normal-<hash>.mp3`, `slow-<hash>.mp3`) or a word (`w-<hash>.mp3`)",
    description:
      "A premium lesson's files need the signed query the lesson answer's URLs carry (`exp`, `uid`, `sig`) and the " +
      'signing user must still have premium (docs/api.md, "Lesson media"); free lessons\' files are public.',
    auth: 'public',
    params: z.object({ hub: segment, slug: segment, file: segment }),
    query: ZMediaQuerySchema,
    responses: {
      200: content('audio/mpeg', 'The audio file (Range requests answer 206)', true),
      206: content('audio/mpeg', 'Part of the audio file', true),
      304: notModified,
      400: validation(),
      403: error(
        'A premium file without a valid signature, with an expired one, or for a user who no longer has premium',
        E.mediaLinkInvalid,
        E.mediaLinkExpired,
        E.premiumRequired,
      ),
      404: error('No such lesson or file (or not rendered yet)', E.notFound, E.audioNotAvailable),
      416: error('The requested range is outside the file', E.badRequest),
    },
  },
  episodeMedia: {
    summary: "A podcast episode's track (free)",
    auth: 'public',
    params: z.object({ slug: segment, file: segment }),
    responses: {
      200: content('audio/mpeg', 'The audio file (Range requests answer 206)', true),
      206: content('audio/mpeg', 'Part of the audio file', true),
      304: notModified,
      404: error('No such episode or file (or not rendered yet)', E.notFound, E.audioNotAvailable),
      416: error('The requested range is outside the file', E.badRequest),
    },
  },
  storyMedia: {
    summary: "The Story of the day's track (free)",
    auth: 'public',
    params: z.object({ file: segment }),
    responses: {
      200: content('audio/mpeg', 'The audio file (Range requests answer 206)', true),
      206: content('audio/mpeg', 'Part of the audio file', true),
      304: notModified,
      404: error('No such file (or not rendered yet)', E.notFound, E.audioNotAvailable),
      416: error('The requested range is outside the file', E.badRequest),
    },
  },
  storyOfTheDay: {
    summary: "The home page's Story of the day: its sentence, translation and rendered audio",
    description:
      'Public. `media.status` is `preparing` (no tracks) until the render has made the file; the home page then ' +
      "reads the sentence in the browser's voice.",
    auth: 'public',
    responses: { 200: json(ZStoryOfTheDayResponseSchema), 304: notModified },
  },
  progress: {
    summary: "The signed-in reader's completed lessons, most recent first",
    auth: 'user',
    responses: { 200: json(ZProgressListResponseSchema) },
  },
  markCompleted: {
    summary: 'Mark a lesson completed',
    auth: 'user',
    body: ZLessonProgressRequestSchema,
    responses: {
      200: json(ZLessonProgressResponseSchema),
      400: validation(),
      403: error('A premium lesson, for a reader without premium', E.premiumRequired),
      404: notFound,
    },
  },
  unmarkCompleted: {
    summary: 'Mark a lesson not completed',
    auth: 'user',
    body: ZLessonProgressRequestSchema,
    responses: { 200: json(ZLessonProgressResponseSchema), 400: validation(), 404: notFound },
  },
  podcast: {
    summary: 'The podcast episodes, newest first',
    auth: 'public',
    query: ZContentLanguageQuerySchema,
    responses: { 200: json(ZPodcastListResponseSchema), 304: notModified, 400: invalidLang },
  },
  podcastEpisode: {
    summary: 'A podcast episode with its show notes and transcript',
    auth: 'public',
    params: ZSlugParamsSchema,
    query: ZContentLanguageQuerySchema,
    responses: {
      200: json(ZPodcastEpisodeResponseSchema),
      304: notModified,
      400: invalidLang,
      404: notFound,
    },
  },
  podcastChapters: {
    summary: "An episode's chapters as Podcasting 2.0 JSON chapters (the feed's podcast:chapters)",
    description:
      "Titles from the episode's file, start times (seconds) from the rendered audio's timings of each part's first " +
      'line. 404 while the audio is being prepared or when the episode has no chapters.',
    auth: 'public',
    params: ZSlugParamsSchema,
    responses: {
      200: content('application/json+chapters', 'JSON chapters 1.2.0 (ZJsonChaptersSchema)'),
      304: notModified,
      404: error(
        'No such episode, no chapters, or the audio is not rendered yet',
        E.notFound,
        E.audioNotAvailable,
      ),
    },
  },
  blog: {
    summary: 'The blog posts, newest first',
    auth: 'public',
    query: ZContentLanguageQuerySchema,
    responses: { 200: json(ZBlogListResponseSchema), 304: notModified, 400: invalidLang },
  },
  blogPost: {
    summary: 'A blog post: its title and description in the reader’s language, its body in English',
    auth: 'public',
    params: ZSlugParamsSchema,
    query: ZContentLanguageQuerySchema,
    responses: { 200: json(ZBlogPostResponseSchema), 304: notModified, 400: invalidLang, 404: notFound },
  },
});

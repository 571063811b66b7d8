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
} from './content';
import { content, defineContract, empty, error, errorWith, json, validation } from './contract';
import { ERROR_CODES as E } from './error-codes';
import { ROUTES } from './routes';

/** Path segments as the catalogue names them: any value is looked up, and an unknown one is a 404. */
const segment = z.string();
export const ZHubParamsSchema = z.object({ hub: segment });
export const ZLessonParamsSchema = z.object({ hub: segment, slug: segment });
export const ZSlugParamsSchema = z.object({ slug: segment });

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
    responses: { 200: json(ZHubLessonsResponseSchema), 304: notModified, 404: notFound },
  },
  lesson: {
    summary: 'A lesson: free to everyone, premium to readers with active premium',
    description: 'A premium lesson for anyone else answers 403 premium_required with the teaser only.',
    auth: 'public',
    params: ZLessonParamsSchema,
    responses: {
      200: json(ZLessonResponseSchema),
      304: notModified,
      403: errorWith('A premium lesson: the teaser only', { teaser: ZLessonTeaserSchema }, E.premiumRequired),
      404: notFound,
    },
  },
  lessonAudio: {
    summary: "A lesson's audio, under the same rule as its text",
    auth: 'public',
    params: ZLessonParamsSchema,
    responses: {
      200: content('audio/mpeg', 'The audio file (Range requests answer 206)', true),
      206: content('audio/mpeg', 'Part of the audio file', true),
      304: notModified,
      403: error('A premium lesson', E.premiumRequired),
      404: error('No such lesson, or it has no audio', E.notFound, E.audioNotAvailable),
      416: error('The requested range is outside the file', E.badRequest),
    },
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
    responses: { 200: json(ZPodcastListResponseSchema), 304: notModified },
  },
  podcastEpisode: {
    summary: 'A podcast episode with its show notes and transcript',
    auth: 'public',
    params: ZSlugParamsSchema,
    responses: { 200: json(ZPodcastEpisodeResponseSchema), 304: notModified, 404: notFound },
  },
  blog: {
    summary: 'The blog posts, newest first',
    auth: 'public',
    responses: { 200: json(ZBlogListResponseSchema), 304: notModified },
  },
  blogPost: {
    summary: 'A blog post',
    auth: 'public',
    params: ZSlugParamsSchema,
    responses: { 200: json(ZBlogPostResponseSchema), 304: notModified, 404: notFound },
  },
});

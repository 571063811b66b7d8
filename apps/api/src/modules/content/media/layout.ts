import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import {
  MEDIA_SOURCES,
  MEDIA_SPEEDS,
  STORY_OF_THE_DAY,
  ZMediaSentenceTimingSchema,
  type TLessonFile,
  type TMediaSpeed,
  type TPodcastEpisodeFile,
} from '@polski/contracts';
import { workspacePath } from '../../../lib/paths';

/**
 * The media folder's layout and the manifest the renderer (tools/audio) writes and the API reads: one module for
 * both, so they cannot disagree (docs/api.md, "Lesson media"; docs/content.md, "Audio").
 */

/** MP3, mono, constant bit rate (docs/content.md, "Audio": why this format). */
export const MEDIA_FORMAT = { ext: 'mp3', mime: 'audio/mpeg', sampleRate: 24000, bitrateKbps: 48 } as const;

/** MEDIA_DIR, or `<repo>/.data/media`. */
export function mediaDir(env: NodeJS.ProcessEnv = process.env): string {
  return env['MEDIA_DIR'] ? resolve(env['MEDIA_DIR']) : workspacePath('.data', 'media');
}

/** First 20 hex characters of the sha256 of the parts (joined by NUL, so no two part lists collide). */
export function mediaHash(...parts: string[]): string {
  return createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 20);
}

/** A file name the media routes accept: never a path. */
export const TRACK_FILE = /^(normal|slow)-[0-9a-f]{20}\.mp3$/;
export const WORD_FILE = /^w-[0-9a-f]{20}\.mp3$/;

export const paths = {
  clip: (dir: string, hash: string) => join(dir, 'clips', `${hash}.mp3`),
  word: (dir: string, hash: string) => join(dir, 'words', `${hash}.mp3`),
  lesson: (dir: string, hub: string, slug: string) => join(dir, 'lessons', hub, slug),
  episode: (dir: string, slug: string) => join(dir, 'podcast', slug),
  /** The home page's Story of the day (one sentence, normal speed). */
  story: (dir: string) => join(dir, 'story'),
  recordings: (dir: string) => join(dir, 'recordings', 'lessons'),
};

/** One thing to say: paragraph `p`, sentence `s` (podcast: p 0, s the transcript line), and who says it. */
export interface TUtterance {
  p: number;
  s: number;
  text: string;
  speaker?: string;
}

export function lessonUtterances(lesson: Pick<TLessonFile, 'paragraphs'>): TUtterance[] {
  return lesson.paragraphs.flatMap((para, p) =>
    para.sentences.map((sentence, s) => ({ p, s, text: sentence.pl, ...(sentence.speaker ? { speaker: sentence.speaker } : {}) })),
  );
}

export function episodeUtterances(episode: Pick<TPodcastEpisodeFile, 'transcript'>): TUtterance[] {
  return episode.transcript.map((line, s) => ({ p: 0, s, text: line.pl, speaker: line.speaker }));
}

/** The home page's Story of the day: one sentence (libs/contracts story-of-the-day.ts). */
export function storyUtterances(story: { pl: string } = STORY_OF_THE_DAY): TUtterance[] {
  return [{ p: 0, s: 0, text: story.pl }];
}

/** What the audio must say: a manifest made for other text is stale (the API then reports `preparing`). */
export function textKey(utterances: TUtterance[]): string {
  return mediaHash(...utterances.map((u) => `${u.p}.${u.s}.${u.speaker ?? ''}.${u.text}`));
}

/** Every lesson has a normal and a slow track (docs/content.md, "Audio"); podcast episodes only a normal one. */
export const LESSON_SPEEDS: readonly TMediaSpeed[] = MEDIA_SPEEDS;
export const EPISODE_SPEEDS: readonly TMediaSpeed[] = ['normal'];
export const STORY_SPEEDS: readonly TMediaSpeed[] = ['normal'];

export const ZManifestTrackSchema = z.strictObject({
  speed: z.enum(MEDIA_SPEEDS),
  file: z.string().regex(TRACK_FILE),
  durationMs: z.number().int().min(0),
  bytes: z.number().int().min(0),
  sentences: z.array(ZMediaSentenceTimingSchema),
});
export type TManifestTrack = z.infer<typeof ZManifestTrackSchema>;

/** `manifest.json` beside a lesson's or an episode's tracks. */
export const ZMediaManifestSchema = z.strictObject({
  version: z.literal(1),
  textKey: z.string(),
  /** Hash of everything the files were made from (provider, voices, text, recording): equal -> nothing to do. */
  renderKey: z.string(),
  source: z.enum(MEDIA_SOURCES),
  voiceLabel: z.string().min(1),
  /** Provider id (`espeak`, `google`, `azure`) or `recording`. */
  provider: z.string().min(1),
  tracks: z.array(ZManifestTrackSchema).min(1),
  /** Vocabulary `pl` -> hash of words/<hash>.mp3 (served as `w-<hash>.mp3` under the lesson's media path). */
  words: z.record(z.string(), z.string().regex(/^[0-9a-f]{20}$/)).optional(),
});
export type TMediaManifest = z.infer<typeof ZMediaManifestSchema>;

export const MANIFEST_FILE = 'manifest.json';

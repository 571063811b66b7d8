import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TLessonFile, TMediaSource, TPodcastEpisodeFile } from '@polski/contracts';
import {
  episodeUtterances,
  lessonUtterances,
  mediaHash,
  paths,
  storyUtterances,
  textKey,
  type TMediaManifest,
  type TUtterance,
} from '../../src/modules/content/media/layout';

/** The ffmpeg the renderer uses (tools/audio/ffmpeg.ts), for real MP3 files in the API's tests. */
function ffmpeg(): string {
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** A real MP3 (mono CBR, a quiet tone) of `seconds`, and its decoded length in ms. */
export function writeToneMp3(file: string, seconds: number): { bytes: number; durationMs: number } {
  execFileSync(ffmpeg(), [
    '-hide_banner',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}:sample_rate=24000`,
    '-ac',
    '1',
    '-ar',
    '24000',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '48k',
    '-y',
    file,
  ]);
  const pcm = execFileSync(
    ffmpeg(),
    ['-hide_banner', '-v', 'error', '-i', file, '-f', 's16le', '-ac', '1', '-ar', '24000', 'pipe:1'],
    {
      maxBuffer: 1 << 28,
    },
  );
  return { bytes: statSync(file).size, durationMs: Math.round((pcm.length / 2 / 24000) * 1000) };
}

function writeItem(
  dir: string,
  media: string,
  utterances: TUtterance[],
  seconds: number,
  source: TMediaSource,
  words?: string[],
): TMediaManifest {
  mkdirSync(dir, { recursive: true });
  const file = `normal-${mediaHash(dir, String(seconds))}.mp3`;
  const { bytes, durationMs } = writeToneMp3(join(dir, file), seconds);
  const step = durationMs / utterances.length;
  const manifest: TMediaManifest = {
    version: 1,
    textKey: textKey(utterances),
    renderKey: 'test',
    source,
    voiceLabel: source === 'recording' ? 'Native speaker recording' : 'Synthetic voice (eSpeak NG)',
    provider: source === 'recording' ? 'recording' : 'espeak',
    tracks: [
      {
        speed: 'normal',
        file,
        durationMs,
        bytes,
        sentences: utterances.map((u, i) => ({
          p: u.p,
          s: u.s,
          startMs: Math.round(i * step),
          endMs: Math.round((i + 1) * step),
        })),
      },
    ],
  };
  if (words?.length) {
    manifest.words = {};
    for (const w of words) {
      const hash = mediaHash('word', w);
      mkdirSync(join(media, 'words'), { recursive: true });
      writeToneMp3(paths.word(media, hash), 0.5);
      manifest.words[w] = hash;
    }
  }
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return manifest;
}

/** Writes a lesson's media as the renderer would: a real MP3 track, timings, a manifest, its words' clips. */
export function writeLessonMedia(
  media: string,
  lesson: TLessonFile,
  seconds = 3,
  source: TMediaSource = 'synthetic',
): TMediaManifest {
  return writeItem(
    paths.lesson(media, lesson.hub, lesson.slug),
    media,
    lessonUtterances(lesson),
    seconds,
    source,
    lesson.vocabulary.slice(0, 2).map((v) => v.pl),
  );
}

export function writeEpisodeMedia(media: string, episode: TPodcastEpisodeFile, seconds = 3): TMediaManifest {
  return writeItem(
    paths.episode(media, episode.slug),
    media,
    episodeUtterances(episode),
    seconds,
    'synthetic',
  );
}

/** The home page's Story of the day as the renderer writes it (media/story). */
export function writeStoryMedia(media: string, seconds = 2): TMediaManifest {
  return writeItem(paths.story(media), media, storyUtterances(), seconds, 'synthetic');
}

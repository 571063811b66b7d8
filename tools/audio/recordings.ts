import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { TMediaSentenceTiming, TMediaSpeed } from '@polski/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the renderer shares the API's media layout, by path
import {
  MEDIA_FORMAT,
  mediaHash,
  paths,
  type TManifestTrack,
  type TUtterance,
} from '../../apps/api/src/modules/content/media/layout';
import { decodePcm, detectSilences } from './ffmpeg';
import { assembleTrack, checkTimings, type ClipStore } from './render';

/** Audio an operator may drop as a recording (docs/content.md, "Recordings"). */
export const RECORDING_EXTENSIONS = ['mp3', 'wav', 'ogg', 'm4a', 'flac'] as const;
/** The slow track of a recording: the same voice slowed by ffmpeg's atempo (pitch kept). */
export const SLOW_TEMPO = 0.75;

/** `<slug>.timings.json`: corrections to the boundaries silence detection found, by sentence. */
export const ZTimingsFileSchema = z.strictObject({
  sentences: z
    .array(
      z.strictObject({
        p: z.number().int().min(0),
        s: z.number().int().min(0),
        startMs: z.number().int().min(0),
        endMs: z.number().int().min(0),
      }),
    )
    .min(1),
});

export type TRecording =
  | { kind: 'whole'; file: string; timingsFile?: string; stamp: string }
  | { kind: 'sentences'; dir: string; files: Map<string, string>; stamp: string };

const fileStamp = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex').slice(0, 20);

/**
 * The operator's recording of a lesson: `recordings/lessons/<hub>/<slug>.<ext>` (one file, optional
 * `<slug>.timings.json`), or `recordings/lessons/<hub>/<slug>/<p>-<s>.<ext>` (one file per sentence).
 */
export function findRecording(media: string, hub: string, slug: string): TRecording | undefined {
  const base = join(paths.recordings(media), hub);
  if (!existsSync(base)) return undefined;
  for (const ext of RECORDING_EXTENSIONS) {
    const file = join(base, `${slug}.${ext}`);
    if (existsSync(file) && statSync(file).isFile()) {
      const timings = join(base, `${slug}.timings.json`);
      const timingsFile = existsSync(timings) ? timings : undefined;
      return {
        kind: 'whole',
        file,
        timingsFile,
        stamp: mediaHash(fileStamp(file), timingsFile ? fileStamp(timingsFile) : ''),
      };
    }
  }
  const dir = join(base, slug);
  if (existsSync(dir) && statSync(dir).isDirectory()) {
    const files = new Map<string, string>();
    for (const f of readdirSync(dir).sort()) {
      const m = new RegExp(`^(\\d+)-(\\d+)\\.(${RECORDING_EXTENSIONS.join('|')})$`).exec(f);
      if (m) files.set(`${Number(m[1])}-${Number(m[2])}`, join(dir, f));
    }
    if (files.size)
      return { kind: 'sentences', dir, files, stamp: mediaHash(...[...files.values()].map(fileStamp)) };
  }
  return undefined;
}

/**
 * Sentence boundaries of a whole-lesson recording from its pauses: the n-1 longest silences ffmpeg's silencedetect
 * finds between speech split it into n sentences, each boundary in the middle of its pause (so the timings cover
 * the file); a timings file then replaces any sentence it names.
 */
export function boundariesFromSilences(
  silences: { start: number; end: number }[],
  count: number,
  durationMs: number,
): { startMs: number; endMs: number }[] | undefined {
  const inner = silences
    .map((s) => ({ startMs: s.start * 1000, endMs: Math.min(s.end * 1000, durationMs) }))
    .filter((s) => s.startMs > 0 && s.endMs < durationMs - 1);
  if (inner.length < count - 1) return undefined;
  const cuts = [...inner]
    .sort((a, b) => b.endMs - b.startMs - (a.endMs - a.startMs))
    .slice(0, count - 1)
    .map((s) => Math.round((s.startMs + s.endMs) / 2))
    .sort((a, b) => a - b);
  const edges = [0, ...cuts, durationMs];
  return Array.from({ length: count }, (_, i) => ({ startMs: edges[i], endMs: edges[i + 1] }));
}

/** The normal and slow tracks of a recorded lesson, with sentence timings. */
export async function renderRecording(
  rec: TRecording,
  utterances: TUtterance[],
  ctx: { dir: string; clips: ClipStore },
): Promise<TManifestTrack[]> {
  const speeds: TMediaSpeed[] = ['normal', 'slow'];
  if (rec.kind === 'sentences') {
    const missing = utterances.filter((u) => !rec.files.has(`${u.p}-${u.s}`)).map((u) => `${u.p}-${u.s}`);
    if (missing.length)
      throw new Error(
        `${rec.dir}: no recording for sentence(s) ${missing.join(', ')} (files are <p>-<s>.<ext>)`,
      );
    const tracks: TManifestTrack[] = [];
    for (const speed of speeds) {
      const parts = await Promise.all(
        utterances.map(async (u) => {
          const file = rec.files.get(`${u.p}-${u.s}`)!;
          const hash = mediaHash('recording', fileStamp(file), speed);
          const info = await ctx.clips.ensure(hash, async () => ({
            audio: await decodePcm(file),
            input: { format: 's16le', sampleRate: MEDIA_FORMAT.sampleRate },
            filters: speed === 'slow' ? [`atempo=${SLOW_TEMPO}`] : [],
          }));
          return { u, hash, info };
        }),
      );
      tracks.push(await assembleTrack(ctx.clips, ctx.dir, speed, parts));
    }
    return tracks;
  }

  // one file: encoded as one clip per speed; boundaries from its silences, scaled for the slow track
  const normalHash = mediaHash('recording', rec.stamp, 'normal');
  const normal = await ctx.clips.ensure(normalHash, async () => ({
    audio: await decodePcm(rec.file),
    input: { format: 's16le', sampleRate: MEDIA_FORMAT.sampleRate },
  }));
  const durationMs = Math.round((normal.samples / MEDIA_FORMAT.sampleRate) * 1000);
  let bounds = boundariesFromSilences(
    await detectSilences(ctx.clips.file(normalHash)),
    utterances.length,
    durationMs,
  );
  const corrections = rec.timingsFile
    ? ZTimingsFileSchema.parse(JSON.parse(readFileSync(rec.timingsFile, 'utf8')))
    : undefined;
  if (!bounds && !corrections)
    throw new Error(
      `${rec.file}: silence detection found fewer than ${utterances.length - 1} pauses: add a timings file`,
    );
  bounds ??= utterances.map(() => ({ startMs: 0, endMs: 0 }));
  const sentences: TMediaSentenceTiming[] = utterances.map((u, i) => {
    const fix = corrections?.sentences.find((c) => c.p === u.p && c.s === u.s);
    return { p: u.p, s: u.s, ...(fix ? { startMs: fix.startMs, endMs: fix.endMs } : bounds![i]) };
  });
  checkTimings(sentences, durationMs, rec.file);

  const tracks: TManifestTrack[] = [];
  for (const speed of speeds) {
    const hash = speed === 'normal' ? normalHash : mediaHash('recording', rec.stamp, speed);
    if (speed === 'slow')
      await ctx.clips.ensure(hash, async () => ({
        audio: await decodePcm(rec.file),
        input: { format: 's16le', sampleRate: MEDIA_FORMAT.sampleRate },
        filters: [`atempo=${SLOW_TEMPO}`],
      }));
    const track = await assembleTrack(ctx.clips, ctx.dir, speed, [
      {
        u: utterances[0],
        hash,
        info: await ctx.clips.ensure(hash, () => Promise.reject(new Error('clip missing'))),
      },
    ]);
    const scale = speed === 'slow' ? 1 / SLOW_TEMPO : 1;
    const timed = sentences.map((s) => ({
      ...s,
      startMs: Math.round(s.startMs * scale),
      endMs: Math.min(track.durationMs, Math.round(s.endMs * scale)),
    }));
    const last = timed[timed.length - 1];
    if (Math.abs(track.durationMs - last.endMs) <= track.durationMs * 0.02) last.endMs = track.durationMs;
    checkTimings(timed, track.durationMs, rec.file);
    tracks.push({ ...track, sentences: timed });
  }
  return tracks;
}

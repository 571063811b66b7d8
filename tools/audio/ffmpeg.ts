import { spawn } from 'node:child_process';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the renderer shares the API's media layout, by path
import { MEDIA_FORMAT } from '../../apps/api/src/modules/content/media/layout';

/**
 * ffmpeg from @ffmpeg-installer/ffmpeg (its platform package carries the binary; nothing is downloaded), run as a
 * separate program (docs/content.md, "Audio": licences).
 */
export function ffmpegPath(): string {
  if (process.env['FFMPEG_PATH']) return process.env['FFMPEG_PATH'];
  return (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

export class FfmpegError extends Error {}

/** Runs ffmpeg with `args`, writing `input` to its stdin; resolves with its stdout. */
export function runFfmpeg(args: string[], input?: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), ['-hide_banner', '-nostdin', '-v', 'error', ...args], {
      stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    if (!child.stdout || !child.stderr) throw new FfmpegError('ffmpeg: no output streams');
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', (e) => reject(new FfmpegError(`ffmpeg could not start: ${e.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else
        reject(
          new FfmpegError(
            `ffmpeg exited with ${code}: ${Buffer.concat(err).toString('utf8').trim().slice(0, 500)}`,
          ),
        );
    });
    if (input && child.stdin) {
      child.stdin.on('error', () => undefined); // ffmpeg may exit early on bad input: its exit code says why
      child.stdin.end(input);
    }
  });
}

/** Input arguments for audio that ffmpeg reads from stdin. */
export type TAudioInput = { format: 's16le'; sampleRate: number } | { format: 'wav' | 'mp3' | 'ogg' };

const inputArgs = (a: TAudioInput) =>
  a.format === 's16le' ? ['-f', 's16le', '-ar', String(a.sampleRate), '-ac', '1'] : ['-f', a.format];
const encodeArgs = [
  '-ac',
  '1',
  '-ar',
  String(MEDIA_FORMAT.sampleRate),
  '-c:a',
  'libmp3lame',
  '-b:a',
  `${MEDIA_FORMAT.bitrateKbps}k`,
];

/**
 * Encodes audio to the media format (MP3 mono CBR) at `file`, and returns how many samples a decoder gives back
 * (ffmpeg writes the encoder delay and padding in the LAME header, so the decoded length is the encoded length;
 * tools/audio/render.spec.ts checks it by decoding).
 */
export async function encodeClip(
  audio: Buffer,
  input: TAudioInput,
  file: string,
  filters: string[] = [],
): Promise<number> {
  const pcm = await runFfmpeg(
    [
      ...inputArgs(input),
      '-i',
      'pipe:0',
      ...(filters.length ? ['-af', filters.join(',')] : []),
      ...encodeArgs,
      '-y',
      file,
      ...(filters.length ? ['-af', filters.join(',')] : []),
      '-ac',
      '1',
      '-ar',
      String(MEDIA_FORMAT.sampleRate),
      '-f',
      's16le',
      'pipe:1',
    ],
    audio,
  );
  return pcm.length / 2;
}

/** Decodes any audio file to mono s16le at the media sample rate. */
export function decodePcm(file: string, extra: string[] = []): Promise<Buffer> {
  return runFfmpeg([
    '-i',
    file,
    ...extra,
    '-ac',
    '1',
    '-ar',
    String(MEDIA_FORMAT.sampleRate),
    '-f',
    's16le',
    'pipe:1',
  ]);
}

/** The decoded duration of a file in milliseconds (by decoding it whole: exact, not the header's estimate). */
export async function decodedDurationMs(file: string): Promise<number> {
  const pcm = await decodePcm(file);
  return Math.round((pcm.length / 2 / MEDIA_FORMAT.sampleRate) * 1000);
}

/** Writes silence of `ms` milliseconds in the media format. */
export async function encodeSilence(ms: number, file: string): Promise<number> {
  const samples = Math.round((ms / 1000) * MEDIA_FORMAT.sampleRate);
  return encodeClip(
    Buffer.alloc(samples * 2),
    { format: 's16le', sampleRate: MEDIA_FORMAT.sampleRate },
    file,
  );
}

/** Joins media-format files in order into one MP3 (decoded and encoded once: gapless, exact lengths). */
export async function concatFiles(listFile: string, out: string): Promise<void> {
  await runFfmpeg(['-f', 'concat', '-safe', '0', '-i', listFile, ...encodeArgs, '-y', out]);
}

/** ffmpeg's silencedetect: the silences of a file (seconds), at `noiseDb` for at least `minSeconds`. */
export async function detectSilences(
  file: string,
  noiseDb = -35,
  minSeconds = 0.25,
): Promise<{ start: number; end: number }[]> {
  const out: { start: number; end: number }[] = [];
  const log = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      ffmpegPath(),
      [
        '-hide_banner',
        '-nostdin',
        '-i',
        file,
        '-af',
        `silencedetect=noise=${noiseDb}dB:d=${minSeconds}`,
        '-f',
        'null',
        '-',
      ],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    const err: Buffer[] = [];
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      const text = Buffer.concat(err).toString('utf8');
      if (code === 0) resolve(text);
      else reject(new FfmpegError(`ffmpeg silencedetect exited with ${code}: ${text.slice(-300)}`));
    });
  });
  let start: number | undefined;
  for (const line of log.split('\n')) {
    const s = /silence_start: (-?[\d.]+)/.exec(line);
    if (s) start = Math.max(0, Number(s[1]));
    const e = /silence_end: ([\d.]+)/.exec(line);
    if (e && start !== undefined) {
      out.push({ start, end: Number(e[1]) });
      start = undefined;
    }
  }
  return out;
}

/** One clip of a batch: its audio, format, filters and where its MP3 goes. */
export interface TClipJob {
  audio: Buffer;
  input: TAudioInput;
  filters?: string[];
  file: string;
}

/**
 * Encodes many clips with one ffmpeg process (starting ffmpeg costs about as much as encoding a sentence): each
 * input gives its MP3 and a PCM copy whose length is the clip's decoded length. Returns the sample counts in order.
 */
export async function encodeClips(jobs: TClipJob[], tmpDir: string): Promise<number[]> {
  const { writeFileSync, statSync, rmSync } = await import('node:fs');
  const { join } = await import('node:path');
  const args: string[] = [];
  const pcmFiles: string[] = [];
  jobs.forEach((job, i) => {
    const src = join(tmpDir, `in-${i}.${job.input.format === 's16le' ? 'raw' : job.input.format}`);
    writeFileSync(src, job.audio);
    args.push(...inputArgs(job.input), '-i', src);
  });
  jobs.forEach((job, i) => {
    const af = job.filters?.length ? ['-af', job.filters.join(',')] : [];
    const pcm = join(tmpDir, `out-${i}.pcm`);
    pcmFiles.push(pcm);
    args.push('-map', `${i}:a`, ...af, ...encodeArgs, '-y', job.file);
    args.push(
      '-map',
      `${i}:a`,
      ...af,
      '-ac',
      '1',
      '-ar',
      String(MEDIA_FORMAT.sampleRate),
      '-f',
      's16le',
      '-y',
      pcm,
    );
  });
  try {
    await runFfmpeg(args);
    return pcmFiles.map((f) => statSync(f).size / 2);
  } finally {
    jobs.forEach((job, i) => {
      rmSync(join(tmpDir, `in-${i}.${job.input.format === 's16le' ? 'raw' : job.input.format}`), {
        force: true,
      });
      rmSync(pcmFiles[i] ?? '', { force: true });
    });
  }
}

import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { tokenize, type TMediaSentenceTiming, type TMediaSpeed } from '@polski/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the renderer shares the API's media layout, by path
import { loadCatalogue, type Catalogue } from '../../apps/api/src/modules/content/catalogue';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the renderer shares the API's media layout, by path
import {
  EPISODE_SPEEDS,
  LESSON_SPEEDS,
  MANIFEST_FILE,
  MEDIA_FORMAT,
  episodeUtterances,
  lessonUtterances,
  STORY_SPEEDS,
  storyUtterances,
  mediaDir as defaultMediaDir,
  mediaHash,
  paths,
  textKey,
  type TManifestTrack,
  type TMediaManifest,
  type TUtterance,
  ZMediaManifestSchema,
} from '../../apps/api/src/modules/content/media/layout';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the renderer shares the API's media layout, by path
import { workspacePath } from '../../apps/api/src/lib/paths';
import {
  concatFiles,
  decodedDurationMs,
  encodeClips,
  encodeSilence,
  type TAudioInput,
  type TClipJob,
} from './ffmpeg';
import type { TSpeechProvider } from './provider';
import { chooseProvider } from './providers';
import { findRecording, renderRecording } from './recordings';
import { voiceFor } from './voices';

/** Pauses between sentences, paragraphs and speakers' turns (ms); the slow track's are longer. */
export const PAUSES: Record<TMediaSpeed, { sentence: number; paragraph: number; turn: number }> = {
  normal: { sentence: 350, paragraph: 700, turn: 500 },
  slow: { sentence: 600, paragraph: 1000, turn: 800 },
};
const RENDER_VERSION = 'render-v1';
/** Sentence timings must cover the track within this share of its duration (docs/api.md, "Lesson media"). */
export const COVERAGE_TOLERANCE = 0.02;

/** What one lesson or episode needs rendered. */
export interface TRenderItem {
  /** `lessons/<hub>/<slug>`, `podcast/<slug>` or `story` (the home page's Story of the day). */
  key: string;
  kind: 'lesson' | 'episode' | 'story';
  hub?: string;
  slug: string;
  utterances: TUtterance[];
  speeds: readonly TMediaSpeed[];
  /** Vocabulary items (`pl`) to render as words. */
  vocabulary: string[];
}

export interface TRenderOptions {
  contentDir?: string;
  mediaDir?: string;
  /** The provider (closed by the caller); default: chooseProvider() (closed here). */
  provider?: TSpeechProvider;
  /**
   * Keys or key prefixes: `lessons`, `lessons/<hub>`, `lessons/<hub>/<slug>`, `podcast`, `podcast/<slug>`,
   * `story`.
   */
  only?: string[];
  /** Render again even when the manifest is current (clips already made are still reused unless forceClips). */
  force?: boolean;
  onProgress?: (p: {
    done: number;
    total: number;
    key: string;
    clipsRendered: number;
    skipped: boolean;
  }) => void;
}

export interface TRenderResult {
  items: number;
  /** Items whose files were (re)written. */
  written: number;
  skipped: number;
  /** Clips synthesised (or recordings encoded) by this run: 0 on a second run. */
  clipsRendered: number;
  failures: { key: string; error: string }[];
  ms: number;
}

export function catalogueItems(catalogue: Catalogue): TRenderItem[] {
  // the home page's one sentence first: it is ready seconds after `npm start` begins the render
  const items: TRenderItem[] = [
    {
      key: 'story',
      kind: 'story',
      slug: 'story',
      utterances: storyUtterances(),
      speeds: STORY_SPEEDS,
      vocabulary: [],
    },
  ];
  for (const l of catalogue.allLessons())
    items.push({
      key: `lessons/${l.hub}/${l.slug}`,
      kind: 'lesson',
      hub: l.hub,
      slug: l.slug,
      utterances: lessonUtterances(l),
      speeds: LESSON_SPEEDS,
      vocabulary: [...new Set(l.vocabulary.map((v) => v.pl))],
    });
  for (const { data } of catalogue.podcast)
    items.push({
      key: `podcast/${data.slug}`,
      kind: 'episode',
      slug: data.slug,
      utterances: episodeUtterances(data),
      speeds: EPISODE_SPEEDS,
      vocabulary: [],
    });
  return items;
}

const selected = (key: string, only?: string[]) =>
  !only?.length || only.some((o) => key === o || key.startsWith(`${o}/`));

/** The item's folder under the media folder. */
export function itemDir(media: string, item: Pick<TRenderItem, 'kind' | 'hub' | 'slug'>): string {
  if (item.kind === 'story') return paths.story(media);
  return item.kind === 'lesson' ? paths.lesson(media, item.hub!, item.slug) : paths.episode(media, item.slug);
}

/** The manifest in `dir` when it is valid, else undefined. */
export function readManifestFile(dir: string): TMediaManifest | undefined {
  try {
    const parsed = ZMediaManifestSchema.safeParse(JSON.parse(readFileSync(join(dir, MANIFEST_FILE), 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Writes a file whole or not at all (a reader never sees half a manifest). */
export function writeAtomic(file: string, data: string | Buffer): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/** A clip's length and word events, kept beside the clip as `<hash>.json`. */
export interface TClipInfo {
  samples: number;
  words?: { offset: number; ms: number }[];
}

/**
 * The clips of a render: each made once per hash (several sentences may share one), kept in clips/ across runs.
 * Synthesis runs in the provider (its own process for eSpeak NG) while ffmpeg encodes the previous clips.
 */
export class ClipStore {
  rendered = 0;
  /** At most two ffmpeg encoders and four synthesis requests at a time (2 cores; network providers' rate limits). */
  private readonly encoders = limiter(2);
  /** Clips waiting for the next ffmpeg batch (encodeClips). */
  private batch: { job: TClipJob; done: (samples: number) => void; fail: (e: Error) => void }[] = [];
  /** Syntheses asked for and not answered yet: while some are, a batch may still grow. */
  private synthesising = 0;
  private readonly synths = limiter(4);
  private readonly made = new Map<string, Promise<TClipInfo>>();
  constructor(
    readonly media: string,
    /** `clips` (sentences: a cache the image build drops) or `words` (vocabulary, served). */
    readonly folder: 'clips' | 'words' = 'clips',
  ) {}

  file(hash: string): string {
    return this.folder === 'words' ? paths.word(this.media, hash) : paths.clip(this.media, hash);
  }

  private existing(hash: string): TClipInfo | undefined {
    const info = `${this.file(hash).slice(0, -4)}.json`;
    if (!existsSync(this.file(hash)) || !existsSync(info)) return undefined;
    try {
      const parsed = JSON.parse(readFileSync(info, 'utf8')) as TClipInfo;
      return Number.isInteger(parsed.samples) && parsed.samples > 0 ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  /** The clip `hash`, made by `make` (audio and its word events) when it is not there yet. */
  ensure(
    hash: string,
    make: () => Promise<{
      audio: Buffer;
      input: TAudioInput;
      words?: TClipInfo['words'];
      filters?: string[];
    }>,
  ): Promise<TClipInfo> {
    let p = this.made.get(hash);
    if (!p) {
      const have = this.existing(hash);
      p = have
        ? Promise.resolve(have)
        : this.synthesise(make).then(async (speech) => {
            const file = this.file(hash);
            mkdirSync(dirname(file), { recursive: true });
            const tmp = `${file}.${process.pid}.tmp.mp3`;
            const samples = await this.encode({
              audio: speech.audio,
              input: speech.input,
              filters: speech.filters,
              file: tmp,
            });
            const info: TClipInfo = { samples, ...(speech.words?.length ? { words: speech.words } : {}) };
            renameSync(tmp, file);
            writeAtomic(`${file.slice(0, -4)}.json`, JSON.stringify(info));
            this.rendered++;
            return info;
          });
      this.made.set(hash, p);
    }
    return p;
  }

  private async synthesise<T>(make: () => Promise<T>): Promise<T> {
    this.synthesising++;
    try {
      return await this.synths(make);
    } finally {
      this.synthesising--;
      // the last answer of a burst: nothing more will join the batch
      if (this.synthesising === 0) setImmediate(() => this.flush());
    }
  }

  /** Queues a clip for the next batch: flushed at 24 clips, or when no synthesis is running any more. */
  private encode(job: TClipJob): Promise<number> {
    return new Promise((done, fail) => {
      this.batch.push({ job, done, fail });
      if (this.batch.length >= 24 || this.synthesising === 0) this.flush();
    });
  }

  private flush(): void {
    const batch = this.batch;
    this.batch = [];
    if (!batch.length) return;
    void this.encoders(async () => {
      const tmp = mkdtempSync(join(tmpdir(), 'polski-clips-'));
      try {
        const samples = await encodeClips(
          batch.map((b) => b.job),
          tmp,
        );
        batch.forEach((b, i) => b.done(samples[i]));
      } catch (e) {
        for (const b of batch) b.fail(e instanceof Error ? e : new Error(String(e)));
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    });
  }

  /** A silence of `ms` in the media format (clips/silence-<ms>.mp3). */
  async silence(ms: number): Promise<{ file: string; samples: number }> {
    const file = join(this.media, 'clips', `silence-${ms}.mp3`);
    const samples = Math.round((ms / 1000) * MEDIA_FORMAT.sampleRate);
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp.mp3`;
      await encodeSilence(ms, tmp);
      renameSync(tmp, file);
    }
    return { file, samples };
  }
}

/** Runs at most `n` of the given tasks at once. */
export function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const queue: (() => void)[] = [];
  return async (task) => {
    if (running >= n) await new Promise<void>((r) => queue.push(r));
    running++;
    try {
      return await task();
    } finally {
      running--;
      queue.shift()?.();
    }
  };
}

const msOf = (samples: number) => Math.round((samples / MEDIA_FORMAT.sampleRate) * 1000);

/** Word timings of a sentence from the provider's word events, when every token has one. */
function wordTimings(
  text: string,
  info: TClipInfo,
  startMs: number,
  endMs: number,
): TMediaSentenceTiming['words'] {
  if (!info.words?.length) return undefined;
  const tokens = tokenize(text);
  const starts: number[] = [];
  for (const t of tokens) {
    const e = info.words.find((w) => w.offset >= t.start && w.offset < t.end);
    if (!e) return undefined;
    starts.push(Math.min(startMs + e.ms, endMs));
  }
  for (let i = 1; i < starts.length; i++) if (starts[i] < starts[i - 1]) return undefined;
  return tokens.map((_, i) => ({
    i,
    startMs: starts[i],
    endMs: i + 1 < starts.length ? starts[i + 1] : endMs,
  }));
}

/** One clip per utterance, in order, with the pause after each. */
export interface TTrackPart {
  u: TUtterance;
  hash: string;
  info: TClipInfo;
}

/**
 * Joins clips with pauses into `<speed>-<hash>.mp3` in `dir` and returns the track with sentence timings from the
 * clips' decoded lengths; checks the timings cover the decoded file within COVERAGE_TOLERANCE.
 */
export async function assembleTrack(
  clips: ClipStore,
  dir: string,
  speed: TMediaSpeed,
  parts: TTrackPart[],
): Promise<TManifestTrack> {
  const pause = PAUSES[speed];
  const entries: string[] = [];
  const sentences: TMediaSentenceTiming[] = [];
  const hashes: string[] = [];
  let at = 0;
  for (let k = 0; k < parts.length; k++) {
    const { u, hash, info } = parts[k];
    const startMs = msOf(at);
    at += info.samples;
    const endMs = msOf(at);
    const words = wordTimings(u.text, info, startMs, endMs);
    sentences.push({ p: u.p, s: u.s, startMs, endMs, ...(words ? { words } : {}) });
    entries.push(clips.file(hash));
    hashes.push(hash);
    const next = parts[k + 1]?.u;
    if (next) {
      const ms = next.p !== u.p ? pause.paragraph : next.speaker !== u.speaker ? pause.turn : pause.sentence;
      const sil = await clips.silence(ms);
      entries.push(sil.file);
      hashes.push(`silence-${ms}`);
      at += sil.samples;
    }
  }
  const file = `${speed}-${mediaHash(RENDER_VERSION, String(MEDIA_FORMAT.bitrateKbps), ...hashes)}.mp3`;
  const out = join(dir, file);
  if (!existsSync(out)) {
    mkdirSync(dir, { recursive: true });
    const tmp = mkdtempSync(join(tmpdir(), 'polski-track-'));
    try {
      const list = join(tmp, 'list.txt');
      writeFileSync(list, entries.map((f) => `file '${f.replace(/'/g, "'\\''")}'`).join('\n') + '\n');
      await concatFiles(list, join(tmp, file));
      renameOrCopy(join(tmp, file), out);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  const durationMs = await decodedDurationMs(out);
  checkTimings(sentences, durationMs, out);
  return { speed, file, durationMs, bytes: statSync(out).size, sentences };
}

function renameOrCopy(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch {
    // another file system (the temp folder): write then rename inside the target folder
    writeAtomic(to, readFileSync(from));
  }
}

/** Monotonic, inside the file, and covering it within COVERAGE_TOLERANCE; else the render fails. */
export function checkTimings(sentences: TMediaSentenceTiming[], durationMs: number, file: string): void {
  let prev = 0;
  for (const s of sentences) {
    if (s.startMs < prev || s.endMs < s.startMs)
      throw new Error(`${file}: sentence timings not monotonic at ${s.p}.${s.s}`);
    prev = s.endMs;
  }
  const last = sentences[sentences.length - 1]?.endMs ?? 0;
  if (Math.abs(durationMs - last) > durationMs * COVERAGE_TOLERANCE || last > durationMs + 50)
    throw new Error(
      `${file}: timings end at ${last} ms, the decoded file lasts ${durationMs} ms (over ${COVERAGE_TOLERANCE * 100} %)`,
    );
}

/** Deletes track files of `dir` the manifest no longer names (a changed text leaves its old track behind). */
function pruneTracks(dir: string, keep: TMediaManifest): void {
  const names = new Set(keep.tracks.map((t) => t.file));
  for (const f of readdirSync(dir))
    if (/^(normal|slow)-[0-9a-f]{20}\.mp3$/.test(f) && !names.has(f)) rmSync(join(dir, f), { force: true });
}

/** Renders one item with the provider (or its recording) unless its manifest is current; true when written. */
export async function renderItem(
  item: TRenderItem,
  ctx: { media: string; provider: TSpeechProvider; clips: ClipStore; words: ClipStore; force?: boolean },
): Promise<boolean> {
  const { media, provider, clips } = ctx;
  const dir = itemDir(media, item);
  const key = textKey(item.utterances);
  const recording = item.kind === 'lesson' ? findRecording(media, item.hub!, item.slug) : undefined;
  const voices = item.utterances.map((u) => provider.voice(voiceFor(u.speaker)));
  const renderKey = recording
    ? mediaHash(
        RENDER_VERSION,
        'recording',
        key,
        recording.stamp,
        ...item.vocabulary,
        provider.id,
        provider.voice('narrator'),
      )
    : mediaHash(
        RENDER_VERSION,
        provider.id,
        key,
        ...voices,
        ...item.speeds,
        ...item.vocabulary,
        provider.voice('narrator'),
      );
  const current = readManifestFile(dir);
  if (
    !ctx.force &&
    current?.renderKey === renderKey &&
    current.tracks.every((t) => existsSync(join(dir, t.file))) &&
    Object.values(current.words ?? {}).every((h) => existsSync(ctx.words.file(h)))
  )
    return false;

  // vocabulary words, always synthesised by the narrator at normal speed
  const words: Record<string, string> = {};
  for (const pl of item.vocabulary) {
    const hash = mediaHash(provider.id, provider.voice('narrator'), 'normal', pl);
    await ctx.words.ensure(hash, () => provider.synthesize(pl, 'narrator', 'normal'));
    words[pl] = hash;
  }

  let manifest: TMediaManifest;
  if (recording) {
    const tracks = await renderRecording(recording, item.utterances, { dir, clips });
    manifest = {
      version: 1,
      textKey: key,
      renderKey,
      source: 'recording',
      voiceLabel: 'Native speaker recording',
      provider: 'recording',
      tracks,
    };
  } else {
    const tracks: TManifestTrack[] = [];
    for (const speed of item.speeds) {
      const parts = await Promise.all(
        item.utterances.map(async (u) => {
          const slot = voiceFor(u.speaker);
          const hash = mediaHash(provider.id, provider.voice(slot), speed, u.text);
          const info = await clips.ensure(hash, () => provider.synthesize(u.text, slot, speed));
          return { u, hash, info };
        }),
      );
      tracks.push(await assembleTrack(clips, dir, speed, parts));
    }
    manifest = {
      version: 1,
      textKey: key,
      renderKey,
      source: provider.source,
      voiceLabel: provider.voiceLabel,
      provider: provider.id,
      tracks,
    };
  }
  if (Object.keys(words).length) manifest.words = words;
  writeAtomic(join(dir, MANIFEST_FILE), JSON.stringify(manifest) + '\n');
  pruneTracks(dir, manifest);
  return true;
}

/**
 * Renders the catalogue's audio into the media folder (docs/content.md, "Audio"): every lesson (normal and slow)
 * and podcast episode, or those `only` names; incremental (a current manifest is skipped, a known clip reused).
 * Other code (the browser tests' setup) calls this to have the audio it needs: `renderCatalogue({ only: [...] })`.
 */
export async function renderCatalogue(options: TRenderOptions = {}): Promise<TRenderResult> {
  const t0 = Date.now();
  const catalogue = loadCatalogue(options.contentDir ?? workspacePath('content'));
  const media = options.mediaDir ?? defaultMediaDir();
  const items = catalogueItems(catalogue).filter((i) => selected(i.key, options.only));
  const provider = options.provider ?? chooseProvider();
  const clips = new ClipStore(media);
  const words = new ClipStore(media, 'words');
  const result: TRenderResult = {
    items: items.length,
    written: 0,
    skipped: 0,
    clipsRendered: 0,
    failures: [],
    ms: 0,
  };
  try {
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      try {
        const written = await renderItem(item, { media, provider, clips, words, force: options.force });
        if (written) result.written++;
        else result.skipped++;
        options.onProgress?.({
          done: i + 1,
          total: items.length,
          key: item.key,
          clipsRendered: clips.rendered + words.rendered,
          skipped: !written,
        });
      } catch (e) {
        result.failures.push({ key: item.key, error: e instanceof Error ? e.message : String(e) });
      }
    }
  } finally {
    if (!options.provider) await provider.close();
  }
  result.clipsRendered = clips.rendered + words.rendered;
  result.ms = Date.now() - t0;
  return result;
}

import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TAudioSummary, TLessonFile, TMedia, TMediaSource, TPodcastEpisodeFile } from '@polski/contracts';
import {
  MANIFEST_FILE,
  episodeUtterances,
  lessonUtterances,
  paths,
  storyUtterances,
  textKey,
  type TMediaManifest,
  ZMediaManifestSchema,
} from './layout';

/** A lesson's or an episode's media as the folder holds it now. */
export interface TMediaState {
  /** Changes whenever the manifest file does (part of cached answers' keys). */
  stamp: string;
  /** The manifest when it is for the current text and all its tracks exist. */
  ready?: TMediaManifest;
  /** A manifest for other text, or with files missing: its source still says what will speak. */
  stale?: TMediaManifest;
  dir: string;
}

interface TCached {
  mtimeMs: number;
  size: number;
  manifest?: TMediaManifest;
}

/**
 * Reads the renderer's manifests (docs/api.md, "Lesson media"), each parsed again only when its file's mtime or
 * size changes: every API process sees the render progress through the files, never through memory of its own.
 */
export class MediaStore {
  private readonly cache = new Map<string, TCached>();
  /**
   * Each lesson's and episode's text key, computed once per catalogue object (the catalogue never changes): a key
   * hashes every sentence of the text, and a lesson answer or a review card asks for the media state each time.
   */
  private readonly keys = new WeakMap<object, string>();
  private storyKey?: string;

  constructor(readonly dir: string) {}

  private read(itemDir: string): { stamp: string; manifest?: TMediaManifest } {
    const file = join(itemDir, MANIFEST_FILE);
    // no media yet is the common case while nothing is rendered: no exception for it
    const st = statSync(file, { throwIfNoEntry: false });
    if (!st) {
      this.cache.delete(file);
      return { stamp: 'none' };
    }
    let c = this.cache.get(file);
    if (!c || c.mtimeMs !== st.mtimeMs || c.size !== st.size) {
      let manifest: TMediaManifest | undefined;
      try {
        const parsed = ZMediaManifestSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
        manifest = parsed.success ? parsed.data : undefined;
      } catch {
        manifest = undefined;
      }
      c = { mtimeMs: st.mtimeMs, size: st.size, manifest };
      this.cache.set(file, c);
    }
    return { stamp: `${c.mtimeMs}-${c.size}`, manifest: c.manifest };
  }

  private state(itemDir: string, key: string): TMediaState {
    const { stamp, manifest } = this.read(itemDir);
    if (!manifest) return { stamp, dir: itemDir };
    const complete = manifest.textKey === key && manifest.tracks.every((t) => existsSync(join(itemDir, t.file)));
    // a deleted track file changes the answer too
    return complete ? { stamp, ready: manifest, dir: itemDir } : { stamp: `${stamp}-stale`, stale: manifest, dir: itemDir };
  }

  lesson(lesson: Pick<TLessonFile, 'hub' | 'slug' | 'paragraphs'>): TMediaState {
    return this.state(paths.lesson(this.dir, lesson.hub, lesson.slug), this.keyOf(lesson, lessonUtterances));
  }

  episode(episode: Pick<TPodcastEpisodeFile, 'slug' | 'transcript'>): TMediaState {
    return this.state(paths.episode(this.dir, episode.slug), this.keyOf(episode, episodeUtterances));
  }

  private keyOf<T extends object>(item: T, utterances: (item: T) => Parameters<typeof textKey>[0]): string {
    let key = this.keys.get(item);
    if (key === undefined) {
      key = textKey(utterances(item));
      this.keys.set(item, key);
    }
    return key;
  }

  /** The home page's Story of the day (docs/api.md, "Story of the day"). */
  story(): TMediaState {
    return this.state(paths.story(this.dir), (this.storyKey ??= textKey(storyUtterances())));
  }

  /** A vocabulary word's audio (words/<hash>.mp3). */
  wordFile(hash: string): string {
    return paths.word(this.dir, hash);
  }

  /** Lessons by what speaks them (only ready audio counts). */
  summary(lessons: TLessonFile[]): TAudioSummary {
    const out: TAudioSummary = { lessons: lessons.length, ready: 0, recording: 0, neural: 0, synthetic: 0 };
    for (const l of lessons) {
      const m = this.lesson(l).ready;
      if (!m) continue;
      out.ready++;
      out[m.source]++;
    }
    return out;
  }
}

export const VOICE_LABELS: Record<TMediaSource, string> = {
  recording: 'Native speaker recording',
  neural: 'Natural voice',
  synthetic: 'Synthetic voice (eSpeak NG)',
};

/**
 * The `media` block of an answer: `url(file)` makes each file's URL (signed or public). While the render has not
 * finished, `preparing` with no tracks.
 */
export function mediaBlock(state: TMediaState, url: (file: string) => string): TMedia {
  const m = state.ready;
  if (!m) {
    const source = state.stale?.source ?? 'synthetic';
    const stale = state.stale;
    // without a manifest, the offline renderer (eSpeak NG) is what will speak
    const provider = stale ? stale.provider : 'espeak';
    return { status: 'preparing', source, voiceLabel: stale?.voiceLabel ?? VOICE_LABELS[source], provider, tracks: [] };
  }
  return {
    status: 'ready',
    source: m.source,
    voiceLabel: m.voiceLabel,
    provider: m.provider,
    tracks: m.tracks.map((t) => ({
      speed: t.speed,
      url: url(t.file),
      durationMs: t.durationMs,
      bytes: t.bytes,
      sentences: t.sentences,
    })),
    ...(m.words ? { words: Object.fromEntries(Object.entries(m.words).map(([pl, hash]) => [pl, url(`w-${hash}.mp3`)])) } : {}),
  };
}

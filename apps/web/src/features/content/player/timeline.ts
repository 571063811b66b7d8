import type { TMedia, TMediaSpeed, TMediaTrack } from '@polski/contracts';

/**
 * The learning player's arithmetic (docs/product.md, "The learning player"), without React or the DOM: where each
 * sentence of the text is in a track, which sentence and word a time falls in, and what the player does at a
 * moment of playback (go on, loop the sentence, pause after it for shadowing).
 */

/** The player's speeds: 0.5-1.5, the browser keeps the pitch (`preservesPitch`). */
export const PLAYER_RATES = [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.25, 1.5] as const;

export interface TTimedWord {
  /** The word's position among the sentence's words (punctuation not counted). */
  i: number;
  startMs: number;
  endMs: number;
}

/** A sentence of the text in a track; `index` counts sentences through all paragraphs, as the text does. */
export interface TTimedSentence {
  index: number;
  startMs: number;
  endMs: number;
  words?: readonly TTimedWord[];
}

/**
 * The track's sentences as the text numbers them (paragraph `p`, sentence `s` → the running index), in time order.
 * A timing that names a sentence the text does not have (a stale manifest) is dropped.
 */
export function timedSentences(
  paragraphs: readonly { sentences: readonly unknown[] }[],
  track: Pick<TMediaTrack, 'sentences'>,
): TTimedSentence[] {
  const firstOf: number[] = [];
  let n = 0;
  for (const p of paragraphs) {
    firstOf.push(n);
    n += p.sentences.length;
  }
  const out: TTimedSentence[] = [];
  for (const t of track.sentences) {
    if (t.p >= paragraphs.length || t.s >= paragraphs[t.p].sentences.length || t.endMs < t.startMs) continue;
    out.push({ index: firstOf[t.p] + t.s, startMs: t.startMs, endMs: t.endMs, words: t.words });
  }
  return out.sort((a, b) => a.startMs - b.startMs);
}

/** The tracks a player can play: ready media with at least one timed track. */
export function playableTracks(media: TMedia | undefined): TMediaTrack[] {
  if (!media || media.status !== 'ready') return [];
  return media.tracks.filter((t) => t.url && t.sentences.length > 0);
}

/** The track to start with: the slow one where the lesson is a slow story and has it, else the normal one. */
export function initialSpeed(tracks: readonly TMediaTrack[], preferSlow: boolean): TMediaSpeed {
  if (preferSlow && tracks.some((t) => t.speed === 'slow')) return 'slow';
  return tracks.some((t) => t.speed === 'normal') ? 'normal' : (tracks[0]?.speed ?? 'normal');
}

/**
 * Position in `timed` (not the sentence index) of the sentence being heard at `ms`: the one whose span holds it,
 * or in a pause between two sentences the one just heard; -1 before the first.
 */
export function positionAt(timed: readonly TTimedSentence[], ms: number): number {
  let lo = 0;
  let hi = timed.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (timed[mid].startMs <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The text's index of the sentence heard at `ms`, -1 before the first. */
export function sentenceAt(timed: readonly TTimedSentence[], ms: number): number {
  const at = positionAt(timed, ms);
  return at < 0 ? -1 : timed[at].index;
}

/** The word (its position among the sentence's words) being said at `ms`, -1 between words or without timings. */
export function wordAt(sentence: TTimedSentence | undefined, ms: number): number {
  const word = sentence?.words?.find((w) => ms >= w.startMs && ms < w.endMs);
  return word ? word.i : -1;
}

/** The timing of the text's sentence `index` in `timed`, if the track has it. */
export function timingOf(timed: readonly TTimedSentence[], index: number): TTimedSentence | undefined {
  return timed.find((t) => t.index === index);
}

/** The timed sentence before (`-1`) or after (`+1`) the text's sentence `index`; clamped at the ends. */
export function neighbour(timed: readonly TTimedSentence[], index: number, step: -1 | 1): TTimedSentence | undefined {
  if (!timed.length) return undefined;
  const at = timed.findIndex((t) => t.index === index);
  if (at < 0) return step > 0 ? timed[0] : timed[timed.length - 1];
  return timed[Math.max(0, Math.min(timed.length - 1, at + step))];
}

/** What playback does at a moment (one check per animation frame and per `timeupdate` while playing). */
export type TTickAction =
  /** Go on; `anchor` is the sentence now being played (it changes as playback crosses into the next one). */
  | { kind: 'continue'; anchor: number }
  /** Loop: back to the start of the sentence. */
  | { kind: 'seek'; toMs: number; anchor: number }
  /**
   * Shadowing: stop after the sentence just heard (`heard`), set at the start of the next one (`anchor`), where
   * Play goes on; after the last sentence, at its end.
   */
  | { kind: 'pause'; atMs: number; heard: number; anchor: number };

/**
 * The decision at `ms` while `anchor` (a text index, -1 for none) is the sentence being played: past its end, a
 * looped sentence starts again, with auto-pause the player stops there, else the anchor moves to the sentence heard.
 */
export function tick(
  timed: readonly TTimedSentence[],
  { ms, anchor, loop, autoPause }: { ms: number; anchor: number; loop: boolean; autoPause: boolean },
): TTickAction {
  const current = anchor >= 0 ? timingOf(timed, anchor) : undefined;
  if (!current) return { kind: 'continue', anchor: sentenceAt(timed, ms) };
  if (ms < current.endMs && ms >= current.startMs - 250) return { kind: 'continue', anchor };
  if (ms >= current.endMs) {
    if (loop) return { kind: 'seek', toMs: current.startMs, anchor };
    if (autoPause) {
      const next = neighbour(timed, anchor, 1);
      if (!next || next.index === anchor) return { kind: 'pause', atMs: current.endMs, heard: anchor, anchor };
      return { kind: 'pause', atMs: next.startMs, heard: anchor, anchor: next.index };
    }
  }
  // a seek elsewhere (or plain playback into the next sentence)
  return { kind: 'continue', anchor: sentenceAt(timed, ms) };
}

/** "1:05" from milliseconds. */
export function clock(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

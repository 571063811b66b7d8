import type { TMediaSentenceTiming } from '@polski/contracts';

/** Sentence timings by flat sentence index (paragraph by paragraph), with the index each timing stands for. */
export interface TFlatTiming {
  index: number;
  startMs: number;
  endMs: number;
}

/**
 * The timings of a track (`media.tracks[].sentences`, each naming its paragraph `p` and sentence `s`) as flat
 * sentence indexes of the text, in time order. Timings naming a sentence the text does not have are left out.
 */
export function flattenTimings(
  paragraphs: ReadonlyArray<{ sentences: ReadonlyArray<unknown> }>,
  timings: readonly TMediaSentenceTiming[],
): TFlatTiming[] {
  const offsets: number[] = [];
  let n = 0;
  for (const p of paragraphs) {
    offsets.push(n);
    n += p.sentences.length;
  }
  const out: TFlatTiming[] = [];
  for (const t of timings) {
    if (t.p >= paragraphs.length || t.s >= paragraphs[t.p].sentences.length || t.endMs < t.startMs) continue;
    out.push({ index: offsets[t.p] + t.s, startMs: t.startMs, endMs: t.endMs });
  }
  return out.sort((a, b) => a.startMs - b.startMs);
}

/**
 * The sentence being spoken at `ms`: the last sentence that has started by then. In a pause between two sentences
 * the one just spoken stays (a subtitle that blinks off between sentences is restless to read); before the first
 * sentence starts, the first one shows. -1 only without timings.
 */
export function sentenceAtTime(timings: readonly TFlatTiming[], ms: number): number {
  if (!timings.length) return -1;
  let lo = 0;
  let hi = timings.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (timings[mid].startMs <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return timings[found].index;
}

/** When a sentence starts in the track, in ms; undefined when the track has no timing for it. */
export function startOfSentence(timings: readonly TFlatTiming[], index: number): number | undefined {
  return timings.find((t) => t.index === index)?.startMs;
}

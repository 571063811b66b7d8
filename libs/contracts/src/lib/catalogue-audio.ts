import type { TMediaSource } from './content';

/**
 * What the catalogue's lesson audio is, derived from the API's per-hub audio summary, and the home page's texts
 * about it (docs/product.md, "Honest audio claims"). The rest of the texts are in audio-claims.ts: a file of their
 * own, so that the home route's initial JavaScript carries only the home page's.
 */

/** How many lessons of a set have audio from each source (the API's per-hub `audio` summary has these counts). */
export interface TAudioSourceCounts {
  lessons: number;
  recording: number;
  neural: number;
}

/**
 * The plainest lesson audio of a catalogue from its per-hub counts: a claim about "every lesson" holds only if it
 * holds for the lesson with the plainest voice. `recording` only when every lesson has a recording, `neural` when
 * every lesson has at least neural synthesis, else `synthetic` (a lesson without audio yet counts as the plainest).
 * Undefined when no hub reports a summary (an older API): the texts then name no kind of voice.
 */
export function catalogueAudioSource(
  hubs: readonly (TAudioSourceCounts | undefined)[],
): TMediaSource | undefined {
  const known = hubs.filter((h): h is TAudioSourceCounts => !!h);
  if (!known.length) return undefined;
  const total = known.reduce((n, h) => n + h.lessons, 0);
  const recorded = known.reduce((n, h) => n + h.recording, 0);
  const neural = known.reduce((n, h) => n + h.neural, 0);
  if (total > 0 && recorded >= total) return 'recording';
  if (total > 0 && recorded + neural >= total) return 'neural';
  return 'synthetic';
}

/** The home page's texts (a table of their own: the home route's initial JavaScript carries only these). */
export interface THomeAudioClaims {
  /** What the home page's hero lists: 'native audio'. */
  hero: string;
  /** The home page's "How you will learn", Listening. */
  method: string;
}

/**
 * The home page's texts for a catalogue whose plainest lesson audio is `source`: the spec's 'native audio' only for
 * recordings; while the source is not known yet (undefined), texts that name no kind of voice.
 */
export function homeAudioClaims(source: TMediaSource | undefined): THomeAudioClaims {
  const listening =
    source === 'recording'
      ? 'Native audio for the lessons'
      : source
        ? `Audio for every lesson (a ${source === 'neural' ? 'natural' : 'synthetic'} voice)`
        : 'Audio for every lesson';
  return {
    hero: source === 'recording' ? 'native audio' : 'audio',
    method: `${listening}, slow-paced stories and listening practice that trains your ear step by step.`,
  };
}

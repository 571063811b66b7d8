import type { TMediaSource } from './content';

/**
 * What the catalogue's lesson audio is, and the home page's texts about it (docs/product.md, "Honest audio claims").
 * The rest of the texts are in audio-claims.ts: a file of their own, so that the home route's initial JavaScript
 * carries only the home page's.
 */

/**
 * The least of the catalogue's lesson audio: a claim about "every lesson" holds only if it holds for the lesson
 * with the plainest voice. The single place this is set until the API reports a catalogue audio summary
 * (docs/product.md, "Honest audio claims"): the offline render (eSpeak NG) speaks the catalogue today.
 * The API mail (apps/api mail templates) and the payment catalogue describe premium with these texts too.
 */
export const CATALOGUE_LESSON_AUDIO: TMediaSource = 'synthetic';

/** The home page's texts (a table of their own: the home route's initial JavaScript carries only these). */
export interface THomeAudioClaims {
  /** What the home page's hero lists: 'native audio'. */
  hero: string;
  /** The home page's "How you will learn", Listening. */
  method: string;
}

/** The home page's texts: the spec's 'native audio' only for recordings (built from parts: the home page loads them). */
export function homeAudioClaims(source: TMediaSource): THomeAudioClaims {
  const listening =
    source === 'recording'
      ? 'Native audio for the lessons'
      : `Audio for every lesson (a ${source === 'neural' ? 'natural' : 'synthetic'} voice)`;
  return {
    hero: source === 'recording' ? 'native audio' : 'audio',
    method: `${listening}, slow-paced stories and listening practice that trains your ear step by step.`,
  };
}

/** The home page's texts for the catalogue as it is. */
export const HOME_AUDIO_CLAIMS: THomeAudioClaims = homeAudioClaims(CATALOGUE_LESSON_AUDIO);

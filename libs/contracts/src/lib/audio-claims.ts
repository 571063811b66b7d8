import type { TMediaSource } from './content';
import { homeAudioClaims, type THomeAudioClaims } from './catalogue-audio';

/**
 * What the site says about its audio, derived from what the catalogue has (docs/product.md, "Honest audio
 * claims"): "native" only where every lesson has a recording by a speaker, "natural voice" where every lesson has at
 * least neural synthesis, "synthetic voice" otherwise. The spec's benefit texts ('Native audio', 'Native audio for
 * every lesson') stay word for word only when they are true.
 */

export interface TAudioClaims extends THomeAudioClaims {
  /** A benefit in a short list (the premium modal): 'Native audio'. */
  short: string;
  /** A benefit in a list: 'Native audio for every lesson'. */
  everyLesson: string;
  /** The same, inside a sentence: 'native audio for every lesson'. */
  everyLessonInline: string;
  /** A card's title and text (the one-time offer). */
  cardTitle: string;
  cardText: string;
  /** Inside a list of what a member has: 'the native audio'. */
  theAudio: string;
  /** The premium FAQ "What do I get": 'with native audio'. */
  withAudio: string;
  /** The sentence a testimonial quotes about hearing the lessons. */
  testimonialHearing: string;
}

const CLAIMS: Record<TMediaSource | 'unknown', Omit<TAudioClaims, keyof THomeAudioClaims>> = {
  recording: {
    short: 'Native audio',
    everyLesson: 'Native audio for every lesson',
    everyLessonInline: 'native audio for every lesson',
    cardTitle: 'Native audio',
    cardText: 'Every lesson read by a native Polish speaker, sentence by sentence.',
    theAudio: 'the native audio',
    withAudio: 'with native audio',
    testimonialHearing: 'hearing every sentence read by a native speaker',
  },
  neural: {
    short: 'Natural-voice audio',
    everyLesson: 'Natural-voice audio for every lesson',
    everyLessonInline: 'natural-voice audio for every lesson',
    cardTitle: 'Natural-voice audio',
    cardText: 'Every lesson read aloud by a natural-sounding Polish voice, sentence by sentence.',
    theAudio: 'the lesson audio',
    withAudio: 'with natural-voice audio',
    testimonialHearing: 'hearing every sentence read aloud',
  },
  unknown: {
    short: 'Audio for every lesson',
    everyLesson: 'Audio for every lesson',
    everyLessonInline: 'audio for every lesson',
    cardTitle: 'Audio for every lesson',
    cardText:
      'Every lesson read aloud sentence by sentence, at normal and slow speed, in a player built for learning.',
    theAudio: 'the lesson audio',
    withAudio: 'with its audio',
    testimonialHearing: 'hearing every sentence read aloud',
  },
  synthetic: {
    short: 'Audio for every lesson',
    everyLesson: 'Audio for every lesson (synthetic voice)',
    everyLessonInline: 'audio for every lesson in a synthetic voice',
    cardTitle: 'Audio for every lesson',
    cardText:
      'Every lesson read aloud sentence by sentence by a synthetic Polish voice, at normal and slow speed, in a player built for learning.',
    theAudio: 'the lesson audio',
    withAudio: 'with its audio (a synthetic voice)',
    testimonialHearing: 'hearing every sentence read aloud, slowly when I need it,',
  },
};

/**
 * The texts for a catalogue whose plainest lesson audio is `source` (catalogueAudioSource of the API's hub
 * summaries); while it is not known yet (undefined), texts that name no kind of voice.
 */
export function audioClaims(source: TMediaSource | undefined): TAudioClaims {
  return { ...homeAudioClaims(source), ...CLAIMS[source ?? 'unknown'] };
}

import { createContext, useContext } from 'react';
import type { TMedia, TMediaTrack } from '@polski/contracts';
import { speakOnce } from '../hooks/use-speech';
import { timingOf, type TTimedSentence } from './timeline';

/**
 * How the word popover's "Hear it" says a word (docs/product.md, "The learning player"): the vocabulary word's own
 * file from `media.words` when the word as written is a vocabulary item; else the word's stretch of the lesson's
 * track when the track has word timings; else the browser's Polish voice.
 */
export type TWordClip =
  | { kind: 'file'; url: string }
  | { kind: 'segment'; url: string; startMs: number; endMs: number }
  | { kind: 'speech'; text: string };

export interface TWordAudioSource {
  words?: TMedia['words'];
  track?: TMediaTrack;
  timed: readonly TTimedSentence[];
}

/** Where a word of the text is: the text's sentence index and the word's position among that sentence's words. */
export interface TWordPlace {
  sentence: number;
  ordinal: number;
}

function vocabularyFile(words: TMedia['words'], text: string): string | undefined {
  if (!words) return undefined;
  if (words[text]) return words[text];
  const lower = text.toLocaleLowerCase('pl');
  const key = Object.keys(words).find((k) => k.toLocaleLowerCase('pl') === lower);
  return key ? words[key] : undefined;
}

/** The clip that says `text` (at `place` in the text, when known). */
export function wordClip(source: TWordAudioSource | null, text: string, place?: TWordPlace): TWordClip {
  const file = source ? vocabularyFile(source.words, text) : undefined;
  if (file) return { kind: 'file', url: file };
  if (source?.track && place) {
    const word = timingOf(source.timed, place.sentence)?.words?.find((w) => w.i === place.ordinal);
    if (word && word.endMs > word.startMs) {
      return { kind: 'segment', url: source.track.url, startMs: word.startMs, endMs: word.endMs };
    }
  }
  return { kind: 'speech', text };
}

/** Whether a clip can be heard on this device (a file or segment always; speech only with a Polish voice). */
export function clipAudible(clip: TWordClip, speechReady: boolean): boolean {
  return clip.kind !== 'speech' || speechReady;
}

let current: HTMLAudioElement | null = null;

/**
 * Plays a clip: a file from its start, a segment from its start to its end (a media fragment `#t=` and a check at
 * every time update, whichever stops first), speech through speechSynthesis. Resolves false when it cannot play.
 */
export async function playClip(clip: TWordClip, { rate = 1 }: { rate?: number } = {}): Promise<boolean> {
  current?.pause();
  current = null;
  if (clip.kind === 'speech') return speakOnce(clip.text, { rate });
  const url =
    clip.kind === 'segment' ? `${clip.url}#t=${clip.startMs / 1000},${clip.endMs / 1000}` : clip.url;
  const audio = new Audio(url);
  current = audio;
  audio.preservesPitch = true;
  audio.defaultPlaybackRate = rate;
  audio.playbackRate = rate;
  if (clip.kind === 'segment') {
    const end = clip.endMs / 1000;
    audio.addEventListener('loadedmetadata', () => {
      if (audio.currentTime < clip.startMs / 1000 - 0.05) audio.currentTime = clip.startMs / 1000;
    });
    audio.addEventListener('timeupdate', () => {
      if (audio.currentTime >= end) audio.pause();
    });
  }
  try {
    await audio.play();
    return true;
  } catch {
    return false;
  }
}

/** The lesson's word audio for the popovers below it; null outside a lesson with media. */
export const WordAudioContext = createContext<TWordAudioSource | null>(null);

export function useWordAudioSource(): TWordAudioSource | null {
  return useContext(WordAudioContext);
}

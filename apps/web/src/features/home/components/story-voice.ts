import { speakOnce, speechSupport } from '../../content/hooks/use-speech';

/**
 * The voice of the home page's "Story of the day" (docs/product.md, "Home page"), loaded on the first press so the
 * home route's initial JavaScript stays within its budget: the recording when there is one, else the browser's
 * Polish voice at 0.9×.
 */
let audio: HTMLAudioElement | null = null;

/** '' when it plays; else why nothing plays, for the card to say. */
export type TStoryVoiceResult = string;

function speak(text: string, onEnd: () => void): TStoryVoiceResult {
  const support = speechSupport();
  if (support === 'ready' && speakOnce(text, { rate: 0.9, onEnd })) return '';
  return support === 'unsupported'
    ? 'This browser cannot read aloud.'
    : 'No Polish voice on this device to read it aloud.';
}

export async function playStory(
  story: { pl: string; audioUrl?: string },
  onEnd: () => void,
): Promise<TStoryVoiceResult> {
  stopStory();
  if (!story.audioUrl) return speak(story.pl, onEnd);
  const a = new Audio(story.audioUrl);
  audio = a;
  a.addEventListener('ended', onEnd);
  try {
    await a.play();
    return '';
  } catch {
    return speak(story.pl, onEnd);
  }
}

export function stopStory(): void {
  audio?.pause();
  audio = null;
  if (typeof window !== 'undefined' && 'speechSynthesis' in window) window.speechSynthesis.cancel();
}

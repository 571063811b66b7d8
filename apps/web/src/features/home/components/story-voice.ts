import { callApi } from '../../../lib/api-client';
import { speakOnce, speechSupport } from '../../content/hooks/use-speech';

/**
 * The voice of the home page's "Story of the day" (docs/product.md, "Home page"), loaded on the first press so the
 * home route's initial JavaScript stays within its budget: the sentence's rendered audio from
 * `GET /api/content/story-of-the-day`, and the browser's Polish voice at 0.9× only when there is no file (not
 * rendered yet, the API unreachable, or the file does not play).
 */
let audio: HTMLAudioElement | null = null;
/** The rendered track's URL, asked for once per page load ('' when there is none). */
let trackUrl: Promise<string> | null = null;

/** '' when it plays; else why nothing plays, for the card to say. */
export type TStoryVoiceResult = string;

function speak(text: string, onEnd: () => void): TStoryVoiceResult {
  const support = speechSupport();
  if (support === 'ready' && speakOnce(text, { rate: 0.9, onEnd })) return '';
  return support === 'unsupported'
    ? 'This browser cannot read aloud.'
    : 'No Polish voice on this device to read it aloud.';
}

/** The normal track of the story's rendered audio, or '' while it is being prepared (or cannot be asked for). */
export function storyTrackUrl(): Promise<string> {
  trackUrl ??= callApi('content.storyOfTheDay', undefined, { silentStatuses: [0, 404, 500, 502, 503, 504] })
    .then((story) =>
      story.media.status === 'ready' ? (story.media.tracks.find((t) => t.speed === 'normal')?.url ?? '') : '',
    )
    .catch(() => {
      // asked again at the next press: the API may be back
      trackUrl = null;
      return '';
    });
  return trackUrl;
}

export async function playStory(story: { pl: string }, onEnd: () => void): Promise<TStoryVoiceResult> {
  stopStory();
  const url = await storyTrackUrl();
  if (!url) return speak(story.pl, onEnd);
  const a = new Audio(url);
  audio = a;
  a.addEventListener('ended', onEnd);
  try {
    await a.play();
    return '';
  } catch {
    if (audio === a) audio = null;
    return speak(story.pl, onEnd);
  }
}

export function stopStory(): void {
  audio?.pause();
  audio = null;
  if (typeof window !== 'undefined' && 'speechSynthesis' in window) window.speechSynthesis.cancel();
}

/** For tests: forget the asked-for URL. */
export function resetStoryVoice(): void {
  trackUrl = null;
  audio = null;
}

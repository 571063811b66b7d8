import { useEffect, useRef, useState } from 'react';
import { PlayIcon } from '../../../components/ui/icons';
import { speakOnce, useSpeechSupport } from '../../content/hooks/use-speech';
import { STORY_OF_THE_DAY } from '../content';

type TState = 'idle' | 'playing' | 'failed';

/**
 * "Story of the day" (docs/product.md, "Home page"): its Play button says the sentence, from its recording when it
 * has one, else in the browser's Polish voice; where neither can speak, it says so instead of doing nothing.
 */
export function StoryOfTheDay({ story = STORY_OF_THE_DAY }: { story?: typeof STORY_OF_THE_DAY }) {
  const support = useSpeechSupport();
  const [state, setState] = useState<TState>('idle');
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(
    () => () => {
      audio.current?.pause();
      if (typeof window !== 'undefined' && 'speechSynthesis' in window) window.speechSynthesis.cancel();
    },
    [],
  );

  const speak = () => {
    if (support === 'ready' && speakOnce(story.pl, { rate: 0.9, onEnd: () => setState('idle') })) setState('playing');
    else setState('failed');
  };
  const play = () => {
    if (state === 'playing') {
      audio.current?.pause();
      if ('speechSynthesis' in window) window.speechSynthesis.cancel();
      setState('idle');
      return;
    }
    if (!story.audioUrl) return speak();
    const a = new Audio(story.audioUrl);
    audio.current = a;
    a.addEventListener('ended', () => setState('idle'));
    a.play().then(() => setState('playing'), speak);
  };

  return (
    <section className={`hero-card${state === 'playing' ? ' is-playing' : ''}`} aria-labelledby="story-of-the-day">
      <p className="hero-card-label" id="story-of-the-day">
        Story of the day
      </p>
      <p className="hero-card-pl" lang="pl">
        {story.pl}
      </p>
      <p className="hero-card-en">{story.en}</p>
      <div className="hero-card-audio">
        <button
          type="button"
          className="hero-card-play"
          aria-label={state === 'playing' ? 'Stop the story of the day' : 'Play the story of the day'}
          onClick={play}
        >
          {state === 'playing' ? (
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <rect x="6" y="6" width="12" height="12" rx="1.5" fill="currentColor" />
            </svg>
          ) : (
            <PlayIcon size={18} />
          )}
        </button>
        <span className="hero-card-wave" aria-hidden="true" />
      </div>
      <p className="hero-card-note" role="status">
        {state === 'failed'
          ? support === 'unsupported'
            ? 'This browser cannot read aloud.'
            : 'No Polish voice on this device to read it aloud.'
          : ''}
      </p>
    </section>
  );
}

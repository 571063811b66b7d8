import { useEffect, useState } from 'react';
import { PlayIcon } from '../../../components/ui/icons';
import { useT } from '../../../lib/i18n/i18n';
import { STORY_OF_THE_DAY_PL } from '@polski/contracts';
let loaded: typeof import('./story-voice') | null = null;
const voice = async () => (loaded ??= await import('./story-voice'));

/**
 * "Story of the day" (docs/product.md, "Home page"): its Play button plays the sentence's rendered audio (from the
 * API), else the browser's Polish voice reads it; where neither can speak, it says so instead of doing nothing.
 * The voice's code loads on the first press (story-voice.ts).
 */
export function StoryOfTheDay({ story: given }: { story?: { pl: string; en: string } }) {
  const t = useT();
  // the day's sentence, its translation in the learner's language (the catalogue's)
  const story = given ?? { pl: STORY_OF_THE_DAY_PL, en: t('shell.story.en') };
  const [state, setState] = useState<'idle' | 'playing'>('idle');
  const [note, setNote] = useState('');
  // leaving the page stops the voice (if its code was ever loaded)
  useEffect(() => () => loaded?.stopStory(), []);

  const play = async () => {
    const v = await voice();
    if (state === 'playing') {
      v.stopStory();
      setState('idle');
      return;
    }
    const why = await v.playStory(story, () => setState('idle'));
    setNote(why);
    setState(why ? 'idle' : 'playing');
  };

  return (
    <section
      className={`hero-card${state === 'playing' ? ' is-playing' : ''}`}
      aria-labelledby="story-of-the-day"
    >
      <p className="hero-card-label" id="story-of-the-day">
        {t('shell.story.label')}
      </p>
      <p className="hero-card-pl" lang="pl">
        {story.pl}
      </p>
      <p className="hero-card-en">{story.en}</p>
      <div className="hero-card-audio">
        <button
          type="button"
          className="hero-card-play"
          aria-label={t(state === 'playing' ? 'shell.story.stop' : 'shell.story.play')}
          onClick={() => void play()}
        >
          {state === 'playing' ? <span className="hero-card-stop" /> : <PlayIcon size={18} />}
        </button>
        <span className="hero-card-wave" aria-hidden="true" />
      </div>
      <p className="hero-card-note" role="status">
        {note}
      </p>
    </section>
  );
}

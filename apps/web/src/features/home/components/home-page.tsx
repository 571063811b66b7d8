import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { HOME_FACTS } from '@polski/contracts';
import { HUBS } from '../../../config/hubs';
import { paths } from '../../../config/paths';
import { StoryOfTheDay } from './story-of-the-day';
import { useHomeAudioClaims } from './use-home-audio-claims';
import './home.css';

// below the fold: their code and texts load after the first paint (docs/performance.md, the home budget)
const HomeSections = lazy(() => import('./home-sections'));

/**
 * `resume`: where a signed-in learner left off, under the hero (app/ composes it; nothing for visitors). `onJoin`:
 * a visitor's "Join 5000+ learners" opens the sign-up form with it (none for a signed-in learner, who has joined).
 */
export function HomePage({ resume, onJoin }: { resume?: ReactNode; onJoin?: () => void }) {
  const audio = useHomeAudioClaims();
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-grid">
          <div className="hero-text">
            <p className="eyebrow">Polish for learners of every level</p>
            <h1 id="hero-title">Start Learning Polish Through Stories</h1>
            <p className="hero-lead">
              Short stories, real dialogues, {audio.hero} and exercises: learn the Polish you will actually
              hear and use, one story at a time.
            </p>
            <div className="hero-actions">
              <Link to={paths.learnPolish.getHref()} className="btn btn-primary btn-lg">
                Learn Polish
              </Link>
              {onJoin ? (
                <button type="button" className="btn btn-secondary btn-lg" onClick={onJoin}>
                  Join {HOME_FACTS.learners} learners
                </button>
              ) : null}
            </div>
          </div>
          <StoryOfTheDay />
        </div>
      </section>

      {resume ? <div className="container">{resume}</div> : null}

      <section className="stats" aria-label="Polski Stories in numbers">
        <div className="container stats-grid">
          <p>
            <strong>{HOME_FACTS.learners}</strong> learners
          </p>
          <p>
            <strong>{HUBS.length}</strong> learning paths
          </p>
          <p>
            <strong>{HOME_FACTS.alphabetLetters}</strong> letters to master
          </p>
        </div>
      </section>

      <Suspense fallback={<div className="home-sections-placeholder" aria-hidden="true" />}>
        <HomeSections audioMethod={audio.method} />
      </Suspense>
    </div>
  );
}

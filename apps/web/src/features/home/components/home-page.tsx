import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { HOME_AUDIO_CLAIMS, HOME_FACTS } from '@polski/contracts';
import { HUBS } from '../../../config/hubs';
import { paths } from '../../../config/paths';
import { StoryOfTheDay } from './story-of-the-day';
import './home.css';

// below the fold: their code and texts load after the first paint (docs/performance.md, the home budget)
const HomeSections = lazy(() => import('./home-sections'));

export function HomePage() {
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-grid">
          <div className="hero-text">
            <p className="eyebrow">Polish for learners of every level</p>
            <h1 id="hero-title">Start Learning Polish Through Stories</h1>
            <p className="hero-lead">
              Short stories, real dialogues, {HOME_AUDIO_CLAIMS.hero} and exercises: learn the Polish you will
              actually hear and use, one story at a time.
            </p>
            <div className="hero-actions">
              <Link to={paths.learnPolish.getHref()} className="btn btn-primary btn-lg">
                Learn Polish
              </Link>
              <span className="hero-note">Join {HOME_FACTS.learners} learners</span>
            </div>
          </div>
          <StoryOfTheDay />
        </div>
      </section>

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
        <HomeSections />
      </Suspense>
    </div>
  );
}

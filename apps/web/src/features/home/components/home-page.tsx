import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { HOME_FACTS } from '@polski/contracts';
import { HUBS } from '../../../config/hubs';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n';
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
  const t = useT();
  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero-grid">
          <div className="hero-text">
            <p className="eyebrow">{t('shell.hero.eyebrow')}</p>
            <h1 id="hero-title">{t('shell.hero.title')}</h1>
            <p className="hero-lead">
              {t('shell.hero.lead', { audio: audio.hero === 'audio' ? 'other' : 'recording' })}
            </p>
            <div className="hero-actions">
              <Link to={paths.learnPolish.getHref()} className="btn btn-primary btn-lg">
                {t('shell.nav.learnPolish')}
              </Link>
              {onJoin ? (
                <button type="button" className="btn btn-secondary btn-lg" onClick={onJoin}>
                  {t('shell.hero.join', { n: HOME_FACTS.learners })}
                </button>
              ) : null}
            </div>
          </div>
          <StoryOfTheDay />
        </div>
      </section>

      {resume ? <div className="container">{resume}</div> : null}

      <section className="stats" aria-label={t('shell.hero.figures')}>
        <div className="container stats-grid">
          <p>
            <strong>{HOME_FACTS.learners}</strong> {t('shell.hero.learners')}
          </p>
          <p>
            <strong>{HUBS.length}</strong> {t('shell.hero.paths')}
          </p>
          <p>
            <strong>{HOME_FACTS.alphabetLetters}</strong> {t('shell.hero.letters')}
          </p>
        </div>
      </section>

      <Suspense fallback={<div className="home-sections-placeholder" aria-hidden="true" />}>
        <HomeSections audioMethod={audio.method} />
      </Suspense>
    </div>
  );
}

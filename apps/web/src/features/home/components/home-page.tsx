import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { HOME_FACTS } from '@polski/contracts';
import { HUBS } from '../../../config/hubs';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n';
import { useNear } from '../../../lib/use-near';
import { StoryOfTheDay } from './story-of-the-day';
import { useHomeAudioClaims } from './use-home-audio-claims';
import './home.css';

// below the fold: their code and texts load after the first paint (docs/performance.md, the home budget)
const sectionsModule = () => import('./home-sections');
const HomeSections = lazy(sectionsModule);

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

      <SectionsWhenNear audioMethod={audio.method} />
    </div>
  );
}

/**
 * The teaching sections, drawn when they come into view (scrolling, or a key press: `useNear`), not with the page:
 * on a phone they start below the first screen, and drawing them (twice the hero's elements) was the largest task of
 * the home page's load (docs/performance.md, "Lighthouse, 2026-11-27 afternoon"). Their code is fetched after the
 * first paint all the same, so they are drawn at once when the visitor gets there; the placeholder keeps the footer
 * well below.
 */
function SectionsWhenNear({ audioMethod }: { audioMethod: string }) {
  const [ref, near] = useNear<HTMLDivElement>('0px');
  useEffect(() => {
    void sectionsModule().catch(() => undefined);
  }, []);
  const placeholder = (
    <div ref={near ? undefined : ref} className="home-sections-placeholder" aria-hidden="true" />
  );
  return near ? (
    <Suspense fallback={placeholder}>
      <HomeSections audioMethod={audioMethod} />
    </Suspense>
  ) : (
    placeholder
  );
}

import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { HOME_FACTS, POLISH_ALPHABET } from '@polski/contracts';
import { STATE_ART, StateArt } from '../../../assets/illustrations/state-art';
import { PlayIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { rich, useCatalogue } from '../../../lib/i18n/ui';
import { useT } from '../../../lib/i18n/i18n';
import { useNear } from '../../../lib/use-near';
import { LANGUAGE_FACTS, METHOD, SOUNDS, STRESS_EXAMPLES, VOCABULARY } from '../sections-content';

/**
 * The kind of lesson audio the home page's claims name (the contracts' homeAudioClaims, in English): read back from
 * its method text, so the home page's first download does not change; the catalogue words it in each language.
 */
function audioSourceOf(method: string): string {
  if (method.startsWith('Native audio')) return 'recording';
  if (method.includes('(a natural voice)')) return 'neural';
  if (method.includes('(a synthetic voice)')) return 'synthetic';
  return 'unknown';
}

const HomeReviews = lazy(() => import('./reviews-carousel'));

/**
 * The reviews carousel, drawn when the visitor comes near it (`useNear`): its code, and the first use of the
 * browser's locale data (Intl's list and country names, a long task on a slow phone), are not part of the page's
 * load. The placeholder keeps its room, so nothing moves when it is drawn.
 */
function ReviewsWhenNear() {
  const [ref, near] = useNear<HTMLDivElement>();
  const placeholder = <div className="reviews-placeholder" aria-hidden="true" />;
  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={placeholder}>
          <HomeReviews />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}

/** Letters that English does not have, highlighted in the alphabet grid. */
const SPECIAL_LETTERS = new Set(['Ą', 'Ć', 'Ę', 'Ł', 'Ń', 'Ó', 'Ś', 'Ź', 'Ż']);

/**
 * The home page below the hero and its figures, from "Why learn Polish?" to the podcast promotion: below the fold,
 * so its code and texts load after the first paint (docs/performance.md, the home budget), and drawn when they come
 * into view (scrolling, or a key press: `useNear`), not with the page: on a phone they start below the first screen,
 * and drawing them (twice the hero's elements) was the largest task of the home page's load (docs/performance.md,
 * "Lighthouse, 2026-11-27 afternoon"). The placeholder keeps the footer well below until then.
 * `audioMethod`: the "How you will learn" text of the catalogue's audio (the home page's useHomeAudioClaims).
 */
export default function HomeSections({ audioMethod }: { audioMethod: string }) {
  const [ref, near] = useNear<HTMLDivElement>('0px');
  return near ? (
    <Sections audioMethod={audioMethod} />
  ) : (
    <div ref={ref} className="home-sections-placeholder" aria-hidden="true" />
  );
}

function Sections({ audioMethod }: { audioMethod: string }) {
  // below the home page's fold, loaded after its first paint: the texts come with the whole catalogue
  useCatalogue();
  const t = useT();
  return (
    <>
      <section className="section" aria-labelledby="language-title">
        <div className="container">
          <h2 id="language-title" className="section-title">
            {t('home.why')}
          </h2>
          <ul className="card-grid">
            {LANGUAGE_FACTS.map((f) => (
              <li key={f.title} className="card">
                <h3>{t(f.title)}</h3>
                <p>{t(f.text, { examples: STRESS_EXAMPLES })}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="alphabet-title">
        <div className="container">
          <h2 id="alphabet-title" className="section-title">
            {t('home.alphabet.title')}
          </h2>
          <p className="section-lead">
            {rich(t('home.alphabet.lead', { n: HOME_FACTS.alphabetLetters, missing: 'Q, V, X' }), {
              0: (s) => <strong>{s}</strong>,
            })}
          </p>
          <ul className="alphabet" aria-label={t('home.alphabet.label', { n: POLISH_ALPHABET.length })}>
            {POLISH_ALPHABET.map((letter) => (
              <li key={letter} className={SPECIAL_LETTERS.has(letter) ? 'letter letter-special' : 'letter'}>
                {letter}
                <span className="letter-lower" aria-hidden="true">
                  {letter.toLocaleLowerCase('pl')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="sounds-title">
        <div className="container">
          <h2 id="sounds-title" className="section-title">
            {t('home.sounds.title')}
          </h2>
          <p className="section-lead">{t('home.sounds.lead')}</p>
          <ul className="sounds">
            {SOUNDS.map((s) => (
              <li key={s.letters} className="sound">
                <p className="sound-letters" lang="pl">
                  {s.letters}
                </p>
                <p className="sound-desc">{t(s.sounds, { letter: 'ń' })}</p>
                <ul className="sound-examples">
                  {s.examples.map((ex) => (
                    <li key={ex.pl}>
                      <span lang="pl">{ex.pl}</span> <span className="muted">– {t(ex.en)}</span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="vocabulary-title">
        <div className="container">
          <h2 id="vocabulary-title" className="section-title">
            {t('home.words.title')}
          </h2>
          <p className="section-lead">{t('home.words.lead')}</p>
          <dl className="vocab">
            {VOCABULARY.map((w) => (
              <div key={w.pl} className="vocab-item">
                <dt lang="pl">{w.pl}</dt>
                <dd>{t(w.en)}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="section" aria-labelledby="method-title">
        <div className="container">
          <h2 id="method-title" className="section-title">
            {t('home.method.title')}
          </h2>
          <p className="section-lead">{t('home.method.lead')}</p>
          <StateArt src={STATE_ART.method} className="method-art" />
          <ol className="method">
            {METHOD.map((m, i) => (
              <li key={m.title} className="method-step">
                <span className="method-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{t(m.title)}</h3>
                <p>
                  {m.text
                    ? t(m.text)
                    : t('home.method.listening.text', { source: audioSourceOf(audioMethod) })}
                </p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="section section-alt learners" aria-labelledby="learners-title">
        <div className="container learners-inner">
          <h2 id="learners-title" className="learners-title">
            {rich(t('home.learners.title', { n: HOME_FACTS.learners }), {
              0: (s) => <span className="learners-number">{s}</span>,
            })}
          </h2>
          <p>{t('home.learners.text')}</p>
        </div>
      </section>

      <div className="section">
        <div className="container">
          <ReviewsWhenNear />
        </div>
      </div>

      <section className="podcast-promo" aria-labelledby="podcast-title">
        <div className="container podcast-inner">
          <div>
            <p className="eyebrow eyebrow-light">{t('shell.nav.podcast')}</p>
            <h2 id="podcast-title">{t('home.podcast.title')}</h2>
            <p>{t('home.podcast.text')}</p>
          </div>
          <Link to={paths.podcast.getHref()} className="btn btn-light btn-lg">
            <PlayIcon size={18} />
            {t('home.podcast.cta')}
          </Link>
        </div>
      </section>
    </>
  );
}

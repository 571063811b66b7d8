import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { HOME_FACTS, POLISH_ALPHABET } from '@polski/contracts';
import { PlayIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { LANGUAGE_FACTS, METHOD, SOUNDS, VOCABULARY } from '../sections-content';

const HomeReviews = lazy(() => import('./reviews-carousel'));

/** Letters that English does not have, highlighted in the alphabet grid. */
const SPECIAL_LETTERS = new Set(['Ą', 'Ć', 'Ę', 'Ł', 'Ń', 'Ó', 'Ś', 'Ź', 'Ż']);

/**
 * The home page below the hero and its figures, from "Why learn Polish?" to the podcast promotion: below the fold,
 * so its code and texts load after the first paint (docs/performance.md, the home budget).
 */
/** `audioMethod`: the "How you will learn" text of the catalogue's audio (the home page's useHomeAudioClaims). */
export default function HomeSections({ audioMethod }: { audioMethod: string }) {
  return (
    <>
      <section className="section" aria-labelledby="language-title">
        <div className="container">
          <h2 id="language-title" className="section-title">
            Why learn Polish?
          </h2>
          <ul className="card-grid">
            {LANGUAGE_FACTS.map((f) => (
              <li key={f.title} className="card">
                <h3>{f.title}</h3>
                <p>{f.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="alphabet-title">
        <div className="container">
          <h2 id="alphabet-title" className="section-title">
            The Polish alphabet
          </h2>
          <p className="section-lead">
            The Polish alphabet has <strong>{HOME_FACTS.alphabetLetters} letters</strong>. It uses the Latin
            script without Q, V and X, and adds nine letters of its own, highlighted below.
          </p>
          <ul
            className="alphabet"
            aria-label={`The ${POLISH_ALPHABET.length} letters of the Polish alphabet`}
          >
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
            Sounds to know
          </h2>
          <p className="section-lead">
            A handful of letter pairs and accented letters make Polish look harder than it is. Each always
            sounds the same way.
          </p>
          <ul className="sounds">
            {SOUNDS.map((s) => (
              <li key={s.letters} className="sound">
                <p className="sound-letters" lang="pl">
                  {s.letters}
                </p>
                <p className="sound-desc">{s.sounds}</p>
                <ul className="sound-examples">
                  {s.examples.map((ex) => (
                    <li key={ex.pl}>
                      <span lang="pl">{ex.pl}</span> <span className="muted">– {ex.en}</span>
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
            Your first words
          </h2>
          <p className="section-lead">Everyday phrases you will meet in the very first stories.</p>
          <dl className="vocab">
            {VOCABULARY.map((w) => (
              <div key={w.pl} className="vocab-item">
                <dt lang="pl">{w.pl}</dt>
                <dd>{w.en}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className="section" aria-labelledby="method-title">
        <div className="container">
          <h2 id="method-title" className="section-title">
            How you will learn
          </h2>
          <p className="section-lead">
            Every lesson combines three steps. Read a story, listen to it, then check what you remember.
          </p>
          <ol className="method">
            {METHOD.map((m, i) => (
              <li key={m.title} className="method-step">
                <span className="method-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{m.title}</h3>
                <p>{m.text ?? audioMethod}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="section section-alt learners" aria-labelledby="learners-title">
        <div className="container learners-inner">
          <h2 id="learners-title" className="learners-title">
            <span className="learners-number">{HOME_FACTS.learners}</span> learners
          </h2>
          <p>are already learning Polish with our stories, from Dublin to Tokyo.</p>
        </div>
      </section>

      <div className="section">
        <div className="container">
          <Suspense fallback={<div className="reviews-placeholder" aria-hidden="true" />}>
            <HomeReviews />
          </Suspense>
        </div>
      </div>

      <section className="podcast-promo" aria-labelledby="podcast-title">
        <div className="container podcast-inner">
          <div>
            <p className="eyebrow eyebrow-light">Podcast</p>
            <h2 id="podcast-title">Listen to Polish on the go</h2>
            <p>
              Relaxed episodes in clear, natural Polish about everyday life and culture, with transcripts and
              show notes.
            </p>
          </div>
          <Link to={paths.podcast.getHref()} className="btn btn-light btn-lg">
            <PlayIcon size={18} />
            LISTEN NOW
          </Link>
        </div>
      </section>
    </>
  );
}

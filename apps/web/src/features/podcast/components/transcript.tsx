import { useState } from 'react';
import type { TPodcastEpisodeResponse } from '@polski/contracts';
import { useT } from '../../../lib/i18n/i18n';
import { translationLang } from '../../../lib/i18n/translation-lang';

/**
 * The episode's transcript: each line's English translation on demand, or all of them with the toggle. With the
 * episode's audio (docs/product.md, "The learning player"), the line being heard is marked and each line has a
 * play mark that plays it.
 */
export function Transcript({
  lines,
  current = -1,
  onPlay,
  translations,
}: {
  lines: TPodcastEpisodeResponse['transcript'];
  /** The episode answer's `lang` and `fallback`: the language of each line's translation (English without them). */
  translations?: { lang?: string; fallback?: readonly string[] };
  /** The line being heard, -1 for none. */
  current?: number;
  /** Plays line `i` in the episode's player; absent without audio. */
  onPlay?: (i: number) => void;
}) {
  const t = useT();
  const [showAll, setShowAll] = useState(false);
  const [revealed, setRevealed] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = (i: number) =>
    setRevealed((old) => {
      const next = new Set(old);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });
  return (
    <div className="transcript">
      <div className="transcript-toolbar">
        <p className="transcript-hint">{t('podcast.transcriptHint')}</p>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-pressed={showAll}
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll ? t('lesson.hideTranslations') : t('lesson.showTranslations')}
        </button>
      </div>
      <ol className="transcript-lines" lang="pl">
        {lines.map((line, i) => {
          const shown = showAll || revealed.has(i);
          return (
            <li
              key={i}
              className={`transcript-line${current === i ? ' is-reading' : ''}`}
              aria-current={current === i ? 'true' : undefined}
            >
              <span className="transcript-speaker">
                {onPlay ? (
                  <button
                    type="button"
                    className="sentence-play"
                    tabIndex={-1}
                    aria-label={t('podcast.playLine', { n: i + 1 })}
                    lang={t.locale}
                    onClick={() => onPlay(i)}
                  >
                    <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                      <path d="M7 4.5v15l13-7.5z" fill="currentColor" />
                    </svg>
                  </button>
                ) : null}
                {line.speaker}
              </span>
              <div>
                <button
                  type="button"
                  className="transcript-pl"
                  aria-expanded={shown}
                  aria-disabled={showAll || undefined}
                  onClick={showAll ? undefined : () => toggle(i)}
                >
                  {line.pl}
                </button>
                {shown ? (
                  <p className="transcript-en" lang={translationLang(translations, `line.${i}`)}>
                    {line.en}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

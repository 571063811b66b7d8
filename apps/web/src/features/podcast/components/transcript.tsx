import { useState } from 'react';
import type { TPodcastEpisodeResponse } from '@polski/contracts';

/** The episode's transcript: each line's English translation on demand, or all of them with the toggle. */
export function Transcript({ lines }: { lines: TPodcastEpisodeResponse['transcript'] }) {
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
        <p className="transcript-hint">Tap or click a line to see its English translation.</p>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          aria-pressed={showAll}
          onClick={() => setShowAll((v) => !v)}
        >
          {showAll ? 'Hide translations' : 'Show translations'}
        </button>
      </div>
      <ol className="transcript-lines" lang="pl">
        {lines.map((line, i) => {
          const shown = showAll || revealed.has(i);
          return (
            <li key={i} className="transcript-line">
              <span className="transcript-speaker">{line.speaker}</span>
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
                  <p className="transcript-en" lang="en">
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

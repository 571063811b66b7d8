import type { TProgressSummaryResponse } from '@polski/contracts';
import './progress.css';

export type THubProgress = TProgressSummaryResponse['hubs'][number];

/**
 * A learning path's share of lessons completed, as a progress bar with its numbers in text (docs/product.md,
 * "Goals and progress"). `title` names the path for assistive technology.
 */
export function PathProgress({ progress, title }: { progress: THubProgress; title: string }) {
  const { completed, total, percent } = progress;
  const text = `${percent}% (${completed} of ${total} ${total === 1 ? 'lesson' : 'lessons'} completed)`;
  return (
    <div className="path-progress">
      <div
        role="progressbar"
        className="path-progress-bar"
        aria-label={`${title}: your progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <span className="path-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="path-progress-text" aria-hidden="true">
        {percent}% · {completed}/{total} completed
      </p>
    </div>
  );
}

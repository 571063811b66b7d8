import type { TProgressSummaryResponse } from '@polski/contracts';
import { useT } from '../../../lib/i18n/i18n';
import './progress.css';

export type THubProgress = TProgressSummaryResponse['hubs'][number];

/**
 * A learning path's share of lessons completed, as a progress bar with its numbers in text (docs/product.md,
 * "Goals and progress"). `title` names the path for assistive technology.
 */
export function PathProgress({ progress, title }: { progress: THubProgress; title: string }) {
  const t = useT();
  const { completed, total, percent } = progress;
  const share = new Intl.NumberFormat(t.locale, { style: 'percent' }).format(percent / 100);
  const text = t('progress.path.valueText', { percent: share, completed, total });
  return (
    <div className="path-progress">
      <div
        role="progressbar"
        className="path-progress-bar"
        aria-label={t('progress.path.label', { title })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <span className="path-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="path-progress-text" aria-hidden="true">
        {t('progress.path.text', { percent: share, completed, total })}
      </p>
    </div>
  );
}

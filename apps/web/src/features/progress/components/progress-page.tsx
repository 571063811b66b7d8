import { lazy, Suspense } from 'react';
import type { TProgressSummaryResponse } from '@polski/contracts';
import { useT } from '../../../lib/i18n/i18n';
import { useProgressHistory } from '../api/get-progress-history';
import { useProgressSummary } from '../api/get-progress-summary';
import { useLearningSettings } from '../api/learning-settings';
import { GoalSettingsForm } from './goal-settings-form';
import { GoalRing } from './goal-ring';
import { freezeText } from './progress-header';
import './progress.css';

// the charts and Chart.js come after the numbers: their code is the page's largest part
const ProgressCharts = lazy(() => import('../charts/progress-charts'));

/**
 * /progress (docs/product.md, "Progress page"): the numbers of today, the charts of the last months with their
 * data as text, and the goal settings. For a signed-in learner (the route asks visitors to sign in).
 */
export function ProgressPage() {
  const t = useT();
  const summary = useProgressSummary();
  const history = useProgressHistory();
  const settings = useLearningSettings();
  return (
    <div className="progress-page">
      {summary.data ? (
        <TodayFigures summary={summary.data} />
      ) : summary.isError ? (
        <p role="alert">{t('progress.page.loadFailed')}</p>
      ) : (
        <p role="status">{t('progress.page.loading')}</p>
      )}
      <section aria-labelledby="progress-charts-h">
        <h2 id="progress-charts-h">{t('progress.page.overTime')}</h2>
        {history.data && summary.data ? (
          <Suspense fallback={<p role="status">{t('progress.page.loadingCharts')}</p>}>
            <ProgressCharts history={history.data} hubs={summary.data.hubs} />
          </Suspense>
        ) : history.isError ? (
          <p role="alert">{t('progress.page.chartsFailed')}</p>
        ) : (
          <p role="status">{t('progress.page.loadingCharts')}</p>
        )}
      </section>
      {settings.data ? <GoalSettingsForm settings={settings.data} /> : null}
    </div>
  );
}

function TodayFigures({ summary }: { summary: TProgressSummaryResponse }) {
  const t = useT();
  const { streak, goal } = summary;
  const number = new Intl.NumberFormat(t.locale);
  return (
    <dl className="progress-figures" data-testid="progress-figures">
      <div>
        <dt>{t('progress.page.wordsKnown')}</dt>
        <dd data-testid="words-known">{number.format(summary.wordsKnown)}</dd>
      </div>
      <div>
        <dt>{t('progress.page.streak')}</dt>
        <dd>
          {new Intl.NumberFormat(t.locale, { style: 'unit', unit: 'day', unitDisplay: 'long' }).format(
            streak.days,
          )}
          <span className="progress-figure-note">{freezeText(streak.freezeAvailable, t)}</span>
        </dd>
      </div>
      <div>
        <dt>{t('progress.page.goal')}</dt>
        <dd>
          <GoalRing done={goal.done} amount={goal.amount} size={28} />{' '}
          {t('progress.page.goalValue', {
            done: number.format(goal.done),
            amount: goal.amount,
            kind: goal.kind,
          })}
          {goal.done >= goal.amount ? (
            <span className="progress-figure-note">{t('progress.page.reached')}</span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>{t('progress.page.dueNow')}</dt>
        <dd>{number.format(summary.dueNow)}</dd>
      </div>
    </dl>
  );
}

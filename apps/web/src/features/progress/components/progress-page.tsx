import { lazy, Suspense } from 'react';
import type { TProgressSummaryResponse } from '@polski/contracts';
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
  const summary = useProgressSummary();
  const history = useProgressHistory();
  const settings = useLearningSettings();
  return (
    <div className="progress-page">
      {summary.data ? (
        <TodayFigures summary={summary.data} />
      ) : summary.isError ? (
        <p role="alert">Your progress could not be loaded. Please try again later.</p>
      ) : (
        <p role="status">Loading your progress…</p>
      )}
      <section aria-labelledby="progress-charts-h">
        <h2 id="progress-charts-h">Your learning over time</h2>
        {history.data && summary.data ? (
          <Suspense fallback={<p role="status">Loading the charts…</p>}>
            <ProgressCharts history={history.data} hubs={summary.data.hubs} />
          </Suspense>
        ) : history.isError ? (
          <p role="alert">The charts could not be loaded. Please try again later.</p>
        ) : (
          <p role="status">Loading the charts…</p>
        )}
      </section>
      {settings.data ? <GoalSettingsForm settings={settings.data} /> : null}
    </div>
  );
}

function TodayFigures({ summary }: { summary: TProgressSummaryResponse }) {
  const { streak, goal } = summary;
  const unit = goal.kind === 'minutes' ? 'minutes' : 'items';
  return (
    <dl className="progress-figures" data-testid="progress-figures">
      <div>
        <dt>Words known</dt>
        <dd data-testid="words-known">{summary.wordsKnown}</dd>
      </div>
      <div>
        <dt>Streak</dt>
        <dd>
          {streak.days} {streak.days === 1 ? 'day' : 'days'}
          <span className="progress-figure-note">{freezeText(streak.freezeAvailable)}</span>
        </dd>
      </div>
      <div>
        <dt>Today’s goal</dt>
        <dd>
          <GoalRing done={goal.done} amount={goal.amount} size={28} /> {goal.done} of {goal.amount} {unit}
          {goal.done >= goal.amount ? (
            <span className="progress-figure-note">Reached. Well done!</span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt>Reviews due now</dt>
        <dd>{summary.dueNow}</dd>
      </div>
    </dl>
  );
}

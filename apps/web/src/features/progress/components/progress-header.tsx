import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useT, type TTranslate } from '../../../lib/i18n/i18n';
import { useProgressSummary } from '../api/get-progress-summary';
import { GoalRing } from './goal-ring';
import './progress.css';

/**
 * The navbar's streak and today's goal for a signed-in learner (docs/product.md, "Streak and goal in the header"),
 * linking to the progress page. Loaded after the first paint (app/root-layout.tsx); nothing until the API answers.
 */
export default function ProgressHeader() {
  const t = useT();
  const { data } = useProgressSummary();
  if (!data) return null;
  const { streak, goal } = data;
  const number = new Intl.NumberFormat(t.locale);
  const unit = t('progress.header.unit', { kind: goal.kind, n: goal.amount });
  // one sentence for assistive technology; the picture beside it (icons and numbers) is hidden from it
  // it is also the way to the progress page (the navbar has no other link to it): the name says so first
  const sentence = t('progress.header.sentence', {
    days: streak.days,
    today: streak.activeToday ? 'yes' : 'no',
    freeze: freezeText(streak.freezeAvailable, t),
    done: number.format(goal.done),
    amount: goal.amount,
    kind: goal.kind,
  });
  return (
    <Link to={paths.progress.getHref()} className="progress-header" data-testid="progress-header">
      <span className="progress-header-visual" aria-hidden="true">
        <span className={`progress-header-streak${streak.activeToday ? ' is-active' : ''}`}>
          <FlameIcon />
          <span data-testid="streak-days">{number.format(streak.days)}</span>
        </span>
        <span
          className="progress-header-freeze"
          title={freezeText(streak.freezeAvailable, t)}
          data-testid="freeze-left"
        >
          <SnowflakeIcon />
          {number.format(streak.freezeAvailable ? 1 : 0)}
        </span>
        <span className="progress-header-goal">
          <GoalRing done={goal.done} amount={goal.amount} size={22} />
          <span data-testid="goal-progress">
            {number.format(goal.done)}/{number.format(goal.amount)}
          </span>
          <span className="progress-header-unit">{unit}</span>
        </span>
      </span>
      <span className="visually-hidden">{sentence}</span>
    </Link>
  );
}

export function freezeText(available: boolean, t: TTranslate): string {
  return available ? t('progress.freeze.available') : t('progress.freeze.used');
}

function FlameIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      className="progress-icon"
    >
      <path
        fill="currentColor"
        d="M12 2c1 3.5-1.6 5.3-3 7.3C7.6 11.2 7 12.6 7 14.5A5 5 0 0 0 12 20a5 5 0 0 0 5-5.3c0-2-1-3.6-2.2-4.8.1 1.6-.5 2.8-1.6 3.4.4-3.4-.5-8-1.2-11.3Z"
      />
    </svg>
  );
}

function SnowflakeIcon() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      className="progress-icon"
    >
      <path
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
        d="M12 2v20M3.3 7l17.4 10M3.3 17 20.7 7M9 4l3 2 3-2M9 20l3-2 3 2"
      />
    </svg>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { HUBS, type THubId } from '@polski/contracts';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n';
import { queryClient } from '../../../lib/query-client';
import { getHubLessonsQueryOptions } from '../../content/api/get-hub-lessons';
import { useLearningSettings, useUpdateLearningSettings } from '../../progress/api/learning-settings';
import './welcome-page.css';

/** Where each answer to "How much Polish do you know?" starts (docs/product.md, "Welcome after sign-up"). */
export const LEVELS = [
  { id: 'beginner', hub: 'complete-beginner' },
  { id: 'some', hub: 'mini-stories' },
  { id: 'intermediate', hub: 'int-mini-stories' },
] as const satisfies readonly { id: string; hub: THubId }[];
export type TLevel = (typeof LEVELS)[number]['id'];

/** Daily goals offered here, in items (lessons completed, reviews answered, words saved) a day. */
export const GOALS = [10, 20, 40] as const;

/**
 * The first free lesson of a hub in the hub's order (a new account has no premium), from the hub's own listing; the
 * hub's page when it cannot be told.
 */
export async function firstLessonOf(hub: THubId): Promise<string> {
  try {
    const list = await queryClient.fetchQuery(getHubLessonsQueryOptions(hub));
    const open = list.lessons.find((l) => !l.premium);
    return open ? open.path : paths.hub.getHref(hub);
  } catch {
    return paths.hub.getHref(hub);
  }
}

/**
 * The short, optional welcome after sign-up: how much Polish the learner knows and a daily goal; "Start" saves the
 * goal and opens the right first lesson, "Skip" goes to the learning paths.
 */
export function WelcomePage() {
  const t = useT();
  const navigate = useNavigate();
  const settings = useLearningSettings();
  const save = useUpdateLearningSettings();
  const [level, setLevel] = useState<TLevel>('beginner');
  const [goal, setGoal] = useState<number>(20);
  const [failed, setFailed] = useState(false);
  const levelName = useId();
  const goalName = useId();
  const busy = save.isPending;

  async function start(event: FormEvent) {
    event.preventDefault();
    setFailed(false);
    try {
      const current = settings.data ?? (await settings.refetch()).data;
      if (!current) throw new Error('no settings');
      await save.mutateAsync({ ...current, goalKind: 'items', goalAmount: goal });
    } catch {
      // the goal can be set later in Settings: the learner is not held here by it, but told
      setFailed(true);
      return;
    }
    const hub = LEVELS.find((l) => l.id === level)!.hub;
    navigate(await firstLessonOf(hub));
  }

  return (
    <form className="welcome" onSubmit={start} aria-busy={busy}>
      <fieldset className="welcome-step">
        <legend>{t('onboarding.level.legend')}</legend>
        {LEVELS.map((l) => (
          <label key={l.id} className="welcome-choice">
            <input
              type="radio"
              name={levelName}
              value={l.id}
              checked={level === l.id}
              onChange={() => setLevel(l.id)}
            />
            <span className="welcome-choice-title">{t(`onboarding.level.${l.id}`)}</span>
            <span className="welcome-choice-hint">
              {t('onboarding.level.startsWith', { hub: HUBS.find((h) => h.id === l.hub)!.title })}
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className="welcome-step">
        <legend>{t('onboarding.goal.legend')}</legend>
        {GOALS.map((n) => (
          <label key={n} className="welcome-choice">
            <input type="radio" name={goalName} value={n} checked={goal === n} onChange={() => setGoal(n)} />
            <span className="welcome-choice-title">{t(`onboarding.goal.${n}`)}</span>
            <span className="welcome-choice-hint">{t('onboarding.goal.items', { n })}</span>
          </label>
        ))}
      </fieldset>
      {failed ? (
        <p className="welcome-error" role="alert">
          {t('onboarding.saveFailed')}
        </p>
      ) : null}
      <div className="welcome-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('onboarding.start')}
        </button>
        <button type="button" className="btn btn-link" onClick={() => navigate(paths.learnPolish.getHref())}>
          {t('onboarding.skip')}
        </button>
      </div>
    </form>
  );
}

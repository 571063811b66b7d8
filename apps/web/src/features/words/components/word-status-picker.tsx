import { useId } from 'react';
import type { TWordStatusValue } from '@polski/contracts';
import { useT } from '../../../lib/i18n/i18n';
import { useSetWordStatus } from '../api/set-word-status';
import { STATUS_CHOICES, statusKey, statusText } from './status-labels';
import './words.css';

export interface TWordStatusPickerProps {
  lemma: string;
  value: TWordStatusValue | undefined;
  /** Shown to screen readers before the choices ("Status of kot"). */
  label?: string;
}

/**
 * A lemma's status as a group of radio buttons: New, learning 1-4, Known, Ignored. Changing it sets it at once
 * (PUT /api/learning/statuses) and every lesson text shows it.
 */
export function WordStatusPicker({ lemma, value, label }: TWordStatusPickerProps) {
  const t = useT();
  const name = useId();
  const set = useSetWordStatus();
  const current = statusKey(set.isPending && set.variables ? set.variables : value);
  return (
    <fieldset className="word-status-picker" disabled={set.isPending}>
      <legend>
        {label ?? t('words.status')}:{' '}
        <span className="word-status-now">{statusText(set.isPending ? set.variables : value, t)}</span>
      </legend>
      <div className="word-status-choices">
        {STATUS_CHOICES.map((c) => (
          <label key={c.key} className={`word-status-choice ws-choice-${c.key}`}>
            <input
              type="radio"
              name={name}
              value={c.key}
              checked={current === c.key}
              aria-label={
                c.key.length === 1 ? t('words.status.learningChoice', { stage: c.label }) : undefined
              }
              onChange={() => set.mutate({ lemma, ...c.value })}
            />
            <span aria-hidden={c.key.length === 1 ? true : undefined}>
              {c.key.length === 1 ? c.label : t('words.status.name', { status: c.key })}
            </span>
          </label>
        ))}
      </div>
      {set.isError ? (
        <p className="words-error" role="alert">
          {t('words.status.failed')}
        </p>
      ) : null}
    </fieldset>
  );
}

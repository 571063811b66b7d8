import { useId, useMemo, useState, type FormEvent } from 'react';
import { ZLearnerSettingsSchema, type TLearnerSettings } from '@polski/contracts';
import { ApiError } from '../../../lib/api-client';
import { useT, type TTranslate } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/toast';
import { useUpdateLearningSettings } from '../api/learning-settings';

/** The fields of this form; the reminders' opt-in is in the settings page and is left as it is by this form's change. */
type TField = Exclude<keyof TLearnerSettings, 'reviewReminders'>;
type TDraft = Record<TField, string>;
type TErrors = Partial<Record<TField, string>>;

/** The browser's own time zone, or undefined where it does not say. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The time zones this browser knows, with `keep` among them (the stored one, even if the list lacks it). */
function timeZones(keep: readonly (string | undefined)[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, ...keep.filter((z): z is string => Boolean(z)), 'UTC'])].sort();
}

/** Field errors of a 400 from the API (`errors`: field -> messages), the first message of each field. */
function serverErrors(err: unknown): TErrors | null {
  if (!(err instanceof ApiError) || !err.isValidation) return null;
  const errors = (err.body as { errors: Record<string, unknown> }).errors;
  const out: TErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string') out[field as TField] = first;
  }
  return out;
}

/**
 * The daily goal, the review limits and the time zone the learner's days are counted in (docs/product.md, "Goals
 * and progress"). While the stored time zone is the default (UTC) and the browser says another, the browser's is
 * proposed. Checked with the contract's schema before sending; the API's field errors show under their fields too.
 */
export function GoalSettingsForm({ settings }: { settings: TLearnerSettings }) {
  const t = useT();
  const id = useId();
  const browser = useMemo(() => browserTimeZone(), []);
  const proposeBrowser = settings.timeZone === 'UTC' && browser !== undefined && browser !== 'UTC';
  const [draft, setDraft] = useState<TDraft>(() => ({
    timeZone: proposeBrowser ? browser : settings.timeZone,
    goalKind: settings.goalKind,
    goalAmount: String(settings.goalAmount),
    newPerDay: String(settings.newPerDay),
    reviewsPerDay: String(settings.reviewsPerDay),
  }));
  const [errors, setErrors] = useState<TErrors>({});
  const update = useUpdateLearningSettings();
  const zones = useMemo(() => timeZones([settings.timeZone, browser]), [settings.timeZone, browser]);

  const set = (field: TField, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZLearnerSettingsSchema.safeParse({
      ...draft,
      goalAmount: toNumber(draft.goalAmount),
      newPerDay: toNumber(draft.newPerDay),
      reviewsPerDay: toNumber(draft.reviewsPerDay),
    });
    if (!parsed.success) {
      const found: TErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as TField;
        found[field] ??= messageFor(field, issue.message, t);
      }
      setErrors(found);
      return;
    }
    try {
      await update.mutateAsync(parsed.data);
      setErrors({});
      toast.success(t('progress.goal.saved'));
    } catch (err) {
      const found = serverErrors(err);
      if (found) setErrors(found);
      // a 400 without field errors is not toasted centrally (silentStatuses); the others are
      else if (err instanceof ApiError && err.status === 400) toast.error(err.message);
    }
  };

  const field = (name: TField) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const errorOf = (name: TField) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form
      className="form goal-settings"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-h`}
    >
      <h2 id={`${id}-h`}>{t('progress.goal.title')}</h2>
      <fieldset className="goal-kind-field">
        <legend>{t('progress.goal.kind')}</legend>
        <div className="goal-kind">
          {(['items', 'minutes'] as const).map((kind) => (
            <label key={kind}>
              <input
                type="radio"
                name={`${id}-goalKind`}
                value={kind}
                checked={draft.goalKind === kind}
                onChange={() => set('goalKind', kind)}
              />{' '}
              {kind === 'items' ? t('progress.goal.items') : t('progress.goal.minutes')}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-goalAmount`}>{t('progress.goal.amount', { kind: draft.goalKind })}</label>
        <input
          {...field('goalAmount')}
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          value={draft.goalAmount}
          onChange={(e) => set('goalAmount', e.target.value)}
        />
        {errorOf('goalAmount')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-newPerDay`}>{t('progress.goal.newPerDay')}</label>
        <input
          {...field('newPerDay')}
          type="number"
          inputMode="numeric"
          min={0}
          max={200}
          value={draft.newPerDay}
          onChange={(e) => set('newPerDay', e.target.value)}
        />
        {errorOf('newPerDay')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-reviewsPerDay`}>{t('progress.goal.reviewsPerDay')}</label>
        <input
          {...field('reviewsPerDay')}
          type="number"
          inputMode="numeric"
          min={0}
          max={2000}
          value={draft.reviewsPerDay}
          onChange={(e) => set('reviewsPerDay', e.target.value)}
        />
        {errorOf('reviewsPerDay')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-timeZone`}>{t('progress.goal.timeZone')}</label>
        <select
          {...field('timeZone')}
          value={draft.timeZone}
          onChange={(e) => set('timeZone', e.target.value)}
        >
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        {proposeBrowser ? <p className="field-hint">{t('progress.goal.fromBrowser')}</p> : null}
        {errorOf('timeZone')}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {t('progress.goal.save')}
        </button>
      </div>
    </form>
  );
}

function toNumber(text: string): number | string {
  const s = text.trim();
  return s !== '' && /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : s;
}

const RANGES: Partial<Record<TField, [number, number]>> = {
  goalAmount: [1, 1000],
  newPerDay: [0, 200],
  reviewsPerDay: [0, 2000],
};

/** Number fields get one clear message for every way they can be wrong; the others keep the schema's. */
function messageFor(field: TField, message: string, t: TTranslate): string {
  const range = RANGES[field];
  return range ? t('progress.goal.range', { min: range[0], max: range[1] }) : message;
}

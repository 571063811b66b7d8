import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import {
  DEFAULT_NATIVE_LANGUAGE,
  FIELD_LABELS,
  NATIVE_LANGUAGES,
  TIMERS,
  ZRegisterRequestSchema,
  type TRegisterRequest,
  type TUserResponse,
} from '@polski/contracts';
import { ErrorList } from '../../../components/ui/error-list';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast';
import { useRegister } from '../api/register';
import { errorMessages, fieldErrors, keepFocusOnPress } from './form-utils';

type TField = keyof TRegisterRequest;

/** Username and email are trimmed as they are typed (spec §5); passwords are taken as typed. */
const TRIMMED_AS_TYPED: ReadonlySet<TField> = new Set(['username', 'email']);

export interface TRegisterFormProps {
  /**
   * `default`: the 'Sign up' form with Sign up and Cancel. `premium`: inline on the premium page, no heading and a
   * single 'Proceed to Payment' button; completion is reported after TIMERS.premiumPageCompletion.
   */
  variant?: 'default' | 'premium';
  /** id for the 'Sign up' heading, so a dialog can be labelled by it. */
  headingId?: string;
  /** Cancel, and the close TIMERS.registerFormClose after a successful sign-up (default variant). */
  onClose?: () => void;
  /** Called with the new user once registration is complete. */
  onRegistered?: (user: TUserResponse) => void;
}

export function RegisterForm({ variant = 'default', headingId, onClose, onRegistered }: TRegisterFormProps) {
  const fallbackHeadingId = useId();
  const [values, setValues] = useState<TRegisterRequest>({
    username: '',
    email: '',
    lang: DEFAULT_NATIVE_LANGUAGE,
    password: '',
    confirmPassword: '',
  });
  const [touched, setTouched] = useState<Partial<Record<TField, boolean>>>({});
  const [processing, setProcessing] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const mutation = useRegister();
  const errors = useMemo(() => fieldErrors<TField>(ZRegisterRequestSchema, values), [values]);
  const invalid = Object.keys(errors).length > 0;

  // timers that belong to this form die with it; the delayed confirmation toast does not (it outlives the form)
  const timers = useRef<number[]>([]);
  useEffect(() => {
    const list = timers.current;
    return () => list.forEach((t) => window.clearTimeout(t));
  }, []);

  const change = (field: TField, raw: string) => {
    const value = TRIMMED_AS_TYPED.has(field) ? raw.trim() : raw;
    setValues((v) => ({ ...v, [field]: value }));
  };
  const touch = (field: TField) => setTouched((t) => ({ ...t, [field]: true }));
  const shown = (field: TField) => (touched[field] ? errors[field] : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (processing) return;
    if (invalid) {
      setTouched({ username: true, email: true, lang: true, password: true, confirmPassword: true });
      return;
    }
    setProcessing(true);
    setServerErrors([]);
    let user: TUserResponse;
    try {
      user = await mutation.mutateAsync(ZRegisterRequestSchema.parse(values));
    } catch (err) {
      setProcessing(false);
      setServerErrors(errorMessages(err));
      return;
    }
    if (variant === 'premium') {
      timers.current.push(window.setTimeout(() => onRegistered?.(user), TIMERS.premiumPageCompletion));
      return;
    }
    toast.success('You have successfully registered');
    window.setTimeout(
      () => toast.success('Email confirmation link has been sent to your inbox'),
      TIMERS.confirmationToastDelay,
    );
    onRegistered?.(user);
    timers.current.push(window.setTimeout(() => onClose?.(), TIMERS.registerFormClose));
  };

  const premium = variant === 'premium';
  return (
    <form
      className="form"
      noValidate
      onSubmit={submit}
      aria-busy={processing}
      aria-labelledby={premium ? undefined : (headingId ?? fallbackHeadingId)}
      aria-label={premium ? 'Create your account' : undefined}
    >
      {premium ? null : (
        <h2 id={headingId ?? fallbackHeadingId} className="modal-title">
          Sign up
        </h2>
      )}
      <TextField
        label={FIELD_LABELS.username}
        name="username"
        autoComplete="username"
        autoFocusInDialog
        value={values.username}
        onChange={(e) => change('username', e.target.value)}
        onBlur={() => touch('username')}
        error={shown('username')}
        required
      />
      <TextField
        label={FIELD_LABELS.email}
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => change('email', e.target.value)}
        onBlur={() => touch('email')}
        error={shown('email')}
        required
      />
      <TextField
        label={FIELD_LABELS.password}
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => change('password', e.target.value)}
        onBlur={() => touch('password')}
        error={shown('password')}
        required
      />
      <TextField
        label={FIELD_LABELS.confirmPassword}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(e) => change('confirmPassword', e.target.value)}
        onBlur={() => touch('confirmPassword')}
        error={shown('confirmPassword')}
        required
      />
      <LanguageSelect value={values.lang} onChange={(v) => change('lang', v)} error={shown('lang')} />
      <ErrorList errors={serverErrors} />
      <div className="form-actions">
        {premium ? (
          <button type="submit" className="btn btn-primary btn-block" disabled={invalid || processing}>
            Proceed to Payment
          </button>
        ) : (
          <>
            <button type="submit" className="btn btn-primary" disabled={invalid || processing}>
              Sign up
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={onClose}
              onMouseDown={keepFocusOnPress}
              disabled={processing}
            >
              Cancel
            </button>
          </>
        )}
      </div>
    </form>
  );
}

function LanguageSelect({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>Choose Your Native Language:</label>
      <select
        id={id}
        name="lang"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
      >
        {NATIVE_LANGUAGES.map((l) => (
          <option key={l.code} value={l.code}>
            {l.name}
          </option>
        ))}
      </select>
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

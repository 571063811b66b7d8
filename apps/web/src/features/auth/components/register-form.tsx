import { useEffect, useId, useRef } from 'react';
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
import { errorMessages, keepFocusOnPress } from './form-utils';
import { useAuthForm } from './use-auth-form';

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
  const { mutateAsync } = useRegister();

  // timers that belong to this form die with it; the delayed confirmation toast does not (it outlives the form)
  const timers = useRef<number[]>([]);
  useEffect(() => {
    const list = timers.current;
    return () => list.forEach((t) => window.clearTimeout(t));
  }, []);

  const form = useAuthForm<TRegisterRequest>({
    initial: { username: '', email: '', lang: DEFAULT_NATIVE_LANGUAGE, password: '', confirmPassword: '' },
    schema: ZRegisterRequestSchema,
    // username and email are trimmed as they are typed (docs/product.md, "Validation"); passwords are taken as
    // typed
    trimmed: ['username', 'email'],
    // signed up, the form stays busy until it closes (or, inline on the premium page, until it is done)
    send: async (values) => {
      const user = await mutateAsync(ZRegisterRequestSchema.parse(values));
      if (variant === 'premium') {
        timers.current.push(window.setTimeout(() => onRegistered?.(user), TIMERS.premiumPageCompletion));
        return 'stay-busy';
      }
      toast.success('You have successfully registered');
      window.setTimeout(
        () => toast.success('Email confirmation link has been sent to your inbox'),
        TIMERS.confirmationToastDelay,
      );
      onRegistered?.(user);
      timers.current.push(window.setTimeout(() => onClose?.(), TIMERS.registerFormClose));
      return 'stay-busy';
    },
    failed: (err) => errorMessages(err),
  });
  const { processing, invalid } = form;

  const premium = variant === 'premium';
  return (
    <form
      className="form"
      noValidate
      onSubmit={form.submit}
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
        autoComplete="username"
        autoFocusInDialog
        {...form.bind('username')}
        required
      />
      <TextField
        label={FIELD_LABELS.email}
        type="email"
        autoComplete="email"
        {...form.bind('email')}
        required
      />
      <TextField
        label={FIELD_LABELS.password}
        type="password"
        autoComplete="new-password"
        {...form.bind('password')}
        required
      />
      <TextField
        label={FIELD_LABELS.confirmPassword}
        type="password"
        autoComplete="new-password"
        {...form.bind('confirmPassword')}
        required
      />
      <LanguageSelect
        value={form.values.lang}
        onChange={(v) => form.change('lang', v)}
        error={form.shown('lang')}
      />
      <ErrorList errors={form.serverErrors} />
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

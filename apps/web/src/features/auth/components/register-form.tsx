import { useEffect, useId, useRef } from 'react';
import {
  NATIVE_LANGUAGES,
  TIMERS,
  ZRegisterRequestSchema,
  type TRegisterRequest,
  type TUserResponse,
} from '@polski/contracts';
import { ErrorList } from '../../../components/ui/error-list';
import { TextField } from '../../../components/ui/text-field';
import { chosenLanguage, t as translate, useT } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/toast';
import { useRegister } from '../api/register';
import { errorMessages, fieldLabel, keepFocusOnPress } from './form-utils';
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
  const t = useT();

  // timers that belong to this form die with it; the delayed confirmation toast does not (it outlives the form)
  const timers = useRef<number[]>([]);
  useEffect(() => {
    const list = timers.current;
    return () => list.forEach((t) => window.clearTimeout(t));
  }, []);

  const form = useAuthForm<TRegisterRequest>({
    // the language the interface is in: English unless the visitor chose or reads another (docs/product.md,
    // "Interface language")
    initial: { username: '', email: '', lang: chosenLanguage(), password: '', confirmPassword: '' },
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
      toast.success(translate('auth.register.success'));
      window.setTimeout(
        () => toast.success(translate('auth.register.linkSent')),
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
      aria-label={premium ? t('auth.register.formLabel') : undefined}
    >
      {premium ? null : (
        <h2 id={headingId ?? fallbackHeadingId} className="modal-title">
          {t('auth.register.heading')}
        </h2>
      )}
      <TextField
        label={fieldLabel('username')}
        autoComplete="username"
        autoFocusInDialog
        {...form.bind('username')}
        required
      />
      <TextField
        label={fieldLabel('email')}
        type="email"
        autoComplete="email"
        {...form.bind('email')}
        required
      />
      <TextField
        label={fieldLabel('password')}
        type="password"
        autoComplete="new-password"
        {...form.bind('password')}
        required
      />
      <TextField
        label={fieldLabel('confirmPassword')}
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
            {t('auth.register.proceed')}
          </button>
        ) : (
          <>
            <button type="submit" className="btn btn-primary" disabled={invalid || processing}>
              {t('auth.register.submit')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={onClose}
              onMouseDown={keepFocusOnPress}
              disabled={processing}
            >
              {t('auth.register.cancel')}
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
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{t('auth.register.language')}</label>
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

import { Link } from 'react-router';
import { ZLoginRequestSchema, type TLoginRequest } from '@polski/contracts';
import { ErrorList } from '../../../components/ui/error-list';
import { TextField } from '../../../components/ui/text-field';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { ApiError, hasErrorCode } from '../../../lib/api-client';
import { t as translate, useT } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/toast';
import { useLogin } from '../api/login';
import { errorMessages, fieldLabel, keepFocusOnPress } from './form-utils';
import { useAuthForm } from './use-auth-form';

export interface TLoginFormProps {
  onLoggedIn: () => void;
  onCreateAccount: () => void;
  /** Following the 'Forgot Password?' link leaves the dialog. */
  onLeave: () => void;
}

export function LoginForm({ onLoggedIn, onCreateAccount, onLeave }: TLoginFormProps) {
  const { mutateAsync } = useLogin();
  const t = useT();
  const form = useAuthForm<TLoginRequest>({
    initial: { usernameOrEmail: '', password: '' },
    schema: ZLoginRequestSchema,
    send: async (values) => {
      // the schema trims the username or email before it is sent (docs/product.md, "Validation"); the password is
      // sent as typed
      await mutateAsync(ZLoginRequestSchema.parse(values));
      toast.success(translate('auth.login.success'));
      onLoggedIn();
    },
    failed: (err) => {
      // one message per failure, never a toast beside the same line under the form (docs/product.md, "Errors the
      // web app shows"); the api-client leaves 0, 401 and 429 to this form (see api/login.ts). No answer (0) is not
      // a refusal: the line says the learner seems to be offline, and nothing says "check your credentials". The
      // slow-down (429) is the line alone. Wrong credentials keep the spec's toast beside the server's reason.
      const loginFailed = translate('auth.login.failed');
      if (err instanceof ApiError && (err.status === 0 || hasErrorCode(err, 'rate_limited'))) {
        return errorMessages(err, loginFailed);
      }
      toast.error(loginFailed);
      return errorMessages(err, loginFailed);
    },
  });

  return (
    <form className="form" noValidate onSubmit={form.submit} aria-busy={form.processing}>
      <TextField
        label={fieldLabel('usernameOrEmail')}
        autoComplete="username"
        autoFocusInDialog
        {...form.bind('usernameOrEmail')}
        required
      />
      <TextField
        label={fieldLabel('password')}
        type="password"
        autoComplete="current-password"
        {...form.bind('password')}
        required
      />
      <ErrorList errors={form.serverErrors} />
      <button type="submit" className="btn btn-primary btn-block" disabled={form.invalid || form.processing}>
        {t('auth.login.submit')}
      </button>
      <p className="auth-forgot">
        <Link to={paths.forgotPassword.getHref()} onClick={onLeave} onMouseDown={keepFocusOnPress}>
          {t('auth.login.forgot')}
        </Link>
      </p>
      <div className="auth-divider" role="presentation">
        <span>{t('auth.login.newHere', { site: env.siteName })}</span>
      </div>
      <button
        type="button"
        className="btn btn-secondary btn-block"
        onClick={onCreateAccount}
        onMouseDown={keepFocusOnPress}
      >
        {t('auth.login.createAccount')}
      </button>
    </form>
  );
}

import { Link } from 'react-router';
import { FIELD_LABELS, ZLoginRequestSchema, type TLoginRequest } from '@polski/contracts';
import { ErrorList } from '../../../components/ui/error-list';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { hasErrorCode } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useLogin } from '../api/login';
import { errorMessages, keepFocusOnPress } from './form-utils';
import { useAuthForm } from './use-auth-form';

const LOGIN_FAILED = 'Login failed. Please check your credentials.';

export interface TLoginFormProps {
  onLoggedIn: () => void;
  onCreateAccount: () => void;
  /** Following the 'Forgot Password?' link leaves the dialog. */
  onLeave: () => void;
}

export function LoginForm({ onLoggedIn, onCreateAccount, onLeave }: TLoginFormProps) {
  const { mutateAsync } = useLogin();
  const form = useAuthForm<TLoginRequest>({
    initial: { usernameOrEmail: '', password: '' },
    schema: ZLoginRequestSchema,
    send: async (values) => {
      // the schema trims the username or email before it is sent (docs/product.md, "Validation"); the password is
      // sent as typed
      await mutateAsync(ZLoginRequestSchema.parse(values));
      toast.success('You have successfully logged in');
      onLoggedIn();
    },
    failed: (err) => {
      // one toast per failure: the api-client leaves 401 and 429 to this form (see api/login.ts)
      if (hasErrorCode(err, 'rate_limited')) toast.error(err.messages[0] ?? LOGIN_FAILED);
      else toast.error(LOGIN_FAILED);
      return errorMessages(err, LOGIN_FAILED);
    },
  });

  return (
    <form className="form" noValidate onSubmit={form.submit} aria-busy={form.processing}>
      <TextField
        label={FIELD_LABELS.usernameOrEmail}
        autoComplete="username"
        autoFocusInDialog
        {...form.bind('usernameOrEmail')}
        required
      />
      <TextField
        label={FIELD_LABELS.password}
        type="password"
        autoComplete="current-password"
        {...form.bind('password')}
        required
      />
      <ErrorList errors={form.serverErrors} />
      <button type="submit" className="btn btn-primary btn-block" disabled={form.invalid || form.processing}>
        Login
      </button>
      <p className="auth-forgot">
        <Link to={paths.forgotPassword.getHref()} onClick={onLeave} onMouseDown={keepFocusOnPress}>
          Forgot Password?
        </Link>
      </p>
      <div className="auth-divider" role="presentation">
        <span>New to Polski Stories?</span>
      </div>
      <button
        type="button"
        className="btn btn-secondary btn-block"
        onClick={onCreateAccount}
        onMouseDown={keepFocusOnPress}
      >
        Create an Account
      </button>
    </form>
  );
}

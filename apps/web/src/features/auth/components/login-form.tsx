import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FIELD_LABELS, ZLoginRequestSchema, type TLoginRequest } from '@polski/contracts';
import { ErrorList } from '../../../components/ui/error-list';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useLogin } from '../api/login';
import { errorMessages, fieldErrors, keepFocusOnPress } from './form-utils';

type TField = keyof TLoginRequest;

const LOGIN_FAILED = 'Login failed. Please check your credentials.';

export interface TLoginFormProps {
  onLoggedIn: () => void;
  onCreateAccount: () => void;
  /** Following the 'Forgot Password?' link leaves the dialog. */
  onLeave: () => void;
}

export function LoginForm({ onLoggedIn, onCreateAccount, onLeave }: TLoginFormProps) {
  const [values, setValues] = useState<TLoginRequest>({ usernameOrEmail: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<TField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const mutation = useLogin();
  const errors = useMemo(() => fieldErrors<TField>(ZLoginRequestSchema, values), [values]);
  const invalid = Object.keys(errors).length > 0;
  const processing = mutation.isPending;

  const change = (field: TField, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const touch = (field: TField) => setTouched((t) => ({ ...t, [field]: true }));
  const shown = (field: TField) => (touched[field] ? errors[field] : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (invalid || processing) {
      setTouched({ usernameOrEmail: true, password: true });
      return;
    }
    setServerErrors([]);
    try {
      // the schema trims the values before they are sent (spec §5)
      await mutation.mutateAsync(ZLoginRequestSchema.parse(values));
      toast.success('You have successfully logged in');
      onLoggedIn();
    } catch (err) {
      // one toast per failure: the api-client leaves 401 and 429 to this form (see api/login.ts)
      if (err instanceof ApiError && err.status === 429) toast.error(err.messages[0] ?? LOGIN_FAILED);
      else toast.error(LOGIN_FAILED);
      setServerErrors(errorMessages(err, LOGIN_FAILED));
    }
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-busy={processing}>
      <TextField
        label={FIELD_LABELS.usernameOrEmail}
        name="usernameOrEmail"
        autoComplete="username"
        autoFocusInDialog
        value={values.usernameOrEmail}
        onChange={(e) => change('usernameOrEmail', e.target.value)}
        onBlur={() => touch('usernameOrEmail')}
        error={shown('usernameOrEmail')}
        required
      />
      <TextField
        label={FIELD_LABELS.password}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => change('password', e.target.value)}
        onBlur={() => touch('password')}
        error={shown('password')}
        required
      />
      <ErrorList errors={serverErrors} />
      <button type="submit" className="btn btn-primary btn-block" disabled={invalid || processing}>
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

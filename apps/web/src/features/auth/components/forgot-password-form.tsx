import { useMemo, useState, type FormEvent } from 'react';
import { FIELD_LABELS, ZForgotPasswordRequestSchema } from '@polski/contracts';
import { TextField } from '../../../components/ui/text-field';
import { toast } from '../../../lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { fieldErrors } from './form-utils';
import './account-pages.css';

export const RESET_LINK_SENT = 'Reset link has been sent';

/**
 * 'Send Reset Link' (spec §2, §8): success toasts 'Reset link has been sent' (the server answers the same whether or
 * not the email has an account); a failure is only logged, beyond what the central error handling shows.
 */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const mutation = useForgotPassword();
  const error = useMemo(() => fieldErrors<'email'>(ZForgotPasswordRequestSchema, { email }).email, [email]);
  const processing = mutation.isPending;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (error || processing) {
      setTouched(true);
      return;
    }
    try {
      await mutation.mutateAsync(ZForgotPasswordRequestSchema.parse({ email }));
      toast.success(RESET_LINK_SENT);
    } catch (err) {
      console.error('Requesting a password reset link failed', err);
    }
  };

  return (
    <form className="form account-form" noValidate onSubmit={submit} aria-busy={processing}>
      <TextField
        label={FIELD_LABELS.email}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value.trim())}
        onBlur={() => setTouched(true)}
        error={touched ? error : undefined}
        required
      />
      <button type="submit" className="btn btn-primary" disabled={Boolean(error) || processing}>
        Send Reset Link
      </button>
    </form>
  );
}

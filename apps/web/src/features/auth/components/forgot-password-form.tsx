import { ZForgotPasswordRequestSchema, type TForgotPasswordRequest } from '@polski/contracts';
import { TextField } from '../../../components/ui/text-field';
import { t as translate, useT } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/toast';
import { useForgotPassword } from '../api/forgot-password';
import { fieldLabel } from './form-utils';
import { useAuthForm } from './use-auth-form';
import './account-pages.css';

/**
 * 'Send Reset Link' (docs/product.md, "Password pages"): success toasts 'Reset link has been sent' (the server
 * answers the same whether or not the email has an account); a failure is only logged, beyond what the central
 * error handling shows.
 */
export function ForgotPasswordForm() {
  const { mutateAsync } = useForgotPassword();
  const t = useT();
  const form = useAuthForm<TForgotPasswordRequest>({
    initial: { email: '' },
    schema: ZForgotPasswordRequestSchema,
    trimmed: ['email'],
    send: async (values) => {
      await mutateAsync(ZForgotPasswordRequestSchema.parse(values));
      toast.success(translate('auth.forgot.sent'));
    },
    failed: (err) => {
      console.error('Requesting a password reset link failed', err);
      return [];
    },
  });

  return (
    <form className="form account-form" noValidate onSubmit={form.submit} aria-busy={form.processing}>
      <TextField
        label={fieldLabel('email')}
        type="email"
        autoComplete="email"
        {...form.bind('email')}
        required
      />
      <button type="submit" className="btn btn-primary" disabled={form.invalid || form.processing}>
        {t('auth.forgot.submit')}
      </button>
    </form>
  );
}

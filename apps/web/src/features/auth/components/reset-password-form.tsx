import { z } from 'zod';
import { FIELD_LABELS, ZPasswordSchema, messages } from '@polski/contracts';
import { ErrorList } from '../../../components/ui/error-list';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useResetPassword } from '../api/reset-password';
import { errorMessages } from './form-utils';
import { useAuthForm } from './use-auth-form';
import './account-pages.css';

export const PASSWORD_RESET = 'The Password has been reset';
export const UNABLE_TO_RESET = 'Unable to reset password';

/**
 * docs/product.md, "Validation": password required, 6 to 24 characters; confirmation required and equal
 * (re-checked as either changes).
 */
const ZResetFieldsSchema = z
  .object({
    password: ZPasswordSchema(),
    confirmPassword: z.string().min(1, messages.required(FIELD_LABELS.confirmPassword)),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
type TFields = z.infer<typeof ZResetFieldsSchema>;

export interface TResetPasswordFormProps {
  token: string | null;
  userid: string | null;
  /** After 'The Password has been reset' (the route goes home). */
  onReset: () => void;
}

export function ResetPasswordForm({ token, userid, onReset }: TResetPasswordFormProps) {
  const { mutateAsync } = useResetPassword();
  const form = useAuthForm<TFields>({
    initial: { password: '', confirmPassword: '' },
    schema: ZResetFieldsSchema,
    send: async (values) => {
      await mutateAsync({ ...values, token: token ?? '', userid: userid ?? '' });
      // the reset ended every session of that account (token version): a stored token is no longer worth keeping
      if (session.get()) session.clear();
      toast.success(PASSWORD_RESET);
      onReset();
    },
    failed: (err) => {
      toast.error(UNABLE_TO_RESET);
      if (!(err instanceof ApiError)) console.error('Resetting the password failed', err);
      return errorMessages(err, UNABLE_TO_RESET);
    },
  });

  return (
    <form className="form account-form" noValidate onSubmit={form.submit} aria-busy={form.processing}>
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
      <ErrorList errors={form.serverErrors} />
      <button type="submit" className="btn btn-primary" disabled={form.invalid || form.processing}>
        Reset Password
      </button>
    </form>
  );
}

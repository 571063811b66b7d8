import { z } from 'zod';
import { FIELD_LABELS, ZPasswordSchema, messages } from '@polski/contracts';
import { ErrorList } from '../../../components/ui/error-list';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { t as translate, useT } from '../../../lib/i18n/i18n';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useResetPassword } from '../api/reset-password';
import { errorMessages, fieldLabel } from './form-utils';
import { useAuthForm } from './use-auth-form';
import './account-pages.css';

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
  const t = useT();
  const form = useAuthForm<TFields>({
    initial: { password: '', confirmPassword: '' },
    schema: ZResetFieldsSchema,
    send: async (values) => {
      await mutateAsync({ ...values, token: token ?? '', userid: userid ?? '' });
      // the reset ended every session of that account (token version): a stored token is no longer worth keeping
      if (session.get()) session.clear();
      toast.success(translate('auth.reset.done'));
      onReset();
    },
    failed: (err) => {
      const unable = translate('auth.reset.failed');
      toast.error(unable);
      if (!(err instanceof ApiError)) console.error('Resetting the password failed', err);
      return errorMessages(err, unable);
    },
  });

  return (
    <form className="form account-form" noValidate onSubmit={form.submit} aria-busy={form.processing}>
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
      <ErrorList errors={form.serverErrors} />
      <button type="submit" className="btn btn-primary" disabled={form.invalid || form.processing}>
        {t('auth.reset.submit')}
      </button>
    </form>
  );
}

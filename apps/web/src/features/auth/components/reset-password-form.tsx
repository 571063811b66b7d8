import { useMemo, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { FIELD_LABELS, ZPasswordSchema, messages } from '@polski/contracts';
import { ErrorList } from '../../../components/ui/error-list';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { useResetPassword } from '../api/reset-password';
import { errorMessages, fieldErrors } from './form-utils';
import './account-pages.css';

export const PASSWORD_RESET = 'The Password has been reset';
export const UNABLE_TO_RESET = 'Unable to reset password';

/** Spec §5: password required, 6 to 24 characters; confirmation required and equal (re-checked as either changes). */
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
type TField = keyof TFields;

export interface TResetPasswordFormProps {
  token: string | null;
  userid: string | null;
  /** After 'The Password has been reset' (the route goes home). */
  onReset: () => void;
}

export function ResetPasswordForm({ token, userid, onReset }: TResetPasswordFormProps) {
  const [values, setValues] = useState<TFields>({ password: '', confirmPassword: '' });
  const [touched, setTouched] = useState<Partial<Record<TField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const mutation = useResetPassword();
  const errors = useMemo(() => fieldErrors<TField>(ZResetFieldsSchema, values), [values]);
  const invalid = Object.keys(errors).length > 0;
  const processing = mutation.isPending;

  const change = (field: TField, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const touch = (field: TField) => setTouched((t) => ({ ...t, [field]: true }));
  const shown = (field: TField) => (touched[field] ? errors[field] : undefined);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (invalid || processing) {
      setTouched({ password: true, confirmPassword: true });
      return;
    }
    setServerErrors([]);
    try {
      await mutation.mutateAsync({ ...values, token: token ?? '', userid: userid ?? '' });
    } catch (err) {
      toast.error(UNABLE_TO_RESET);
      setServerErrors(errorMessages(err, UNABLE_TO_RESET));
      if (!(err instanceof ApiError)) console.error('Resetting the password failed', err);
      return;
    }
    // the reset ended every session of that account (token version): a stored token is no longer worth keeping
    if (session.get()) session.clear();
    toast.success(PASSWORD_RESET);
    onReset();
  };

  return (
    <form className="form account-form" noValidate onSubmit={submit} aria-busy={processing}>
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
      <ErrorList errors={serverErrors} />
      <button type="submit" className="btn btn-primary" disabled={invalid || processing}>
        Reset Password
      </button>
    </form>
  );
}

import { useId, useState } from 'react';
import { z } from 'zod';
import {
  FIELD_LABELS,
  SAME_EMAIL_MESSAGE,
  ZChangeEmailRequestSchema,
  ZPasswordSchema,
  messages,
} from '@polski/contracts';
import { ErrorList } from '../../../components/ui/error-list';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { t as translate, useT } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/toast';
import { errorMessages, fieldLabel } from '../../auth/components/form-utils';
import { useAuthForm } from '../../auth/components/use-auth-form';
import { useChangeEmail } from '../api/change-email';
import { useChangePassword } from '../api/change-password';

/**
 * docs/product.md, "Validation", as on the register and reset forms: the current password required; the new one 6
 * to 24 characters, not one character repeated, confirmed (re-checked as either changes). The server also refuses a
 * very common password and one equal to the username or email.
 */
const ZPasswordFieldsSchema = z
  .object({
    currentPassword: z.string().min(1, messages.required(FIELD_LABELS.currentPassword)),
    password: ZPasswordSchema(),
    confirmPassword: z.string().min(1, messages.required(FIELD_LABELS.confirmPassword)),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
type TPasswordFields = z.infer<typeof ZPasswordFieldsSchema>;
type TEmailFields = { newEmail: string; currentPassword: string };

/** The server's messages under a form, with the ones this form knows said in the learner's language. */
function failureMessages(err: unknown, fallback: string): string[] {
  if (!(err instanceof ApiError)) console.error('Changing the account failed', err);
  return errorMessages(err, fallback).map((m) =>
    m === SAME_EMAIL_MESSAGE ? translate('account2.sameEmail') : m,
  );
}

/**
 * The 'Password and email' card of the settings page (docs/product.md, "Changing the password or the email
 * address").
 */
export function AccountChanges() {
  const t = useT();
  const passwordId = useId();
  const emailId = useId();
  // a changed password empties the form (a new one, mounted afresh)
  const [passwordForm, setPasswordForm] = useState(0);
  return (
    <div className="settings-changes">
      <div>
        <h3 id={passwordId}>{t('account2.password.title')}</h3>
        <ChangePasswordForm
          key={passwordForm}
          labelledBy={passwordId}
          onChanged={() => setPasswordForm((k) => k + 1)}
        />
      </div>
      <div>
        <h3 id={emailId}>{t('account2.email.title')}</h3>
        <ChangeEmailForm labelledBy={emailId} />
      </div>
    </div>
  );
}

function ChangePasswordForm({ labelledBy, onChanged }: { labelledBy: string; onChanged: () => void }) {
  const t = useT();
  const hintId = useId();
  const { mutateAsync } = useChangePassword();
  const form = useAuthForm<TPasswordFields>({
    initial: { currentPassword: '', password: '', confirmPassword: '' },
    schema: ZPasswordFieldsSchema,
    send: async (values) => {
      await mutateAsync(values);
      toast.success(translate('account2.password.done'));
      onChanged();
    },
    failed: (err) => {
      const unable = translate('account2.password.failed');
      toast.error(unable);
      return failureMessages(err, unable);
    },
  });
  return (
    <form
      className="form settings-change-form"
      noValidate
      onSubmit={form.submit}
      aria-labelledby={labelledBy}
      aria-describedby={hintId}
      aria-busy={form.processing}
      data-testid="change-password"
    >
      <p id={hintId} className="settings-hint">
        {t('account2.password.hint')}
      </p>
      <TextField
        label={fieldLabel('currentPassword')}
        type="password"
        autoComplete="current-password"
        {...form.bind('currentPassword')}
        required
      />
      <TextField
        label={t('account2.field.newPassword')}
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
        {t('account2.password.submit')}
      </button>
    </form>
  );
}

function ChangeEmailForm({ labelledBy }: { labelledBy: string }) {
  const t = useT();
  const hintId = useId();
  const { mutateAsync } = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAuthForm<TEmailFields>({
    initial: { newEmail: '', currentPassword: '' },
    schema: ZChangeEmailRequestSchema,
    trimmed: ['newEmail'],
    send: async (values) => {
      setSentTo(null);
      await mutateAsync(values);
      setSentTo(values.newEmail);
    },
    failed: (err) => {
      const unable = translate('account2.email.failed');
      toast.error(unable);
      return failureMessages(err, unable);
    },
  });
  return (
    <form
      className="form settings-change-form"
      noValidate
      onSubmit={form.submit}
      aria-labelledby={labelledBy}
      aria-describedby={hintId}
      aria-busy={form.processing}
      data-testid="change-email"
    >
      <p id={hintId} className="settings-hint">
        {t('account2.email.hint')}
      </p>
      <TextField
        label={fieldLabel('newEmail')}
        type="email"
        autoComplete="email"
        {...form.bind('newEmail')}
        required
      />
      <TextField
        label={fieldLabel('currentPassword')}
        type="password"
        autoComplete="current-password"
        {...form.bind('currentPassword')}
        required
      />
      <ErrorList errors={form.serverErrors} />
      <button type="submit" className="btn btn-primary" disabled={form.invalid || form.processing}>
        {t('account2.email.submit')}
      </button>
      <p role="status" className="settings-change-sent">
        {sentTo ? t('account2.email.sent', { email: sentTo }) : ''}
      </p>
    </form>
  );
}

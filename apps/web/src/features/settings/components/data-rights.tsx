import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, hasErrorCode } from '../../../lib/api-client';
import { t as translate, useT } from '../../../lib/i18n/i18n';
import { rich } from '../../../lib/i18n/rich';
import { toast } from '../../../lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { useExportData } from '../api/export-data';
import { useLearnerSettings, useSetReviewReminders } from '../api/learner-settings';

/**
 * 'Review reminders' (docs/product.md, "Review reminders"): the opt-in to one "your reviews are due" email a day at
 * most, read from and written to the learner settings.
 */
export function ReviewReminders({ username }: { username: string }) {
  const t = useT();
  const hintId = useId();
  const query = useLearnerSettings(username);
  const mutation = useSetReviewReminders(username);
  // the box follows the click at once while the change is on its way; a failure puts it back
  const [pending, setPending] = useState<boolean | null>(null);
  if (query.isPending) return <p role="status">{t('shell.loading')}</p>;
  if (query.isError) return <p role="alert">{t('settings.data.remindersLoadFailed')}</p>;
  const settings = query.data;
  const on = pending ?? settings.reviewReminders === true;
  const toggle = async (next: boolean) => {
    setPending(next);
    try {
      await mutation.mutateAsync({ current: settings, on: next });
      toast.success(translate(next ? 'settings.data.remindersOn' : 'settings.data.remindersOff'));
    } catch {
      toast.error(translate('settings.data.remindersFailed'));
    } finally {
      setPending(null);
    }
  };
  return (
    <div className="settings-billing">
      <label className="settings-check">
        <input
          type="checkbox"
          checked={on}
          disabled={mutation.isPending}
          aria-describedby={hintId}
          onChange={(e) => void toggle(e.target.checked)}
        />
        {t('settings.data.remindersLabel')}
      </label>
      <p id={hintId} className="settings-hint">
        {t('settings.data.remindersHint', { timeZone: settings.timeZone })}
      </p>
    </div>
  );
}

/** 'Download my data' and 'Delete my account' (docs/product.md, "Your data"). */
export function YourData({
  email,
  save,
}: {
  email: string;
  /** How the file is handed to the browser; replaced in tests. */
  save?: (name: string, blob: Blob) => void;
}) {
  const t = useT();
  const downloadHint = useId();
  const deleteHint = useId();
  const exporter = useExportData(save);
  const [deleting, setDeleting] = useState(false);
  const download = async () => {
    try {
      await exporter.mutateAsync();
      toast.success(translate('settings.data.downloaded'));
    } catch (err) {
      toast.error(
        hasErrorCode(err, 'rate_limited') ? err.message : translate('settings.data.downloadFailed'),
      );
    }
  };
  return (
    <>
      <div className="settings-billing">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={download}
          disabled={exporter.isPending}
          aria-describedby={downloadHint}
        >
          {t('settings.data.download')}
        </button>
        <p id={downloadHint} className="settings-hint">
          {t('settings.data.downloadHint')}
        </p>
      </div>
      <div className="settings-billing">
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => setDeleting(true)}
          aria-describedby={deleteHint}
        >
          {t('settings.data.delete')}
        </button>
        <p id={deleteHint} className="settings-hint">
          {t('settings.data.deleteHint')}
        </p>
      </div>
      {deleting ? <DeleteAccountDialog email={email} onClose={() => setDeleting(false)} /> : null}
    </>
  );
}

function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const t = useT();
  const mutation = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    if (!password) {
      setProblem(translate('settings.data.enterPassword'));
      return;
    }
    setProblem(null);
    try {
      await mutation.mutateAsync({ password });
      toast.success(translate('settings.data.deleted'));
    } catch (err) {
      // a wrong password, too many attempts, Stripe not answering: the server says what happened and that
      // nothing was deleted
      const known =
        hasErrorCode(err, 'wrong_password', 'rate_limited', 'payments_unavailable', 'validation_failed') &&
        err.messages.length;
      setProblem(known ? (err as ApiError).messages[0] : translate('settings.data.deleteFailed'));
    }
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t('settings.data.deleteTitle')}
      closeOnBackdrop={!mutation.isPending}
    >
      <form className="settings-delete" onSubmit={submit} aria-busy={mutation.isPending} noValidate>
        <p>{t('settings.data.deleteAtOnce')}</p>
        <p>{rich(t('settings.data.deleteDeleted'), { 0: (c) => <strong>{c}</strong> })}</p>
        <p>{rich(t('settings.data.deleteKept'), { 0: (c) => <strong>{c}</strong> })}</p>
        <p>{t('settings.data.deleteConfirmation', { email })}</p>
        <TextField
          label={t('settings.data.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={problem}
          autoFocusInDialog
          required
        />
        <div className="settings-delete-actions">
          <button type="submit" className="btn btn-danger" disabled={mutation.isPending}>
            {t('settings.data.delete')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={mutation.isPending}>
            {t('auth.register.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

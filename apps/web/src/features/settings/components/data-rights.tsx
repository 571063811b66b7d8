import { useId, useState, type FormEvent } from 'react';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, hasErrorCode } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteAccount } from '../api/delete-account';
import { useExportData } from '../api/export-data';
import { useLearnerSettings, useSetReviewReminders } from '../api/learner-settings';

export const DATA_TEXTS = {
  remindersLabel: 'Email me when my reviews are due',
  remindersOn: 'Review reminders are on',
  remindersOff: 'Review reminders are off',
  remindersFailed: 'Unable to change review reminders',
  download: 'Download my data',
  downloaded: 'Your data has been downloaded',
  downloadFailed: 'Unable to download your data',
  delete: 'Delete my account',
  deleteTitle: 'Delete your account?',
  deleted: 'Your account has been deleted. You have been signed out.',
  deleteFailed: 'Unable to delete your account. Nothing was deleted.',
  cancel: 'Cancel',
  password: 'Your password',
} as const;

/**
 * 'Review reminders' (docs/product.md, "Review reminders"): the opt-in to one "your reviews are due" email a day at
 * most, read from and written to the learner settings.
 */
export function ReviewReminders({ username }: { username: string }) {
  const hintId = useId();
  const query = useLearnerSettings(username);
  const mutation = useSetReviewReminders(username);
  // the box follows the click at once while the change is on its way; a failure puts it back
  const [pending, setPending] = useState<boolean | null>(null);
  if (query.isPending) return <p role="status">Loading…</p>;
  if (query.isError) return <p role="alert">Your reminder setting could not be loaded.</p>;
  const settings = query.data;
  const on = pending ?? settings.reviewReminders === true;
  const toggle = async (next: boolean) => {
    setPending(next);
    try {
      await mutation.mutateAsync({ current: settings, on: next });
      toast.success(next ? DATA_TEXTS.remindersOn : DATA_TEXTS.remindersOff);
    } catch {
      toast.error(DATA_TEXTS.remindersFailed);
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
        {DATA_TEXTS.remindersLabel}
      </label>
      <p id={hintId} className="settings-hint">
        At most one email a day, sent between 9:00 and 21:00 in your time zone ({settings.timeZone}) and only
        when cards are waiting. Every reminder has a one-click unsubscribe link.
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
  const downloadHint = useId();
  const deleteHint = useId();
  const exporter = useExportData(save);
  const [deleting, setDeleting] = useState(false);
  const download = async () => {
    try {
      await exporter.mutateAsync();
      toast.success(DATA_TEXTS.downloaded);
    } catch (err) {
      toast.error(hasErrorCode(err, 'rate_limited') ? err.message : DATA_TEXTS.downloadFailed);
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
          {DATA_TEXTS.download}
        </button>
        <p id={downloadHint} className="settings-hint">
          A JSON file with everything we hold about you: your account, sessions, payments, lesson progress,
          saved words, reviews, settings and the emails we sent you.
        </p>
      </div>
      <div className="settings-billing">
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => setDeleting(true)}
          aria-describedby={deleteHint}
        >
          {DATA_TEXTS.delete}
        </button>
        <p id={deleteHint} className="settings-hint">
          Deletes your account and everything linked to it, for good.
        </p>
      </div>
      {deleting ? <DeleteAccountDialog email={email} onClose={() => setDeleting(false)} /> : null}
    </>
  );
}

function DeleteAccountDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const mutation = useDeleteAccount();
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    if (!password) {
      setProblem('Please enter your password');
      return;
    }
    setProblem(null);
    try {
      await mutation.mutateAsync({ password });
      toast.success(DATA_TEXTS.deleted);
    } catch (err) {
      // a wrong password, too many attempts, Stripe not answering: the server says what happened and that
      // nothing was deleted
      const known =
        hasErrorCode(err, 'wrong_password', 'rate_limited', 'payments_unavailable', 'validation_failed') &&
        err.messages.length;
      setProblem(known ? (err as ApiError).messages[0] : DATA_TEXTS.deleteFailed);
    }
  };
  return (
    <Modal open onClose={onClose} title={DATA_TEXTS.deleteTitle} closeOnBackdrop={!mutation.isPending}>
      <form className="settings-delete" onSubmit={submit} aria-busy={mutation.isPending} noValidate>
        <p>This deletes your account at once. It cannot be undone.</p>
        <p>
          <strong>Deleted:</strong> your account and sign-ins (you are signed out on every device), your saved
          words, word statuses, review cards and their history, your lesson progress, streak, goals and
          settings, and the emails we keep for your address.
        </p>
        <p>
          <strong>Kept:</strong> the records of your payments (amounts, dates and Stripe references, without
          your account), for as long as tax and accounting law requires. An active subscription is cancelled
          and will not renew; premium access ends with the account.
        </p>
        <p>We will send a confirmation to {email}.</p>
        <TextField
          label={DATA_TEXTS.password}
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
            {DATA_TEXTS.delete}
          </button>
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={mutation.isPending}>
            {DATA_TEXTS.cancel}
          </button>
        </div>
      </form>
    </Modal>
  );
}

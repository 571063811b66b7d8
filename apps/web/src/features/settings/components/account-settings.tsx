import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { NATIVE_LANGUAGES, type TNativeLanguageCode, type TSettingsResponse } from '@polski/contracts';
import { paths } from '../../../config/paths';
import { hasErrorCode } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useChangeLanguage } from '../api/change-language';
import { useCustomerPortal } from '../api/get-customer-portal';
import { useLogoutEverywhere } from '../api/logout-everywhere';
import { useSettings } from '../api/get-settings';
import { useSendEmailConfirmationLink } from '../api/send-email-confirmation-link';
import { ReviewReminders, YourData } from './data-rights';
import { planLabel, premiumAccessUntil, PLAN_BASIC } from './premium-access';
import './settings.css';

export const SIGNED_OUT_EVERYWHERE = 'You have been signed out everywhere';
export const SIGN_OUT_EVERYWHERE_FAILED = 'Unable to sign out everywhere. Your sessions are still active.';

export interface TAccountSettingsProps {
  /** The signed-in user's name: the settings query is keyed by it. */
  username: string;
  /** Where the browser goes for the billing portal; replaced in tests. */
  navigateTo?: (url: string) => void;
  /** How the data download is handed to the browser; replaced in tests. */
  saveFile?: (name: string, blob: Blob) => void;
}

/** The settings page body (docs/product.md, "Settings page"), from GET /api/account/settings. */
export function AccountSettings({
  username,
  navigateTo = (url) => window.location.assign(url),
  saveFile,
}: TAccountSettingsProps) {
  const query = useSettings(username);
  if (query.isPending) {
    return (
      <p className="settings-status" role="status">
        Loading your settings…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="settings-status" role="alert">
        <p>Your settings could not be loaded.</p>
        <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <SettingsDetails settings={query.data} username={username} navigateTo={navigateTo} saveFile={saveFile} />
  );
}

function SettingsDetails({
  settings,
  username,
  navigateTo,
  saveFile,
}: {
  settings: TSettingsResponse;
  username: string;
  navigateTo: (url: string) => void;
  saveFile?: (name: string, blob: Blob) => void;
}) {
  const accountId = useId();
  const languageId = useId();
  const membershipId = useId();
  const sessionsId = useId();
  const remindersId = useId();
  const dataId = useId();
  const until = premiumAccessUntil(settings);
  const plan = planLabel(settings);
  return (
    <div className="settings">
      <section className="settings-card" aria-labelledby={accountId}>
        <h2 id={accountId}>Account</h2>
        <dl className="settings-list">
          <div>
            <dt>Username</dt>
            <dd>{settings.username}</dd>
          </div>
          <div>
            <dt>Email Address</dt>
            <dd>{settings.emailAddress}</dd>
          </div>
          <div>
            <dt>Email confirmation</dt>
            <dd>
              {settings.emailConfirmed ? (
                <span className="settings-confirmed">Your email has been confirmed</span>
              ) : (
                <SendConfirmationLink username={username} />
              )}
            </dd>
          </div>
        </dl>
      </section>

      <section className="settings-card" aria-labelledby={languageId}>
        <h2 id={languageId}>Native language</h2>
        <ChangeLanguage username={username} current={settings.chosenNativeLanguage} />
      </section>

      <section className="settings-card" aria-labelledby={membershipId}>
        <h2 id={membershipId}>Membership</h2>
        <dl className="settings-list">
          <div>
            <dt>Plan</dt>
            <dd>
              <span className="settings-plan" data-testid="plan">
                {plan}
              </span>
              {plan === PLAN_BASIC ? (
                <Link to={paths.premiumMember.getHref()} className="settings-upgrade">
                  Upgrade to Premium?
                </Link>
              ) : null}
            </dd>
          </div>
          {until ? (
            <div>
              <dt>Premium Access Until</dt>
              <dd data-testid="premium-until">{until}</dd>
            </div>
          ) : null}
        </dl>
        <BillingButton enabled={settings.hasBillingAccount} navigateTo={navigateTo} />
      </section>

      <section className="settings-card" aria-labelledby={sessionsId}>
        <h2 id={sessionsId}>Sessions</h2>
        <SignOutEverywhere />
      </section>

      <section className="settings-card" aria-labelledby={remindersId}>
        <h2 id={remindersId}>Review reminders</h2>
        <ReviewReminders username={username} />
      </section>

      <section className="settings-card" aria-labelledby={dataId}>
        <h2 id={dataId}>Your data</h2>
        <YourData email={settings.emailAddress} save={saveFile} />
      </section>
    </div>
  );
}

function SendConfirmationLink({ username }: { username: string }) {
  const mutation = useSendEmailConfirmationLink(username);
  const send = async () => {
    try {
      await mutation.mutateAsync();
      toast.success('Email confirmation link has been sent');
    } catch (err) {
      // already confirmed, or too many links: the API's reason under the page's own title
      if (hasErrorCode(err, 'email_already_confirmed', 'rate_limited') && err.messages.length) {
        toast.error(err.messages[0], 'Unable to send email confirmation link');
      } else toast.error('Unable to send email confirmation link');
    }
  };
  return (
    <div className="settings-unconfirmed">
      <p>Your email address is not confirmed yet.</p>
      <button type="button" className="btn btn-secondary" onClick={send} disabled={mutation.isPending}>
        Send Email Confirmation Link
      </button>
    </div>
  );
}

function ChangeLanguage({ username, current }: { username: string; current: string }) {
  const selectId = useId();
  const [choice, setChoice] = useState(current);
  const mutation = useChangeLanguage(username);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    try {
      await mutation.mutateAsync({ newLanguage: choice as TNativeLanguageCode });
      toast.success('Language changed successfully');
    } catch {
      toast.error('Error changing language');
    }
  };
  return (
    <form className="settings-language" onSubmit={submit} aria-busy={mutation.isPending}>
      <div className="field">
        <label htmlFor={selectId}>Choose Your Native Language:</label>
        <select id={selectId} name="newLanguage" value={choice} onChange={(e) => setChoice(e.target.value)}>
          {NATIVE_LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
        Change Language
      </button>
    </form>
  );
}

/**
 * 'Sign out everywhere' (docs/product.md, "Settings page"): the server ends every session of the account, on every
 * device, this one included; the stored user is removed once it has.
 */
function SignOutEverywhere() {
  const hintId = useId();
  const mutation = useLogoutEverywhere();
  const signOut = async () => {
    try {
      await mutation.mutateAsync();
      toast.success(SIGNED_OUT_EVERYWHERE);
    } catch (err) {
      console.error('Signing out everywhere failed', err);
      toast.error(SIGN_OUT_EVERYWHERE_FAILED);
    }
  };
  return (
    <div className="settings-billing">
      <button
        type="button"
        className="btn btn-secondary"
        onClick={signOut}
        disabled={mutation.isPending}
        aria-describedby={hintId}
      >
        Sign out everywhere
      </button>
      <p id={hintId} className="settings-hint">
        Ends every session of your account, on all your devices and browsers, this one included.
      </p>
    </div>
  );
}

function BillingButton({ enabled, navigateTo }: { enabled: boolean; navigateTo: (url: string) => void }) {
  const hintId = useId();
  const portal = useCustomerPortal();
  const open = async () => {
    try {
      navigateTo(await portal.mutateAsync());
    } catch (err) {
      // docs/product.md, "Feature messages": a customer-portal failure is logged (the central handling may also
      // toast it)
      console.error('Opening the billing portal failed', err);
    }
  };
  return (
    <div className="settings-billing">
      <button
        type="button"
        className="btn btn-secondary"
        onClick={open}
        disabled={!enabled || portal.isPending}
        aria-describedby={enabled ? undefined : hintId}
      >
        Billing and Subscription
      </button>
      {enabled ? null : (
        <p id={hintId} className="settings-hint">
          Billing becomes available after your first purchase.
        </p>
      )}
    </div>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { NATIVE_LANGUAGES, type TNativeLanguageCode, type TSettingsResponse } from '@polski/contracts';
import { paths } from '../../../config/paths';
import { hasErrorCode } from '../../../lib/api-client';
import { languageLabel } from '../../../lib/i18n/format';
import { applyLanguage, useT, t as translate } from '../../../lib/i18n/i18n';
import { toast } from '../../../lib/toast';
import { useChangeLanguage } from '../api/change-language';
import { useCustomerPortal } from '../api/get-customer-portal';
import { useLogoutEverywhere } from '../api/logout-everywhere';
import { useSettings } from '../api/get-settings';
import { useSendEmailConfirmationLink } from '../api/send-email-confirmation-link';
import { AccountChanges } from './account-changes';
import { ReviewReminders, YourData } from './data-rights';
import { isPremiumPlan, premiumAccessUntil } from './premium-access';
import './settings.css';

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
  const t = useT();
  const query = useSettings(username);
  if (query.isPending) {
    return (
      <p className="settings-status" role="status">
        {t('settings.loading')}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="settings-status" role="alert">
        <p>{t('settings.loadFailed')}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()}>
          {t('settings.tryAgain')}
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
  const t = useT();
  const accountId = useId();
  const languageId = useId();
  const membershipId = useId();
  const sessionsId = useId();
  const changesId = useId();
  const remindersId = useId();
  const dataId = useId();
  const until = premiumAccessUntil(settings, t);
  const premium = isPremiumPlan(settings);
  return (
    <div className="settings">
      <section className="settings-card" aria-labelledby={accountId}>
        <h2 id={accountId}>{t('settings.account')}</h2>
        <dl className="settings-list">
          <div>
            <dt>{t('auth.field.username')}</dt>
            <dd>{settings.username}</dd>
          </div>
          <div>
            <dt>{t('auth.field.email')}</dt>
            <dd>{settings.emailAddress}</dd>
          </div>
          <div>
            <dt>{t('settings.emailConfirmation')}</dt>
            <dd>
              {settings.emailConfirmed ? (
                <span className="settings-confirmed">{t('settings.emailConfirmed')}</span>
              ) : (
                <SendConfirmationLink username={username} />
              )}
            </dd>
          </div>
        </dl>
      </section>

      <section className="settings-card" aria-labelledby={changesId}>
        <h2 id={changesId}>{t('account2.section')}</h2>
        <AccountChanges />
      </section>

      <section className="settings-card" aria-labelledby={languageId}>
        <h2 id={languageId}>{t('settings.nativeLanguage')}</h2>
        <ChangeLanguage username={username} current={settings.chosenNativeLanguage} />
      </section>

      <section className="settings-card" aria-labelledby={membershipId}>
        <h2 id={membershipId}>{t('settings.membership')}</h2>
        <dl className="settings-list">
          <div>
            <dt>{t('settings.plan')}</dt>
            <dd>
              <span className="settings-plan" data-testid="plan">
                {premium ? t('settings.planPremium') : t('settings.planBasic')}
              </span>
              {!premium ? (
                <Link to={paths.premiumMember.getHref()} className="settings-upgrade">
                  {t('settings.upgrade')}
                </Link>
              ) : null}
            </dd>
          </div>
          {until ? (
            <div>
              <dt>{t('settings.premiumUntil')}</dt>
              <dd data-testid="premium-until">{until}</dd>
            </div>
          ) : null}
        </dl>
        <BillingButton enabled={settings.hasBillingAccount} navigateTo={navigateTo} />
      </section>

      <section className="settings-card" aria-labelledby={sessionsId}>
        <h2 id={sessionsId}>{t('settings.sessions')}</h2>
        <SignOutEverywhere />
      </section>

      <section className="settings-card" aria-labelledby={remindersId}>
        <h2 id={remindersId}>{t('settings.reminders')}</h2>
        <ReviewReminders username={username} />
      </section>

      <section className="settings-card" aria-labelledby={dataId}>
        <h2 id={dataId}>{t('settings.yourData')}</h2>
        <YourData email={settings.emailAddress} save={saveFile} />
      </section>
    </div>
  );
}

function SendConfirmationLink({ username }: { username: string }) {
  const t = useT();
  const mutation = useSendEmailConfirmationLink(username);
  const send = async () => {
    try {
      await mutation.mutateAsync();
      toast.success(translate('settings.linkSent'));
    } catch (err) {
      // already confirmed, or too many links: the API's reason under the page's own title
      if (hasErrorCode(err, 'email_already_confirmed', 'rate_limited') && err.messages.length) {
        toast.error(err.messages[0], translate('settings.linkFailed'));
      } else toast.error(translate('settings.linkFailed'));
    }
  };
  return (
    <div className="settings-unconfirmed">
      <p>{t('settings.emailNotConfirmed')}</p>
      <button type="button" className="btn btn-secondary" onClick={send} disabled={mutation.isPending}>
        {t('settings.sendLink')}
      </button>
    </div>
  );
}

function ChangeLanguage({ username, current }: { username: string; current: string }) {
  const t = useT();
  const selectId = useId();
  const [choice, setChoice] = useState(current);
  const mutation = useChangeLanguage(username);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    try {
      await mutation.mutateAsync({ newLanguage: choice as TNativeLanguageCode });
      // said in the language just chosen: its texts first (the session's change loads them too, once)
      await applyLanguage(choice as TNativeLanguageCode);
      toast.success(translate('settings.languageChanged'));
    } catch {
      toast.error(translate('language.saveFailed'));
    }
  };
  return (
    <form className="settings-language" onSubmit={submit} aria-busy={mutation.isPending}>
      <div className="field">
        <label htmlFor={selectId}>{t('auth.register.language')}</label>
        <select id={selectId} name="newLanguage" value={choice} onChange={(e) => setChoice(e.target.value)}>
          {NATIVE_LANGUAGES.map((l) => (
            <option key={l.code} value={l.code}>
              {languageLabel(l.code, l.name, t.locale)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
        {t('settings.changeLanguage')}
      </button>
    </form>
  );
}

/**
 * 'Sign out everywhere' (docs/product.md, "Settings page"): the server ends every session of the account, on every
 * device, this one included; the stored user is removed once it has.
 */
function SignOutEverywhere() {
  const t = useT();
  const hintId = useId();
  const mutation = useLogoutEverywhere();
  const signOut = async () => {
    try {
      await mutation.mutateAsync();
      toast.success(translate('settings.signedOutEverywhere'));
    } catch (err) {
      console.error('Signing out everywhere failed', err);
      toast.error(translate('settings.signOutEverywhereFailed'));
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
        {t('settings.signOutEverywhere')}
      </button>
      <p id={hintId} className="settings-hint">
        {t('settings.signOutEverywhereHint')}
      </p>
    </div>
  );
}

function BillingButton({ enabled, navigateTo }: { enabled: boolean; navigateTo: (url: string) => void }) {
  const t = useT();
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
        {t('settings.billing')}
      </button>
      {enabled ? null : (
        <p id={hintId} className="settings-hint">
          {t('settings.billingHint')}
        </p>
      )}
    </div>
  );
}

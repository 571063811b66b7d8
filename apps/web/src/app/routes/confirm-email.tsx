import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/layouts/page';
import { ConfirmEmail } from '../../features/auth/components/confirm-email';
import { ConfirmEmailChange } from '../../features/auth/components/confirm-email-change';
import { getSettingsQueryOptions } from '../../features/settings/api/get-settings';
import { useT } from '../../lib/i18n/i18n';
import { session } from '../../lib/session';

/**
 * The pages of the emailed links: `confirm` is /confirmemail?token=..&userid=.. (the confirmation email), `change`
 * is /confirm-email-change?token=..&userid=.. (the link sent to a new email address). After a success while someone
 * is signed in, the settings are asked for again.
 */
export function ConfirmLinkRoute({ mode }: { mode: 'confirm' | 'change' }) {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const token = params.get('token');
  const userid = params.get('userid');
  const t = useT();
  const refreshSettings = () => {
    const user = session.get();
    if (user)
      void queryClient.invalidateQueries({ queryKey: getSettingsQueryOptions(user.username).queryKey });
  };
  const key = `${token}|${userid}`;
  return mode === 'confirm' ? (
    <Page title={t('auth.confirm.title')}>
      <ConfirmEmail key={key} token={token} userid={userid} onConfirmed={refreshSettings} />
    </Page>
  ) : (
    <Page title={t('account2.confirm.title')}>
      <ConfirmEmailChange key={key} token={token} userid={userid} onChanged={refreshSettings} />
    </Page>
  );
}

/** /confirmemail (the router's default export of this module). */
export default function ConfirmEmailRoute() {
  return <ConfirmLinkRoute mode="confirm" />;
}

/** /confirm-email-change. */
export function ConfirmEmailChangeRoute() {
  return <ConfirmLinkRoute mode="change" />;
}

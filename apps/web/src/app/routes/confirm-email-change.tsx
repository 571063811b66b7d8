import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/layouts/page';
import { ConfirmEmailChange } from '../../features/auth/components/confirm-email-change';
import { getSettingsQueryOptions } from '../../features/settings/api/get-settings';
import { useT } from '../../lib/i18n/i18n';
import { session } from '../../lib/session';

/** /confirm-email-change?token=..&userid=.. (the link sent to a new email address). */
export default function ConfirmEmailChangeRoute() {
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
  return (
    <Page title={t('account2.confirm.title')}>
      <ConfirmEmailChange
        key={`${token}|${userid}`}
        token={token}
        userid={userid}
        onChanged={refreshSettings}
      />
    </Page>
  );
}

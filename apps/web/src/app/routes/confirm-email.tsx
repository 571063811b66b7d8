import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/layouts/page';
import { ConfirmEmail } from '../../features/auth/components/confirm-email';
import { getSettingsQueryOptions } from '../../features/settings/api/get-settings';
import { session } from '../../lib/session';
import { useT } from '../../lib/i18n/i18n';

/** /confirmemail?token=..&userid=.. (the link of the confirmation email). */
export default function ConfirmEmailRoute() {
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
    <Page title={t('auth.confirm.title')}>
      <ConfirmEmail key={`${token}|${userid}`} token={token} userid={userid} onConfirmed={refreshSettings} />
    </Page>
  );
}

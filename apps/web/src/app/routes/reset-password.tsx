import { useNavigate, useSearchParams } from 'react-router';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@polski/contracts';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { useT } from '../../lib/i18n/i18n';

/** /reset-password?token=..&userid=.. (the link of the reset email). */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const t = useT();
  return (
    <Page
      title={t('auth.reset.title')}
      lead={t('auth.reset.lead', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
    >
      <ResetPasswordForm
        token={params.get('token')}
        userid={params.get('userid')}
        onReset={() => navigate(paths.home.getHref())}
      />
    </Page>
  );
}

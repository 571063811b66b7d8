import { Link } from 'react-router';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { useT } from '../../lib/i18n/i18n';

export default function ForgotPasswordRoute() {
  const t = useT();
  return (
    <Page title={t('auth.forgot.title')}>
      <p className="lead">{t('auth.forgot.intro')}</p>
      <p className="lead">{t('auth.forgot.instructions')}</p>
      <ForgotPasswordForm />
      <p className="account-back">
        <Link to={paths.home.getHref()}>{t('auth.forgot.back')}</Link>
      </p>
    </Page>
  );
}

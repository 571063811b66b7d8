import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

/** /reset-password?token=..&userid=.. (the link of the reset email). */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <Page title="Set a new password" lead="Choose a new password of 6 to 24 characters.">
      <ResetPasswordForm
        token={params.get('token')}
        userid={params.get('userid')}
        onReset={() => navigate(paths.home.getHref())}
      />
    </Page>
  );
}

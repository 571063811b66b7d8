import { Link } from 'react-router';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <Page title="Forgot your password?">
      <p className="lead">Please enter the email you provided during registration</p>
      <p className="lead">We&apos;ll send you instructions to reset your password</p>
      <ForgotPasswordForm />
      <p className="account-back">
        <Link to={paths.home.getHref()}>Back to home</Link>
      </p>
    </Page>
  );
}

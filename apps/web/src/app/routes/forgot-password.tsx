import { Link } from 'react-router';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';

export default function ForgotPasswordRoute() {
  return (
    <Page
      title="Forgot your password?"
      lead="Please enter the email you provided during registration. We'll send you instructions to reset your password."
    >
      <p>
        <Link to={paths.home.getHref()}>Back to home</Link>
      </p>
    </Page>
  );
}

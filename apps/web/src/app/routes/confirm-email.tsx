import { Link } from 'react-router';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';

export default function ConfirmEmailRoute() {
  return (
    <Page
      title="Email Confirmed Successfully!"
      lead="Your email address has been verified. You can now access all features of your account."
    >
      <p>
        <Link to={paths.learnPolish.getHref()} className="btn btn-primary">
          Start Learning Polish
        </Link>
      </p>
    </Page>
  );
}

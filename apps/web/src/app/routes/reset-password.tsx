import { Page } from '../../components/layouts/page';

export default function ResetPasswordRoute() {
  return <Page title="Set a new password" lead="Choose a new password of 6 to 24 characters." />;
}

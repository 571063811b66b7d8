import { Page } from '../../components/layouts/page';

export default function SuccessRoute() {
  return <Page title="Welcome! You are now a Premium Member" lead="Please wait..." />;
}

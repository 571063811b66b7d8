import { Page } from '../../components/layouts/page';

export default function SettingsRoute() {
  return <Page title="Settings" lead="Your account, your native language and your membership." />;
}

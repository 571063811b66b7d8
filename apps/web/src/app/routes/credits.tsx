import { CreditsPage } from '../../features/legal/components/credits-page';

export default function CreditsRoute() {
  return <CreditsPage />;
}

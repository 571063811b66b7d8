import { Page } from '../../components/layouts/page';
import { HubCards } from '../../features/hubs/components/hub-cards';

export default function LearnPolishRoute() {
  return (
    <Page
      title="Learn Polish"
      lead="Choose a learning path: from your very first Polish sentences to stories about the history of Poland."
    >
      <HubCards />
    </Page>
  );
}

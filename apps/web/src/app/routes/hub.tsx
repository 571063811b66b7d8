import { Link, useParams } from 'react-router';
import { HUBS } from '@polski/contracts';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';

export default function HubRoute() {
  const { hubId } = useParams();
  const hub = HUBS.find((h) => h.id === hubId);
  if (!hub) {
    return (
      <Page title="Learning path not found" lead="There is no learning path at this address.">
        <p>
          <Link to={paths.learnPolish.getHref()}>See all learning paths</Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title={hub.title} lead={`Level: ${hub.level}. The lessons of this path are listed here.`}>
      <p>
        <Link to={paths.learnPolish.getHref()}>Back to all learning paths</Link>
      </p>
    </Page>
  );
}

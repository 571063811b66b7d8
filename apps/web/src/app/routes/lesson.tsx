import { Link, useMatches, useParams } from 'react-router';
import { HUBS, type THubId } from '@polski/contracts';
import { Page } from '../../components/layouts/page';
import { paths } from '../../config/paths';

interface TLessonHandle {
  hub: THubId;
  listen: boolean;
}

/** Any lesson of any hub; the router tells which hub through the route's handle. */
export default function LessonRoute() {
  const { slug = '' } = useParams();
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as TLessonHandle | undefined;
  const hub = HUBS.find((h) => h.id === handle?.hub);
  const title = humanize(slug);
  return (
    <Page
      title={handle?.listen ? `${title}: listening` : title}
      lead={hub ? `${hub.title} · ${hub.level}` : undefined}
    >
      {hub ? (
        <p>
          <Link to={paths.hub.getHref(hub.id)}>More lessons in {hub.title}</Link>
        </p>
      ) : null}
    </Page>
  );
}

function humanize(slug: string): string {
  const words = slug.replace(/-/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Lesson';
}

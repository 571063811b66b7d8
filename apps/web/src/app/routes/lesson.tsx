import { Link, useLocation, type LoaderFunctionArgs } from 'react-router';
import { HUBS, type THubId } from '@polski/contracts';
import { lessonAddress, paths, type TLessonAddress } from '../../config/paths';
// the feature's files, not its index: the hub pages' components stay out of this page's download
import { getLessonQueryOptions, useLesson } from '../../features/content/api/get-lesson';
import { ContentStatus } from '../../features/content/components/content-status';
import { LessonView } from '../../features/content/components/lesson-view';
import { PremiumGate } from '../../features/content/components/premium-gate';
import { hasErrorCode } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';

/** Prefetch with the same query the page reads; a failure is shown by the page, not thrown to the error route. */
export async function loader({ request }: LoaderFunctionArgs) {
  const address = lessonAddress(new URL(request.url).pathname);
  if (address) await queryClient.prefetchQuery(getLessonQueryOptions(address.hub, address.slug));
  return null;
}

/** Any lesson of any hub: the whole lesson, or the premium gate when the server sent only the teaser. */
export default function LessonRoute() {
  const { pathname } = useLocation();
  const address = lessonAddress(pathname);
  if (!address) return <LessonNotFound />;
  return <Lesson key={`${address.hub}/${address.slug}/${address.listen}`} {...address} />;
}

function Lesson({ hub, slug, listen }: TLessonAddress) {
  const query = useLesson(hub, slug);
  if (query.isPending) return <ContentStatus title="Loading the lesson…" loading />;
  if (query.isError) {
    return hasErrorCode(query.error, 'not_found') ? (
      <LessonNotFound hub={hub} />
    ) : (
      <ContentStatus title="The lesson could not be loaded">
        <p>
          Please check your connection and{' '}
          <button type="button" className="btn-link" onClick={() => void query.refetch()}>
            try again
          </button>
          .
        </p>
      </ContentStatus>
    );
  }
  if (query.data.kind === 'premium') return <PremiumGate teaser={query.data.teaser} />;
  return <LessonView lesson={query.data.lesson} listenMode={listen} />;
}

function LessonNotFound({ hub }: { hub?: THubId }) {
  const h = HUBS.find((x) => x.id === hub);
  return (
    <ContentStatus title="Lesson not found">
      <p>There is no lesson at this address.</p>
      <p>
        {h ? (
          <Link to={paths.hub.getHref(h.id)}>See all lessons in {h.title}</Link>
        ) : (
          <Link to={paths.learnPolish.getHref()}>See all learning paths</Link>
        )}
      </p>
    </ContentStatus>
  );
}

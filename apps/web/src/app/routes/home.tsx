import { lazy, Suspense } from 'react';
import { HomePage } from '../../features/home/components/home-page';
import { withQueryClient } from '../../lib/query-client-loader';
import { useUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

// a signed-in learner's "Continue where you left off": its code is not in the home page's first download
const ContinueLesson = lazy(() =>
  withQueryClient(() => import('../../features/progress/components/continue-lesson')),
);

export default function HomeRoute() {
  useDocumentTitle(null);
  const user = useUser();
  return (
    <HomePage
      resume={
        user ? (
          <Suspense fallback={null}>
            <ContinueLesson />
          </Suspense>
        ) : null
      }
    />
  );
}

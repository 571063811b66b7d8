import { lazy, Suspense } from 'react';
import { useOutletContext } from 'react-router';
import { HomePage } from '../../features/home/components/home-page';
import { withQueryClient } from '../../lib/query-client-loader';
import { useUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { TRootOutletContext } from '../outlet-context';

// a signed-in learner's "Continue where you left off": its code is not in the home page's first download
const ContinueLesson = lazy(() =>
  withQueryClient(() => import('../../features/progress/components/continue-lesson')),
);

export default function HomeRoute() {
  useDocumentTitle(null);
  const user = useUser();
  const outlet = useOutletContext<TRootOutletContext | undefined>();
  return (
    <HomePage
      onJoin={user ? undefined : outlet?.onSignUp}
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

import { Page } from '../../components/layouts/page';
import { getSavedWordsQueryOptions } from '../../features/words/api/get-saved-words';
import { WordsPage } from '../../features/words/components/words-page';
import { queryClient } from '../../lib/query-client';
import { session, useUser } from '../../lib/session';
import { useSignIn } from '../outlet-context';

/** Prefetches the saved words with the query the page reads; a failure is shown by the page. */
export async function loader() {
  if (session.get()) await queryClient.prefetchQuery(getSavedWordsQueryOptions());
  return null;
}

/** /words: the learner's saved words, export and import (docs/product.md, "My words"). */
export default function WordsRoute() {
  const user = useUser();
  const onSignIn = useSignIn();
  return (
    <Page title="My words" lead="The words you saved while reading, their status and your review.">
      {user ? (
        <WordsPage />
      ) : (
        <div className="words-empty">
          <p>Log in to save words from lessons, review them and export them.</p>
          <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={onSignIn}>
            Log in or register
          </button>
        </div>
      )}
    </Page>
  );
}

import { Page } from '../../components/layouts/page';
import { useT } from '../../lib/i18n/i18n';
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
  const t = useT();
  return (
    <Page title={t('shell.nav.words')} lead={t('words.page.lead')}>
      {user ? (
        <WordsPage />
      ) : (
        <div className="words-empty">
          <p>{t('words.page.signIn')}</p>
          <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={onSignIn}>
            {t('auth.dialog.title')}
          </button>
        </div>
      )}
    </Page>
  );
}

import { Page } from '../../components/layouts/page';
import { useT } from '../../lib/i18n/i18n';
import { getReviewQueueQueryOptions } from '../../features/words/api/get-review-queue';
import { ReviewSession } from '../../features/words/components/review-session';
import { queryClient } from '../../lib/query-client';
import { session, useUser } from '../../lib/session';
import { useSignIn } from '../outlet-context';

/** A fresh queue each time the page is opened (the one the session reads). */
export async function loader() {
  if (session.get())
    await queryClient.fetchQuery({ ...getReviewQueueQueryOptions(), staleTime: 0 }).catch(() => null);
  return null;
}

/** /review: today's review of the saved words (docs/product.md, "Review"). */
export default function ReviewRoute() {
  const user = useUser();
  const onSignIn = useSignIn();
  const t = useT();
  return (
    <Page title={t('shell.nav.review')} lead={t('review.page.lead')}>
      <div className="review-page">
        {user ? (
          <ReviewSession />
        ) : (
          <div className="words-empty">
            <p>{t('review.page.signIn')}</p>
            <button type="button" className="btn btn-primary" aria-haspopup="dialog" onClick={onSignIn}>
              {t('auth.dialog.title')}
            </button>
          </div>
        )}
      </div>
    </Page>
  );
}

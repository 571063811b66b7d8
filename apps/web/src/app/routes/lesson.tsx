import { useMemo } from 'react';
import { Link, useLocation, type LoaderFunctionArgs } from 'react-router';
import { HUBS, type THubId, type TLessonResponse } from '@polski/contracts';
import { lessonAddress, paths, type TLessonAddress } from '../../config/paths';
// the feature's files, not its index: the hub pages' components stay out of this page's download
import { getLessonQueryOptions, useLesson } from '../../features/content/api/get-lesson';
import { ContentStatus } from '../../features/content/components/content-status';
import { LessonView, type TLessonWordSlots } from '../../features/content/components/lesson-view';
import { PremiumGate } from '../../features/content/components/premium-gate';
import { hasErrorCode } from '../../lib/api-client';
import { useLessonStatuses } from '../../features/words/api/get-lesson-statuses';
import { MarkRemainingKnown } from '../../features/words/components/mark-remaining-known';
import { SaveWordToggle } from '../../features/words/components/save-word-toggle';
import { WordActions } from '../../features/words/components/word-actions';
import { queryClient } from '../../lib/query-client';
import { useT } from '../../lib/i18n/i18n';
import { hubTitleKey } from '../../lib/i18n/hub-title';
import { rich } from '../../lib/i18n/ui';
import { useUser } from '../../lib/session';
import { useSignIn } from '../outlet-context';

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
  const t = useT();
  const onSignIn = useSignIn();
  const query = useLesson(hub, slug);
  if (query.isPending) return <ContentStatus title={t('lesson.loading')} loading />;
  if (query.isError) {
    return hasErrorCode(query.error, 'not_found') ? (
      <LessonNotFound hub={hub} />
    ) : (
      <ContentStatus title={t('lesson.loadFailed')}>
        <p>
          {rich(t('lesson.loadFailedRetry'), {
            0: (s) => (
              <button type="button" className="btn-link" onClick={() => void query.refetch()}>
                {s}
              </button>
            ),
          })}
        </p>
      </ContentStatus>
    );
  }
  if (query.data.kind === 'premium') return <PremiumGate teaser={query.data.teaser} onSignIn={onSignIn} />;
  return <LessonWithWords lesson={query.data.lesson} listenMode={listen} />;
}

/**
 * The lesson with the words feature (docs/product.md, "Saved words and review"): the statuses of its words in the
 * text (asked for only when signed in), save and status in the word popover and the vocabulary list, and "mark the
 * remaining new words as known" at its end. Without word annotations there is nothing to save or mark.
 */
function LessonWithWords({ lesson, listenMode }: { lesson: TLessonResponse; listenMode: boolean }) {
  const user = useUser();
  const onSignIn = useSignIn();
  const { hub, slug, annotations } = lesson;
  const statuses = useLessonStatuses(hub, slug, { enabled: annotations !== undefined });
  const lemmas = useMemo(
    () => [...new Set(annotations?.lexemes.filter((x) => x.pos !== 'number').map((x) => x.lemma) ?? [])],
    [annotations],
  );
  const signedIn = user !== null;
  const words = useMemo<TLessonWordSlots | undefined>(
    () =>
      annotations
        ? {
            statuses: signedIn ? statuses.data?.statuses : undefined,
            renderWordActions: (word) => (
              <WordActions hub={hub} slug={slug} word={word} onSignIn={onSignIn} />
            ),
            renderVocabularyAction: (_item, word) =>
              word ? <SaveWordToggle hub={hub} slug={slug} word={word} onSignIn={onSignIn} named /> : null,
            endOfLesson:
              signedIn && lemmas.length ? <MarkRemainingKnown hub={hub} slug={slug} lemmas={lemmas} /> : null,
          }
        : undefined,
    [annotations, signedIn, statuses.data, hub, slug, onSignIn, lemmas],
  );
  return <LessonView lesson={lesson} listenMode={listenMode} words={words} onSignIn={onSignIn} />;
}

function LessonNotFound({ hub }: { hub?: THubId }) {
  const t = useT();
  const h = HUBS.find((x) => x.id === hub);
  return (
    <ContentStatus title={t('lesson.notFound')}>
      <p>{t('lesson.notFoundText')}</p>
      <p>
        {h ? (
          <Link to={paths.hub.getHref(h.id)}>{t('lesson.allInHub', { hub: t(hubTitleKey(h.id)) })}</Link>
        ) : (
          <Link to={paths.learnPolish.getHref()}>{t('lesson.allPaths')}</Link>
        )}
      </p>
    </ContentStatus>
  );
}

import { useId } from 'react';
import { Link } from 'react-router';
import { HUBS } from '../../../config/hubs';
import { useCatalogue } from '../../../lib/i18n/ui';
import { useT } from '../../../lib/i18n/i18n';
import { hubTitleKey } from '../../../lib/i18n/hub-title';
import { useProgressSummary } from '../api/get-progress-summary';
import './progress.css';

/**
 * "Continue where you left off" for a signed-in learner (docs/product.md, "Continue where you left off"): the lesson
 * after the last one completed. Nothing while the API has not answered, nor when every readable lesson is done.
 * Lazy-loaded by the pages that show it, and rendered only when someone is signed in.
 */
export default function ContinueLesson() {
  // on the home page, loaded after its first paint: its texts come with the whole catalogue
  useCatalogue();
  const t = useT();
  const { data } = useProgressSummary();
  const headingId = useId();
  const next = data?.continue;
  if (!next) return null;
  const hub = HUBS.find((h) => h.id === next.hub);
  return (
    <section className="continue-lesson" aria-labelledby={headingId} data-testid="continue-lesson">
      <div>
        <h2 id={headingId} className="continue-lesson-heading">
          {t('progress.continue.title')}
        </h2>
        <p className="continue-lesson-title" lang="pl">
          {next.title}
        </p>
        {hub ? <p className="continue-lesson-hub">{t(hubTitleKey(hub.id))}</p> : null}
      </div>
      <Link to={next.path} className="btn btn-primary">
        {t('progress.continue.button')}
        <span className="visually-hidden">: {next.title}</span>
      </Link>
    </section>
  );
}

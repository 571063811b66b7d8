import { useId } from 'react';
import { Link } from 'react-router';
import { HUBS } from '../../../config/hubs';
import { useProgressSummary } from '../api/get-progress-summary';
import './progress.css';

/**
 * "Continue where you left off" for a signed-in learner (docs/product.md, "Continue where you left off"): the lesson
 * after the last one completed. Nothing while the API has not answered, nor when every readable lesson is done.
 * Lazy-loaded by the pages that show it, and rendered only when someone is signed in.
 */
export default function ContinueLesson() {
  const { data } = useProgressSummary();
  const headingId = useId();
  const next = data?.continue;
  if (!next) return null;
  const hub = HUBS.find((h) => h.id === next.hub);
  return (
    <section className="continue-lesson" aria-labelledby={headingId} data-testid="continue-lesson">
      <div>
        <h2 id={headingId} className="continue-lesson-heading">
          Continue where you left off
        </h2>
        <p className="continue-lesson-title" lang="pl">
          {next.title}
        </p>
        {hub ? <p className="continue-lesson-hub">{hub.title}</p> : null}
      </div>
      <Link to={next.path} className="btn btn-primary">
        Continue<span className="visually-hidden">: {next.title}</span>
      </Link>
    </section>
  );
}

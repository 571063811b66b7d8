import { Link } from 'react-router';
import type { THubLessonsResponse } from '@polski/contracts';
import { lessonHref, paths } from '../../../config/paths';
import { usePageMeta } from '../../../lib/use-page-meta';
import './lesson.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A hub's lessons in order: level, free or premium, reading time, and ✓ for those the user completed. */
export function HubLessons({ data, signedIn }: { data: THubLessonsResponse; signedIn: boolean }) {
  const { hub, lessons } = data;
  const done = lessons.filter((l) => l.completed).length;
  usePageMeta(
    hub.title,
    `${hub.title} (${hub.level}): ${plural(hub.lessonCount, 'Polish lesson', 'Polish lessons')} with translations, vocabulary and questions.`,
  );
  return (
    <div className="page container hub-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to={paths.learnPolish.getHref()}>Learn Polish</Link>
          </li>
        </ol>
      </nav>
      <h1>{hub.title}</h1>
      <p className="lead">
        Level: {hub.level} · {plural(hub.lessonCount, 'lesson', 'lessons')}
        {hub.freeCount > 0 ? `, ${hub.freeCount === hub.lessonCount ? 'all' : hub.freeCount} free` : ', all premium'}
        {signedIn ? ` · ${done} completed` : null}
      </p>
      <ol className="lesson-list">
        {lessons.map((l) => (
          <li key={l.slug} className={`lesson-item${l.completed ? ' is-completed' : ''}`}>
            <span className="lesson-item-order" aria-hidden="true">
              {String(l.order).padStart(2, '0')}
            </span>
            <div className="lesson-item-body">
              <h2 className="lesson-item-title">
                <Link to={lessonHref(l.hub, l.slug)} className="lesson-item-link" lang="pl">
                  {l.title}
                </Link>
              </h2>
              <p className="lesson-item-en">{l.titleEn}</p>
              <p className="lesson-item-summary">{l.summary}</p>
              <ul className="lesson-meta">
                <li className="badge">
                  <span className="visually-hidden">Level </span>
                  {l.level}
                </li>
                <li className={`badge${l.premium ? ' badge-premium' : ' badge-free'}`}>{l.premium ? 'Premium' : 'Free'}</li>
                <li className="badge">{l.readingMinutes} min read</li>
              </ul>
            </div>
            {l.completed ? (
              <span className="lesson-item-done" title="Completed">
                <span aria-hidden="true">✓</span>
                <span className="visually-hidden">Completed</span>
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

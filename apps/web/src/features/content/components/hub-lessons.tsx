import { Link } from 'react-router';
import type { THubLessonsResponse } from '@polski/contracts';
import { PremiumLock, useLocked } from '../../../components/premium-lock';
import { lessonHref, paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n';
import { hubTitleKey } from '../../../lib/i18n/hub-title';
import { usePageMeta } from '../../../lib/use-page-meta';
import './lesson.css';

/** A hub's lessons in order: level, free or premium, reading time, and ✓ for those the user completed. */
export function HubLessons({ data, signedIn }: { data: THubLessonsResponse; signedIn: boolean }) {
  const t = useT();
  const { hub, lessons } = data;
  const done = lessons.filter((l) => l.completed).length;
  const title = t(hubTitleKey(hub.id));
  usePageMeta(title, t('hubs.meta', { hub: title, level: hub.level, n: hub.lessonCount }));
  return (
    <div className="page container hub-page">
      <nav className="breadcrumb" aria-label={t('lesson.breadcrumb')}>
        <ol>
          <li>
            <Link to={paths.learnPolish.getHref()}>{t('shell.nav.learnPolish')}</Link>
          </li>
        </ol>
      </nav>
      <h1>{title}</h1>
      <p className="lead">
        {t('hubs.levelLabel')} {hub.level} · {t('hubs.lessons', { n: hub.lessonCount })},{' '}
        {hub.freeCount === 0
          ? t('hubs.allPremium')
          : hub.freeCount === hub.lessonCount
            ? t('hubs.allFree')
            : t('hubs.free', { n: hub.freeCount })}
        {signedIn ? ` · ${t('hubs.completed', { n: done })}` : null}
      </p>
      <ol className="lesson-list">
        {lessons.map((l) => (
          <LessonItem key={l.slug} lesson={l} />
        ))}
      </ol>
    </div>
  );
}

/** One lesson of the list; a premium one the reader cannot open yet carries the lock in its link. */
function LessonItem({ lesson: l }: { lesson: THubLessonsResponse['lessons'][number] }) {
  const t = useT();
  const locked = useLocked(l.premium);
  return (
    <li className={`lesson-item${l.completed ? ' is-completed' : ''}`}>
      <span className="lesson-item-order" aria-hidden="true">
        {String(l.order).padStart(2, '0')}
      </span>
      <div className="lesson-item-body">
        <h2 className="lesson-item-title">
          <Link to={lessonHref(l.hub, l.slug)} className="lesson-item-link" lang="pl">
            {l.title}
            {locked ? <PremiumLock /> : null}
          </Link>
        </h2>
        <p className="lesson-item-en">{l.titleEn}</p>
        <p className="lesson-item-summary">{l.summary}</p>
        <ul className="lesson-meta">
          <li className="badge">
            <span className="visually-hidden">{t('hubs.levelLabel')} </span>
            {l.level}
          </li>
                <li className={`badge${l.premium ? ' badge-premium' : ' badge-free'}`}>{l.premium ? t('lesson.premium') : t('lesson.free')}</li>
                <li className="badge">{t('lesson.readingMinutes', { n: l.readingMinutes })}</li>
              </ul>
            </div>
            {l.completed ? (
              <span className="lesson-item-done" title={t('lesson.completed')}>
                <span aria-hidden="true">✓</span>
                <span className="visually-hidden">{t('lesson.completed')}</span>
              </span>
            ) : null}
          </li>
  );
}

import { Link } from 'react-router';
import type { TProgressListResponse } from '@polski/contracts';
import { lessonHref } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n';
import './hub-cards.css';

/** The signed-in user's most recently completed lessons, on /learn-polish. */
export function RecentProgress({ items, max = 5 }: { items: TProgressListResponse; max?: number }) {
  const t = useT();
  if (items.length === 0) return null;
  return (
    <section className="recent-progress" aria-labelledby="recent-progress-h">
      <h2 id="recent-progress-h">{t('hubs.recent')}</h2>
      <p className="recent-progress-count">
        {t('hubs.recentCount', { n: items.length })}
      </p>
      <ul>
        {items.slice(0, max).map((p) => (
          <li key={`${p.hub}/${p.slug}`}>
            <span aria-hidden="true">✓ </span>
            <Link to={lessonHref(p.hub, p.slug)} lang="pl">
              {p.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { THubId, THubListResponse } from '@polski/contracts';
// the hub table without the module of zod schemas it lives in (config/hubs.ts)
import { HUBS } from '../../../config/hubs';
import { HUB_ART, HUB_ART_SIZE } from '../../../assets/illustrations/hub-art';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n/i18n';
import { hubTitleKey } from '../../../lib/i18n/hub-title';
import './hub-cards.css';

export interface THubCardsProps {
  hubs?: THubListResponse;
  /** The end of a hub's card: the signed-in learner's progress in it (app/ composes it). */
  renderProgress?: (hub: THubId, title: string) => ReactNode;
}

/** The 9 hubs of /learn-polish, each linking to its listing; the counts come from the API when it has answered. */
export function HubCards({ hubs, renderProgress }: THubCardsProps) {
  const t = useT();
  return (
    <ul className="hub-cards">
      {HUBS.map((hub, i) => {
        const counts = hubs?.find((h) => h.id === hub.id);
        return (
          <li key={hub.id} className="hub-card">
            {HUB_ART[hub.id] && (
              // decorative: the card's title says what it is (the file's <desc> describes it for other uses)
              <img
                className="hub-card-art"
                src={HUB_ART[hub.id]}
                alt=""
                {...HUB_ART_SIZE}
                // the first cards are in the first view (one of them may be the largest paint): not lazy
                loading={i < 2 ? 'eager' : 'lazy'}
                decoding="async"
              />
            )}
            <span className="hub-card-number" aria-hidden="true">
              {String(i + 1).padStart(2, '0')}
            </span>
            <h2 className="hub-card-title">
              <Link to={paths.hub.getHref(hub.id)} className="hub-card-link">
                {t(hubTitleKey(hub.id))}
              </Link>
            </h2>
            <p className="hub-card-level">
              <span className="visually-hidden">{t('hubs.levelLabel')} </span>
              {hub.level}
            </p>
            {counts ? (
              <p className="hub-card-count">
                {t('hubs.lessons', { n: counts.lessonCount })}
                <span className={`hub-card-free${counts.freeCount === 0 ? ' is-premium' : ''}`}>
                  {counts.freeCount === 0
                    ? t('hubs.card.allPremium')
                    : counts.freeCount === counts.lessonCount
                      ? t('hubs.card.allFree')
                      : t('hubs.free', { n: counts.freeCount })}
                </span>
              </p>
            ) : (
              // the counts' line, kept empty and invisible until they arrive, so the cards do not grow then
              <p className="hub-card-count is-pending" aria-hidden="true">
                <span className="hub-card-free">&nbsp;</span>
              </p>
            )}
            {renderProgress?.(hub.id, t(hubTitleKey(hub.id)))}
          </li>
        );
      })}
    </ul>
  );
}

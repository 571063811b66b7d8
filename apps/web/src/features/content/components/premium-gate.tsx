import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { HUBS, type TLessonTeaser } from '@polski/contracts';
import { PremiumModal } from '../../../components/premium-modal';
import { paths } from '../../../config/paths';
import { premiumHrefFor } from '../../premium/lib/return-to';
import { useT } from '../../../lib/i18n/i18n';
import { hubTitleKey } from '../../../lib/i18n/hub-title';
import { usePageMeta } from '../../../lib/use-page-meta';
import './lesson.css';

/**
 * The premium gate (docs/product.md, "Premium gate"): what the server sent of a premium lesson (title, level,
 * first paragraph) dimmed to 50 % and inert (no focus, no clicks, hidden from assistive technology), with the
 * premium modal open. Closing the modal leaves the teaser dimmed; a visible 'Unlock with Premium' call to action
 * remains. The navigation bar, and with it the sign-in button, is outside and stays usable. 'Unlock with Premium'
 * carries the lesson's path, to come back to after paying.
 */
export function PremiumGate({ teaser, onSignIn }: { teaser: TLessonTeaser; onSignIn?: () => void }) {
  const t = useT();
  const { pathname } = useLocation();
  const [modalOpen, setModalOpen] = useState(true);
  const hub = HUBS.find((h) => h.id === teaser.hub);
  usePageMeta(teaser.title, t('gate.meta', { title: teaser.titleEn, level: teaser.level }));
  return (
    <div className="page container lesson lesson-gated">
      <LessonBreadcrumb hubId={teaser.hub} />
      {/* the one h1 stays in the accessibility tree while the dimmed copy is hidden from it */}
      <h1 className="visually-hidden" lang="pl">
        {teaser.title}
      </h1>
      <div className="premium-dimmed" inert aria-hidden="true" data-testid="premium-teaser">
        <header className="lesson-header">
          <p className="lesson-title" lang="pl">
            {teaser.title}
          </p>
          <p className="lesson-title-en">{teaser.titleEn}</p>
          <ul className="lesson-meta">
            <li className="badge">{t('lesson.level', { level: teaser.level })}</li>
            <li className="badge badge-premium">{t('lesson.premium')}</li>
          </ul>
        </header>
        <div className="lesson-text" lang="pl">
          <p className="lesson-paragraph">{teaser.firstParagraph}</p>
        </div>
        <div className="premium-dimmed-rest">
          <span />
          <span />
          <span />
        </div>
      </div>
      <section className="premium-cta" aria-label={t('gate.label')}>
        <p>
          <strong>{t('gate.title')}</strong> {t('gate.text')}
        </p>
        <div className="premium-cta-actions">
          <Link to={premiumHrefFor(pathname)} className="btn btn-primary">
            {t('gate.unlock')}
          </Link>
          {hub ? (
            <Link to={paths.hub.getHref(hub.id)} className="btn btn-secondary">
              {t('gate.allInHub', { hub: t(hubTitleKey(hub.id)) })}
            </Link>
          ) : null}
        </div>
      </section>
      <PremiumModal open={modalOpen} onClose={() => setModalOpen(false)} onSignIn={onSignIn} />
    </div>
  );
}

export function LessonBreadcrumb({ hubId }: { hubId: TLessonTeaser['hub'] }) {
  const t = useT();
  return (
    <nav className="breadcrumb" aria-label={t('lesson.breadcrumb')}>
      <ol>
        <li>
          <Link to={paths.learnPolish.getHref()}>{t('shell.nav.learnPolish')}</Link>
        </li>
        <li>
          <Link to={paths.hub.getHref(hubId)}>{t(hubTitleKey(hubId))}</Link>
        </li>
      </ol>
    </nav>
  );
}

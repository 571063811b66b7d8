import { useEffect } from 'react';
import { Link } from 'react-router';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { useT, type TMessageKey } from '../../lib/i18n/i18n';
import { preloadToasterWhenIdle } from '../../lib/preload-toaster';
import { LanguageMenu } from './language-menu';
import { LogoMark } from '../ui/icons';
import { MailIcon, VideoIcon } from '../ui/later-icons';
import './footer.css';

const LEGAL_LINKS: readonly { label: TMessageKey; to: string }[] = [
  { label: 'footer.terms', to: paths.terms.getHref() },
  { label: 'footer.privacy', to: paths.privacy.getHref() },
  { label: 'footer.podcast', to: paths.podcast.getHref() },
  { label: 'footer.credits', to: paths.credits.getHref() },
];

export function Footer() {
  const t = useT();
  useEffect(preloadToasterWhenIdle, []);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <p className="footer-logo">
            <LogoMark size={28} />
            <span>{env.siteName}</span>
          </p>
          <p className="footer-tagline">{t('footer.tagline')}</p>
        </div>
        <div>
          <h2 className="footer-heading">{t('footer.stayInTouch')}</h2>
          <ul className="footer-list">
            <li>
              <a
                href={env.videoChannelUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="footer-contact"
              >
                <VideoIcon size={20} />
                <span>
                  {t('footer.youtube')}
                  <span className="visually-hidden"> {t('footer.newTab')}</span>
                </span>
              </a>
            </li>
            <li>
              <a href={`mailto:${env.contactEmail}`} className="footer-contact">
                <MailIcon size={20} />
                <span>{env.contactEmail}</span>
              </a>
            </li>
          </ul>
        </div>
        <nav aria-label={t('footer.label')}>
          <h2 className="footer-heading">{t('footer.information')}</h2>
          <ul className="footer-list">
            {LEGAL_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{t(l.label)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>{t('footer.copyright', { year: new Date().getFullYear(), site: env.siteName })}</p>
        <LanguageMenu className="footer-language" />
      </div>
    </footer>
  );
}

export default Footer;

import { Link } from 'react-router';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { LogoMark, MailIcon, VideoIcon } from '../ui/icons';
import './footer.css';

const LEGAL_LINKS = [
  { label: 'Terms and Conditions', to: paths.terms.getHref() },
  { label: 'Privacy Policy', to: paths.privacy.getHref() },
  { label: 'Podcast', to: paths.podcast.getHref() },
  { label: 'Credits', to: paths.credits.getHref() },
] as const;

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <p className="footer-logo">
            <LogoMark size={28} />
            <span>{env.siteName}</span>
          </p>
          <p className="footer-tagline">Learn Polish through stories, dialogues and listening practice.</p>
        </div>
        <div>
          <h2 className="footer-heading">Stay in touch</h2>
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
                  Our YouTube channel<span className="visually-hidden"> (opens in a new tab)</span>
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
        <nav aria-label="Footer">
          <h2 className="footer-heading">Information</h2>
          <ul className="footer-list">
            {LEGAL_LINKS.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container footer-bottom">
        <p>
          © {new Date().getFullYear()} {env.siteName}
        </p>
      </div>
    </footer>
  );
}

import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { NavLink, Link, useNavigate } from 'react-router';
import { ROLES } from '@polski/contracts';
import { paths } from '../../config/paths';
import { env } from '../../config/env';
import { ensureCatalogue, useT, type TMessageKey } from '../../lib/i18n/i18n';
import { logout } from '../../lib/logout';
import { useUser } from '../../lib/session';

// the language menu and its 29 names load just after the first paint; its place is kept meanwhile
const LanguageMenu = lazy(() =>
  Promise.all([import('./language-menu'), ensureCatalogue()]).then(([menu]) => menu),
);
import { BarsIcon, CloseIcon, LogoMark, UserIcon } from '../ui/icons';
import './navbar.css';

export interface TNavbarProps {
  /** Opens the 'Log in or register' dialog. */
  onSignIn: () => void;
  /** Shown to a signed-in user beside the menu: the learner's streak and goal, which app/ composes. */
  status?: ReactNode;
}

// the progress page is reached from the streak and goal beside the menu (app/header-progress.tsx), not a link here
const LINKS: readonly { label: TMessageKey; to: string; end: boolean }[] = [
  { label: 'shell.nav.home', to: paths.home.getHref(), end: true },
  { label: 'shell.nav.learnPolish', to: paths.learnPolish.getHref(), end: false },
  { label: 'shell.nav.podcast', to: paths.podcast.getHref(), end: false },
  { label: 'shell.nav.words', to: paths.words.getHref(), end: false },
  { label: 'shell.nav.review', to: paths.review.getHref(), end: false },
  { label: 'shell.nav.settings', to: paths.settings.getHref(), end: false },
];

/** Only for administrators (the API checks the role again). */
const ADMIN_LINK = { label: 'shell.nav.admin', to: paths.admin.getHref(), end: false } as const;

/** A visitor's way in (docs/product.md, "Navigation bar"): what can be read without an account, then 'Sign in'. */
const VISITOR_LINKS: typeof LINKS = [
  LINKS[1],
  LINKS[2],
  { label: 'shell.nav.blog', to: paths.blog.getHref(), end: false },
  { label: 'shell.nav.wordChecker', to: paths.wordChecker.getHref(), end: false },
];

/**
 * Signed out: Learn Polish, Podcast, Blog, Word Checker and a 'Sign in' button. Signed in: the spec's menu. The
 * links are collapsed behind a bars button on small screens, where 'Sign in' stays beside it.
 */
export function Navbar({ onSignIn, status }: TNavbarProps) {
  const user = useUser();
  const t = useT();
  const navigate = useNavigate();
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);

  const signOut = () => {
    // signed out here at once; the server ends the session in the background (lib/logout.ts)
    void logout();
    setMenuOpen(false);
    navigate(paths.home.getHref());
  };

  return (
    <header className="site-header">
      <nav className="navbar container" aria-label={t('shell.nav.label')}>
        <Link to={paths.home.getHref()} className="navbar-brand">
          <LogoMark />
          <span>{env.siteName}</span>
        </Link>
        <Suspense fallback={<span className="language-menu navbar-language" aria-hidden="true" />}>
          <LanguageMenu className="navbar-language" />
        </Suspense>
        {user ? status : null}
        <button
          type="button"
          className="navbar-toggle"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={t('shell.nav.menu')}
          onClick={() => setMenuOpen((o) => !o)}
        >
          {menuOpen ? <CloseIcon /> : <BarsIcon />}
        </button>
        <ul id={menuId} className={`navbar-menu${menuOpen ? ' is-open' : ''}`}>
          {(user ? (user.roles.includes(ROLES.admin) ? [...LINKS, ADMIN_LINK] : LINKS) : VISITOR_LINKS).map(
            (l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={l.end} className="navbar-link" onClick={() => setMenuOpen(false)}>
                  {t(l.label)}
                </NavLink>
              </li>
            ),
          )}
          {user ? (
            <li>
              <button type="button" className="navbar-link navbar-logout" onClick={signOut}>
                {t('shell.nav.logout')}
              </button>
            </li>
          ) : null}
        </ul>
        {user ? null : (
          <button type="button" className="navbar-signin" onClick={onSignIn}>
            <UserIcon />
            <span>{t('shell.nav.signIn')}</span>
          </button>
        )}
      </nav>
    </header>
  );
}

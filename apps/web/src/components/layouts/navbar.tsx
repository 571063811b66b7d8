import { useId, useState, type ReactNode } from 'react';
import { NavLink, Link, useNavigate } from 'react-router';
import { ROLES } from '@polski/contracts';
import { paths } from '../../config/paths';
import { env } from '../../config/env';
import { logout } from '../../lib/logout';
import { useUser } from '../../lib/session';
import { BarsIcon, CloseIcon, LogoMark, UserIcon } from '../ui/icons';
import './navbar.css';

export interface TNavbarProps {
  /** Opens the 'Log in or register' dialog. */
  onSignIn: () => void;
  /** Shown to a signed-in user beside the menu: the learner's streak and goal, which app/ composes. */
  status?: ReactNode;
}

const LINKS = [
  { label: 'Home', to: paths.home.getHref(), end: true },
  { label: 'Learn Polish', to: paths.learnPolish.getHref(), end: false },
  { label: 'Progress', to: paths.progress.getHref(), end: false },
  { label: 'Podcast', to: paths.podcast.getHref(), end: false },
  { label: 'My words', to: paths.words.getHref(), end: false },
  { label: 'Review', to: paths.review.getHref(), end: false },
  { label: 'Settings', to: paths.settings.getHref(), end: false },
] as const;

/** Only for administrators (the API checks the role again). */
const ADMIN_LINK = { label: 'Admin', to: paths.admin.getHref(), end: false } as const;

/** Logged out: logo and a sign-in button. Logged in: the menu, collapsed behind a bars button on small screens. */
export function Navbar({ onSignIn, status }: TNavbarProps) {
  const user = useUser();
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
      <nav className="navbar container" aria-label="Main">
        <Link to={paths.home.getHref()} className="navbar-brand">
          <LogoMark />
          <span>{env.siteName}</span>
        </Link>
        {user ? (
          <>
            {status}
            <button
              type="button"
              className="navbar-toggle"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label="Menu"
              onClick={() => setMenuOpen((o) => !o)}
            >
              {menuOpen ? <CloseIcon /> : <BarsIcon />}
            </button>
            <ul id={menuId} className={`navbar-menu${menuOpen ? ' is-open' : ''}`}>
              {(user.roles.includes(ROLES.admin) ? [...LINKS, ADMIN_LINK] : LINKS).map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.end} className="navbar-link" onClick={() => setMenuOpen(false)}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <button type="button" className="navbar-link navbar-logout" onClick={signOut}>
                  Logout
                </button>
              </li>
            </ul>
          </>
        ) : (
          <button
            type="button"
            className="navbar-signin"
            aria-label="Sign in"
            title="Sign in"
            onClick={onSignIn}
          >
            <UserIcon />
          </button>
        )}
      </nav>
    </header>
  );
}

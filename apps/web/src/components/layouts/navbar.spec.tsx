import { screen, act, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { session, SESSION_STORAGE_KEY } from '../../lib/session';
import { makeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { Navbar } from './navbar';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderNavbar(route = '/', onSignIn = vi.fn()) {
  renderWithProviders(
    <>
      <Navbar onSignIn={onSignIn} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { route },
  );
  return { onSignIn };
}

describe('Navbar', () => {
  it('logged out: shows the logo linking home and a "Sign in" button that asks for the dialog', async () => {
    const user = userEvent.setup();
    const { onSignIn } = renderNavbar();
    expect(screen.getByRole('link', { name: /polski stories/i })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Learn Polish' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });

  it('logged in: shows Home, Learn Polish, Podcast, Settings and Logout, and no sign-in button', () => {
    session.set(makeUser());
    renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Learn Polish' })).toHaveAttribute('href', '/learn-polish');
    expect(within(nav).getByRole('link', { name: 'Podcast' })).toHaveAttribute('href', '/podcast');
    expect(within(nav).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
  });

  it('the bars button toggles the menu and says so with aria-expanded', async () => {
    const user = userEvent.setup();
    session.set(makeUser());
    renderNavbar();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveClass('is-open');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows an Admin link to /admin only to administrators', () => {
    session.set(makeUser({ roles: ['Member', 'PremiumMember'] }));
    renderNavbar();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    act(() => session.set(makeUser({ roles: ['Member', 'Admin'] })));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it('Logout clears the stored user and goes home', async () => {
    const user = userEvent.setup();
    session.set(makeUser());
    renderNavbar('/settings');
    expect(screen.getByTestId('where')).toHaveTextContent('/settings');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('follows a login or logout in another tab (storage event)', () => {
    renderNavbar();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    act(() => {
      localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(makeUser()));
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    });
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});

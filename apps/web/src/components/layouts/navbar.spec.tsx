import { screen, act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { t } from '../../lib/i18n/i18n';
import { session, SESSION_STORAGE_KEY } from '../../lib/session';
import { toast } from '../../lib/toast';
import { jsonResponse, makeUser } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { Navbar } from './navbar';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

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
  it('logged out: the logo linking home, Learn Polish, Podcast, Blog, Word Checker, and "Sign in" asking for the dialog', async () => {
    const user = userEvent.setup();
    const { onSignIn } = renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(screen.getByRole('link', { name: /polski stories/i })).toHaveAttribute('href', '/');
    const menu = within(nav).getByRole('list');
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Learn Polish', '/learn-polish'],
      ['Podcast', '/podcast'],
      ['Blog', '/blog'],
      ['Word Checker', '/word-checker'],
    ]);
    for (const name of ['Home', 'My words', 'Review', 'Settings']) {
      expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    // the word is on the button (the phone's style hides it visually only)
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveTextContent('Sign in');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });

  it('logged out: the bars button opens the visitor links and a link closes them again', async () => {
    const user = userEvent.setup();
    renderNavbar();
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(menu).toHaveClass('is-open');
    await user.click(screen.getByRole('link', { name: 'Blog' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/blog');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('logged in: shows Home, Learn Polish, Podcast, My words, Review, Settings and Logout, and no sign-in button', () => {
    session.set(makeUser());
    renderNavbar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(nav).getByRole('link', { name: 'Learn Polish' })).toHaveAttribute('href', '/learn-polish');
    expect(within(nav).getByRole('link', { name: 'Podcast' })).toHaveAttribute('href', '/podcast');
    expect(within(nav).getByRole('link', { name: 'My words' })).toHaveAttribute('href', '/words');
    expect(within(nav).getByRole('link', { name: 'Review' })).toHaveAttribute('href', '/review');
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

  describe('Logout', () => {
    const fetchMock = vi.fn<typeof fetch>();
    beforeEach(() => vi.stubGlobal('fetch', fetchMock));
    afterEach(() => vi.unstubAllGlobals());

    it('ends the session on the server with its token, clears the stored user and goes home', async () => {
      fetchMock.mockResolvedValue(jsonResponse(200, { message: 'Logged out' }));
      const user = userEvent.setup();
      session.set(makeUser({ token: 'the.session.token' }));
      renderNavbar('/settings');
      expect(screen.getByTestId('where')).toHaveTextContent('/settings');
      await user.click(screen.getByRole('button', { name: 'Logout' }));
      expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
      expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
      await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
      const [url, init] = fetchMock.mock.calls[0];
      expect({ url: String(url), method: init?.method }).toEqual({
        url: '/api/account/logout',
        method: 'POST',
      });
      expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer the.session.token');
      expect(toast.info).not.toHaveBeenCalled();
      expect(toast.error).not.toHaveBeenCalled();
    });

    it('still signs out on this device when the server cannot be reached, and says so', async () => {
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const user = userEvent.setup();
      session.set(makeUser({ token: 'the.session.token' }));
      renderNavbar('/settings');
      await user.click(screen.getByRole('button', { name: 'Logout' }));
      expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
      await waitFor(() => expect(toast.info).toHaveBeenCalledWith(t('session.signedOutOffline')));
      expect(toast.error).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalled();
    });
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

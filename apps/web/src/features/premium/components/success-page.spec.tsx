// the failure path and the answers' schemas are lazily loaded modules: loaded up front so that fake timers need not
// wait for their import
import '../../../lib/api-failure';
import '../api/schemas';
import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { callsOf } from '../testing/payments-fixture';
import { otherAccountNote } from '../lib/stripe-return';
import { SuccessPage } from './success-page';

// /success is the one-time offer's return: a one-time purchase is no subscription (docs/product.md, "Success page")
const PAID_TOAST = 'Thank you! Your Premium Membership is active.';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const member = makeUser({ token: 'saved.token.a', roles: ['Member'] });
const premium = makeUser({
  token: 'fresh.token.b',
  roles: ['Member', 'PremiumMember'],
  cus: null,
  premiumLifetime: true,
});

/** get-session, fulfil, and user-updated-roles answering Member `basicAnswers` times, then premium (or never). */
function serve({ basicAnswers, premiumEver = true }: { basicAnswers: number; premiumEver?: boolean }) {
  let polls = 0;
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path.startsWith('/api/account/get-session/')) return jsonResponse(200, member);
    if (path === '/api/payments/fulfil') return jsonResponse(200, { status: 'already' });
    if (path === '/api/payments/user-updated-roles') {
      polls += 1;
      return jsonResponse(
        200,
        premiumEver && polls > basicAnswers ? premium : { ...member, token: `t.${polls}.x` },
      );
    }
    throw new Error(`unexpected ${path}`);
  });
}

function renderAt(route: string) {
  renderWithProviders(
    <Routes>
      <Route path="/success" element={<SuccessPage />} />
      <Route path="/learn-polish" element={<h1>Learn Polish</h1>} />
      <Route path="/complete-beginner/:slug" element={<h1>The lesson</h1>} />
      <Route path="/" element={<h1>Home</h1>} />
    </Routes>,
    { route },
  );
}

const polls = () => callsOf(fetchMock).filter((c) => c === 'GET /api/payments/user-updated-roles').length;

describe('/success', () => {
  it("shows the product's texts, stores the saved session, fulfils, then polls until premium: toast, stored, the lessons", async () => {
    serve({ basicAnswers: 2 });
    renderAt('/success?from=stripe&userId=handle-success-00000001&session_id=cs_test_s1');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Welcome! You are now a Premium Member' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Please wait...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsOf(fetchMock).slice(0, 3)).toEqual([
      'GET /api/account/get-session/handle-success-00000001',
      'POST /api/payments/fulfil',
      'GET /api/payments/user-updated-roles',
    ]);
    expect(session.get()?.token).toBe('saved.token.a');
    expect(toast.success).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(polls()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(1500));
    expect(polls()).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { level: 1, name: 'Learn Polish' })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith(PAID_TOAST);
    expect(toast.success).toHaveBeenCalledTimes(1);
    expect(session.get()).toEqual(premium);
  });

  it('when premium never arrives: after about 30 s a clear message links to settings, and nobody is logged out', async () => {
    serve({ basicAnswers: 0, premiumEver: false });
    renderAt('/success?from=stripe&userId=handle-success-00000002&session_id=cs_test_s2');
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(screen.getByText('Please wait...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'We have not received the confirmation of your payment yet.',
    );
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/settings');
    expect(screen.queryByText('Please wait...')).not.toBeInTheDocument();
    const asked = polls();
    expect(asked).toBeGreaterThanOrEqual(15);
    expect(asked).toBeLessThanOrEqual(22);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(polls()).toBe(asked);
    expect(session.get()?.token).toBe('saved.token.a');
    expect(toast.info).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('without the return parameters a signed-in user is polled the same way', async () => {
    session.set(member);
    serve({ basicAnswers: 1 });
    renderAt('/success');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { level: 1, name: 'Learn Polish' })).toBeInTheDocument();
    expect(callsOf(fetchMock)).toEqual([
      'GET /api/payments/user-updated-roles',
      'GET /api/payments/user-updated-roles',
    ]);
    expect(toast.success).toHaveBeenCalledWith(PAID_TOAST);
  });

  it('without the parameters and signed out: the texts and a way to the account, no calls', async () => {
    serve({ basicAnswers: 0 });
    renderAt('/success');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Welcome! You are now a Premium Member' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Please log in to your account to see your Premium Membership.'),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failing check is retried rather than ending the wait', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    session.set(member);
    let n = 0;
    fetchMock.mockImplementation(async () => {
      n += 1;
      return n === 1 ? jsonResponse(503, { message: 'busy' }) : jsonResponse(200, premium);
    });
    renderAt('/success');
    await act(() => vi.advanceTimersByTimeAsync(1500));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { level: 1, name: 'Learn Polish' })).toBeInTheDocument();
    expect(session.get()).toEqual(premium);
  });

  describe('login CSRF: a return link of another account (docs/product.md, "Return from checkout")', () => {
    const me = makeUser({ token: 'my.own.token', username: 'ola', roles: ['Member'] });
    const authOf = (path: string) =>
      fetchMock.mock.calls
        .filter(([u]) => String(u).includes(path))
        .map(([, init]) => (init?.headers as Record<string, string>).Authorization);

    it('keeps the signed-in user and token, says the link belongs to another account, and confirms nothing', async () => {
      session.set(me);
      fetchMock.mockImplementation(async (input) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path.startsWith('/api/account/get-session/'))
          return jsonResponse(403, {
            status: 403,
            code: 'session_other_account',
            message: 'This link belongs to another account. You are still signed in with yours.',
          });
        throw new Error(`unexpected ${path}`);
      });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      renderAt('/success?from=stripe&userId=handle-attacker-0000001&session_id=cs_test_attacker');
      await act(() => vi.advanceTimersByTimeAsync(0));
      // the server decided: the handle was sent with the signed-in user's token
      expect(authOf('/get-session/')).toEqual(['Bearer my.own.token']);
      expect(screen.getByRole('alert')).toHaveTextContent(otherAccountNote('ola'));
      expect(otherAccountNote('ola')).toBe(
        'This checkout link belongs to another account. You are still signed in as ola.',
      );
      expect(
        screen.getByRole('heading', { level: 1, name: 'Welcome! You are now a Premium Member' }),
      ).toBeInTheDocument();
      expect(screen.queryByText('Please wait...')).not.toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(31_000));
      // nothing else asked: no fulfilment of the other account's checkout, no refresh that would replace the token
      expect(callsOf(fetchMock)).toEqual(['GET /api/account/get-session/handle-attacker-0000001']);
      expect(session.get()).toEqual(me);
      expect(toast.error).not.toHaveBeenCalled();
      expect(toast.success).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/another account/), expect.anything());
    });

    it("accepts the signed-in user's own handle (the server answers it) and goes on as usual", async () => {
      session.set(me);
      const refreshed = makeUser({ ...premium, username: 'ola', token: 'ola.fresh.token' });
      fetchMock.mockImplementation(async (input) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path.startsWith('/api/account/get-session/'))
          return jsonResponse(200, { ...me, token: 'ola.same.session' });
        if (path === '/api/payments/fulfil') return jsonResponse(200, { status: 'fulfilled' });
        if (path === '/api/payments/user-updated-roles') return jsonResponse(200, refreshed);
        throw new Error(`unexpected ${path}`);
      });
      renderAt('/success?from=stripe&userId=handle-own-000000000001&session_id=cs_test_own');
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(authOf('/get-session/')).toEqual(['Bearer my.own.token']);
      expect(authOf('/payments/fulfil')).toEqual(['Bearer ola.same.session']);
      expect(screen.getByRole('heading', { level: 1, name: 'Learn Polish' })).toBeInTheDocument();
      expect(session.get()).toEqual(refreshed);
      expect(toast.success).toHaveBeenCalledWith(PAID_TOAST);
    });

    it('a browser with nobody signed in takes the user behind the handle, without a token', async () => {
      serve({ basicAnswers: 0 });
      renderAt('/success?from=stripe&userId=handle-anon-00000000001&session_id=cs_test_anon');
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(authOf('/get-session/')).toEqual([undefined]);
      expect(screen.getByRole('heading', { level: 1, name: 'Learn Polish' })).toBeInTheDocument();
      expect(session.get()).toEqual(premium);
    });
  });
});

describe('/success: back to the lesson the buyer was trying to open', () => {
  it('goes to the lesson of ?returnTo= once premium is confirmed', async () => {
    serve({ basicAnswers: 0 });
    renderAt(
      '/success?from=stripe&userId=handle-return-00000001&session_id=cs_test_r1&returnTo=%2Fcomplete-beginner%2Fcomplete-beginner-2',
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { level: 1, name: 'The lesson' })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith(PAID_TOAST);
    expect(toast.success).not.toHaveBeenCalledWith('You subscribed to Premium Membership');
  });

  it.each([
    'https://evil.example/complete-beginner/x',
    '//evil.example/complete-beginner/x',
    '/settings',
    '/complete-beginner/x?y=1',
  ])('ignores a returnTo that is not a lesson of this site (%s): the lessons instead', async (returnTo) => {
    serve({ basicAnswers: 0 });
    renderAt(
      `/success?from=stripe&userId=handle-return-${Math.random().toString(36).slice(2, 10)}&session_id=cs_test_r2&returnTo=${encodeURIComponent(returnTo)}`,
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { level: 1, name: 'Learn Polish' })).toBeInTheDocument();
  });
});

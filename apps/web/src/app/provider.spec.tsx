import { act, render } from '@testing-library/react';
import { session } from '../lib/session';
import { toast } from '../lib/toast';
import { jsonResponse, makeUser } from '../test/fixtures';
import { AppProvider } from './provider';

vi.mock('../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
// the refresh's code loads lazily (provider.tsx); loaded here once, so that the fake clock is not waiting on a module
beforeAll(async () => {
  await import('../lib/user-refresh');
});
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const unauthorised = (code: string, message: string) => jsonResponse(401, { status: 401, code, message });

// the API's texts, for realistic answers only: the app branches on the codes
const NO_USER_LOGGED_IN = 'No user is logged in';
const NO_USER_FOUND = 'No user found';
const SESSION_ENDED = 'Your session has ended. Please log in again.';

function start() {
  return render(
    <AppProvider>
      <p>app</p>
    </AppProvider>,
  );
}

describe('session start: roles refreshed 3 s after start (product.md, Session and start-up)', () => {
  it('calls user-updated-roles with a cache buster and the bearer token after 3 s, and stores the fresh user', async () => {
    session.set(makeUser({ token: 'old.token.x', roles: ['Member'] }));
    const fresh = makeUser({
      token: 'new.token.y',
      roles: ['Member', 'PremiumMember'],
      cus: '2027-11-22T12:00:00.000Z',
    });
    fetchMock.mockResolvedValue(jsonResponse(200, fresh));
    start();
    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toMatch(/^\/api\/payments\/user-updated-roles\?cacheBuster=\d+$/);
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer old.token.x');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(session.get()).toEqual(fresh);
  });

  it.each([
    ['not_signed_in', NO_USER_LOGGED_IN],
    ['user_not_found', NO_USER_FOUND],
    // the code decides, not the text
    ['not_signed_in', SESSION_ENDED],
  ])("401 %s ('%s') is ignored silently: the stored user stays, no toast", async (code, message) => {
    const stored = makeUser();
    session.set(stored);
    fetchMock.mockResolvedValue(unauthorised(code, message));
    start();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(session.get()).toEqual(stored);
    expect(toast.error).not.toHaveBeenCalled();
    expect(toast.info).not.toHaveBeenCalled();
  });

  it.each([SESSION_ENDED, 'Any other words'])(
    "a session ended elsewhere (session_expired, '%s') logs out with 'Please log in to your account'",
    async (message) => {
      session.set(makeUser());
      fetchMock.mockResolvedValue(unauthorised('session_expired', message));
      start();
      await act(() => vi.advanceTimersByTimeAsync(3000));
      expect(session.get()).toBeNull();
      expect(toast.info).toHaveBeenCalledWith('Please log in to your account');
      expect(toast.error).not.toHaveBeenCalled();
    },
  );

  it('a 401 without a code is not taken for an ended session: logged, and the stored user kept', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stored = makeUser();
    session.set(stored);
    fetchMock.mockResolvedValue(jsonResponse(401, { status: 401, message: SESSION_ENDED }));
    start();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(session.get()).toEqual(stored);
    expect(toast.info).not.toHaveBeenCalled();
    expect(consoleError).toHaveBeenCalled();
  });

  it('a logout while the request runs wins: the answer is dropped', async () => {
    session.set(makeUser());
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (answer = r)));
    start();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    act(() => session.clear());
    answer(jsonResponse(200, makeUser({ token: 'new.token.y' })));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(session.get()).toBeNull();
  });

  it('a server failure is logged and the stored user kept', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stored = makeUser();
    session.set(stored);
    fetchMock.mockResolvedValue(jsonResponse(500, { status: 500, code: 'internal_error', message: 'x' }));
    start();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(consoleError).toHaveBeenCalled();
    expect(session.get()).toEqual(stored);
  });

  it('nobody signed in: no call', async () => {
    start();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('unmounted before 3 s: no call', async () => {
    session.set(makeUser());
    const view = start();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

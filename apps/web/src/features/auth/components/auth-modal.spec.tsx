import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import userEvent from '@testing-library/user-event';
import { SESSION_STORAGE_KEY } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AuthModal } from './auth-modal';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

describe("AuthModal 'Log in or register'", () => {
  it('shows the login form with a Forgot Password? link', () => {
    renderWithProviders(<AuthModal open onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Log in or register' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByLabelText('Username or Email')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it("'Create an Account' switches to the 'Sign up' form; Cancel closes", async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(<AuthModal open onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Create an Account' }));
    expect(screen.getByRole('dialog', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("opens with the 'Sign up' form when asked (a visitor's \"Join 5000+ learners\")", () => {
    renderWithProviders(<AuthModal open view="register" onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email Address')).toBeInTheDocument();
  });

  it('logs in with trimmed values, stores the user, toasts and closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const signedIn = makeUser();
    fetchMock.mockResolvedValue(jsonResponse(200, signedIn));
    renderWithProviders(<AuthModal open onClose={onClose} />);
    const login = screen.getByRole('button', { name: 'Login' });
    expect(login).toBeDisabled();
    await user.type(screen.getByLabelText('Username or Email'), '  ola  ');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(login);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/account/login');
    expect(JSON.parse(String(init?.body))).toEqual({ usernameOrEmail: 'ola', password: 'secret1' });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(signedIn);
    expect(toast.success).toHaveBeenCalledWith('You have successfully logged in');
  });

  it('on failure toasts "Login failed. Please check your credentials." and stays open', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    fetchMock.mockResolvedValue(
      jsonResponse(401, { status: 401, code: 'invalid_credentials', message: 'Wrong username or password' }),
    );
    renderWithProviders(<AuthModal open onClose={onClose} />);
    await user.type(screen.getByLabelText('Username or Email'), 'ola');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Login failed. Please check your credentials.'),
    );
    expect(await screen.findByText('Wrong username or password')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("wrong credentials: exactly one toast, 'Login failed. Please check your credentials.' (no central 'Unauthorised')", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      jsonResponse(401, {
        status: 401,
        code: 'invalid_credentials',
        message: 'Invalid username/email or password',
      }),
    );
    renderWithProviders(<AuthModal open onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Username or Email'), 'ola');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid username/email or password')).toBeInTheDocument();
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Login failed. Please check your credentials.');
  });

  it('slowed down after failed attempts (429): the server message under the form, and no toast beside it', async () => {
    const user = userEvent.setup();
    const message = 'Too many failed login attempts. Please try again later.';
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ status: 429, code: 'rate_limited', message }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '60' },
      }),
    );
    renderWithProviders(<AuthModal open onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Username or Email'), 'ola');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByTestId('server-errors')).toHaveTextContent(message);
    expect(toast.error).not.toHaveBeenCalled();
  });

  describe('no answer (offline, or the server out of reach)', () => {
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    afterEach(() => {
      if (online) Object.defineProperty(Navigator.prototype, 'onLine', online);
    });
    function goOffline() {
      Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
    }

    async function submitLogin() {
      const user = userEvent.setup();
      const onClose = vi.fn();
      renderWithProviders(<AuthModal open onClose={onClose} />);
      await user.type(screen.getByLabelText('Username or Email'), 'ola');
      await user.type(screen.getByLabelText('Password'), 'secret1');
      await user.click(screen.getByRole('button', { name: 'Login' }));
      return onClose;
    }

    it('offline: says so under the form, no "check your credentials", no toast, and the form can be sent again', async () => {
      goOffline();
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      const onClose = await submitLogin();
      expect(await screen.findByTestId('server-errors')).toHaveTextContent(
        'You seem to be offline. Check your connection and try again.',
      );
      expect(screen.queryByText(/check your credentials/)).not.toBeInTheDocument();
      expect(toast.error).not.toHaveBeenCalled();
      expect(onClose).not.toHaveBeenCalled();
      // not paused until the network returns: the request was made, and the form is ready again
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    });

    it('online but no answer: the server could not be reached (not a refusal either)', async () => {
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      await submitLogin();
      expect(await screen.findByTestId('server-errors')).toHaveTextContent(
        'The server could not be reached. Please try again in a moment.',
      );
      expect(toast.error).not.toHaveBeenCalled();
    });
  });

  it('other failures keep the central handling (a 404 still toasts) and add the login message', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(jsonResponse(404, { status: 404, code: 'not_found', message: 'nope' }));
    renderWithProviders(<AuthModal open onClose={vi.fn()} />);
    await user.type(screen.getByLabelText('Username or Email'), 'ola');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Login failed. Please check your credentials.'),
    );
    expect(toast.error).toHaveBeenCalledWith('Something went wrong');
  });
});

describe('the welcome after sign-up', () => {
  async function signUpAt(route: string) {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(jsonResponse(200, makeUser({ username: 'ola' })));
    function Where() {
      return <output data-testid="where">{useLocation().pathname}</output>;
    }
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <AuthModal open onClose={onClose} />
        <Where />
      </>,
      { route },
    );
    await user.click(screen.getByRole('button', { name: 'Create an Account' }));
    await user.type(screen.getByLabelText('Username'), 'ola');
    await user.type(screen.getByLabelText('Email Address'), 'ola@example.test');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    // the form closes 1.5 s after the account is made
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 3000 });
    return screen.getByTestId('where');
  }

  it('takes a new account from the home page to the welcome once the form has closed', async () => {
    const where = await signUpAt('/');
    await waitFor(() => expect(where).toHaveTextContent(/^\/welcome$/));
  });

  it('leaves a learner who signed up on a lesson on that lesson', async () => {
    expect(await signUpAt('/complete-beginner/complete-beginner-1')).toHaveTextContent(
      /^\/complete-beginner\/complete-beginner-1$/,
    );
  });
});

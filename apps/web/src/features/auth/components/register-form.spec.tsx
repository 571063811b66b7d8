import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NATIVE_LANGUAGES } from '@polski/contracts';
import { SESSION_STORAGE_KEY } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { RegisterForm } from './register-form';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label);

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Username'), 'ola');
  await user.type(field('Email Address'), 'ola@example.test');
  await user.type(field('Password'), 'secret1');
  await user.type(field('Confirm Password'), 'secret1');
}

describe('RegisterForm', () => {
  it("shows the 'Sign up' heading, the four fields and the native-language list (29, default en)", () => {
    renderWithProviders(<RegisterForm />);
    expect(screen.getByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    const select = screen.getByLabelText('Choose Your Native Language:') as HTMLSelectElement;
    expect(within(select).getAllByRole('option')).toHaveLength(NATIVE_LANGUAGES.length);
    expect(NATIVE_LANGUAGES).toHaveLength(29);
    expect(select.value).toBe('en');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('shows no error before a field is touched, and the spec message once it is', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm />);
    expect(screen.queryByText('Please enter Username')).not.toBeInTheDocument();
    await user.click(field('Username'));
    await user.tab();
    expect(screen.getByText('Please enter Username')).toBeInTheDocument();
    expect(field('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Please enter Email Address')).not.toBeInTheDocument();
  });

  it('uses the spec messages for length and for a confirmation that does not match, re-checked on password change', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm />);
    await user.type(field('Password'), 'abc');
    await user.tab();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    await user.clear(field('Password'));
    await user.type(field('Password'), 'a'.repeat(25));
    expect(screen.getByText('Password must be at most 24 characters')).toBeInTheDocument();

    await user.clear(field('Password'));
    await user.type(field('Password'), 'secret1');
    await user.type(field('Confirm Password'), 'secret2');
    await user.tab();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    // changing the password re-checks the confirmation
    await user.clear(field('Password'));
    await user.type(field('Password'), 'secret2');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });

  it('trims username and email as they are typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm />);
    await user.type(field('Username'), '  ola ');
    await user.type(field('Email Address'), ' ola@example.test ');
    expect(field('Username')).toHaveValue('ola');
    expect(field('Email Address')).toHaveValue('ola@example.test');
  });

  it('keeps Sign up disabled while the form is invalid', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm />);
    const submit = screen.getByRole('button', { name: 'Sign up' });
    expect(submit).toBeDisabled();
    await user.type(field('Username'), 'ola');
    await user.type(field('Email Address'), 'ola@example.test');
    await user.type(field('Password'), 'secret1');
    expect(submit).toBeDisabled();
    await user.type(field('Confirm Password'), 'secret1');
    expect(submit).toBeEnabled();
  });

  it('lists the server errors under the form and lets the user try again', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        status: 400,
        code: 'validation_failed',
        title: 'One or more validation errors occurred.',
        errors: { username: ['Username is already taken'], email: ['Email Address is already registered'] },
      }),
    );
    renderWithProviders(<RegisterForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    const list = await screen.findByTestId('server-errors');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Username is already taken', 'Email Address is already registered']);
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("refuses, before sending, a password equal to the username or email or one repeated character (the API's messages)", async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm />);
    const submit = screen.getByRole('button', { name: 'Sign up' });
    await user.type(field('Username'), 'Ola_Kot');
    await user.type(field('Email Address'), 'ola.kot@example.test');
    const tryPassword = async (password: string) => {
      await user.clear(field('Password'));
      await user.clear(field('Confirm Password'));
      await user.type(field('Password'), password);
      await user.type(field('Confirm Password'), password);
      await user.tab();
    };
    await tryPassword('ola_kot');
    expect(screen.getByText('Password must not be the same as the username')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await tryPassword('OLA.KOT');
    expect(
      screen.getByText('Password must not be the same as the email address or the part before the @'),
    ).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await tryPassword('7777777');
    expect(screen.getByText('Password must not be one character repeated')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await tryPassword('Kot-w-butach-9');
    expect(submit).toBeEnabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists a look-alike username refusal and a sign-up slow-down under the form, with no central toast', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(400, {
          status: 400,
          code: 'username_confusable',
          message: 'This username looks too much like an existing one. Please choose another.',
          errors: { username: ['This username looks too much like an existing one. Please choose another.'] },
        }),
      )
      .mockResolvedValueOnce(
        jsonResponse(429, {
          status: 429,
          code: 'rate_limited',
          message: 'Too many sign-up attempts. Please try again later.',
        }),
      );
    renderWithProviders(<RegisterForm />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByTestId('server-errors')).toHaveTextContent(
      'This username looks too much like an existing one. Please choose another.',
    );
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() =>
      expect(screen.getByTestId('server-errors')).toHaveTextContent(
        'Too many sign-up attempts. Please try again later.',
      ),
    );
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('on success: stores the user, toasts, closes after 1.5 s and sends the confirmation toast 5 s later', async () => {
    const user = userEvent.setup();
    const created = makeUser({ username: 'ola' });
    fetchMock.mockResolvedValue(jsonResponse(200, created));
    const onClose = vi.fn();
    renderWithProviders(<RegisterForm onClose={onClose} />);
    await fillValid(user);
    await user.selectOptions(field('Choose Your Native Language:'), 'de');

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    await act(() => vi.advanceTimersByTimeAsync(0));

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/account/register');
    expect(JSON.parse(String(init?.body))).toEqual({
      username: 'ola',
      email: 'ola@example.test',
      lang: 'de',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null')).toEqual(created);
    expect(toast.success).toHaveBeenCalledWith('You have successfully registered');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(1499));
    expect(onClose).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(toast.success).not.toHaveBeenCalledWith('Email confirmation link has been sent to your inbox');
    await act(() => vi.advanceTimersByTimeAsync(3500));
    expect(toast.success).toHaveBeenCalledWith('Email confirmation link has been sent to your inbox');
  });

  it("premium variant: no heading, a 'Proceed to Payment' button and onRegistered after 2 s", async () => {
    const user = userEvent.setup();
    const created = makeUser();
    fetchMock.mockResolvedValue(jsonResponse(200, created));
    const onRegistered = vi.fn();
    renderWithProviders(<RegisterForm variant="premium" onRegistered={onRegistered} />);
    expect(screen.queryByRole('heading', { name: 'Sign up' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await fillValid(user);

    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await act(() => vi.advanceTimersByTimeAsync(1999));
    expect(onRegistered).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onRegistered).toHaveBeenCalledWith(created);
  });
});

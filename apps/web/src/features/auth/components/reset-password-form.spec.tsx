import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ResetPasswordForm } from './reset-password-form';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

const field = (label: string) => screen.getByLabelText(label);

function renderForm({
  token = 'tok-123',
  userid = 'user-1',
}: { token?: string | null; userid?: string | null } = {}) {
  const onReset = vi.fn();
  renderWithProviders(<ResetPasswordForm token={token} userid={userid} onReset={onReset} />);
  return { onReset, submit: screen.getByRole('button', { name: 'Reset Password' }) };
}

describe('ResetPasswordForm', () => {
  it('has a password and a confirm password field, and Reset Password is disabled while empty', () => {
    const { submit } = renderForm();
    expect(field('Password')).toHaveAttribute('type', 'password');
    expect(field('Confirm Password')).toHaveAttribute('type', 'password');
    expect(submit).toBeDisabled();
  });

  it('shows the spec messages once touched: required, 6 to 24 characters, passwords equal', async () => {
    const user = userEvent.setup();
    const { submit } = renderForm();
    await user.click(field('Password'));
    await user.tab();
    expect(screen.getByText('Please enter Password')).toBeInTheDocument();
    expect(screen.queryByText('Please enter Confirm Password')).not.toBeInTheDocument();
    await user.type(field('Password'), 'abc');
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
    await user.clear(field('Password'));
    await user.type(field('Password'), 'x'.repeat(25));
    expect(screen.getByText('Password must be at most 24 characters')).toBeInTheDocument();
    await user.clear(field('Password'));
    await user.type(field('Password'), 'new-secret-1');
    await user.type(field('Confirm Password'), 'new-secret-2');
    await user.tab();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    // re-checked when the password changes
    await user.clear(field('Password'));
    await user.type(field('Password'), 'new-secret-2');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
    expect(submit).toBeEnabled();
  });

  it("sends password, confirmPassword, token and userid; toasts 'The Password has been reset', clears a stored user, goes on", async () => {
    const user = userEvent.setup();
    session.set(makeUser());
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'The Password has been reset' }));
    const { onReset, submit } = renderForm({ token: 'tok-123', userid: 'user-1' });
    await user.type(field('Password'), 'new-secret-1');
    await user.type(field('Confirm Password'), 'new-secret-1');
    await user.click(submit);
    await waitFor(() => expect(onReset).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/account/resetpassword');
    expect(JSON.parse(String(init?.body))).toEqual({
      password: 'new-secret-1',
      confirmPassword: 'new-secret-1',
      token: 'tok-123',
      userid: 'user-1',
    });
    expect(toast.success).toHaveBeenCalledWith('The Password has been reset');
    expect(session.get()).toBeNull();
  });

  it("a bad or used link: one toast 'Unable to reset password' and the server's message under the form", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        status: 400,
        code: 'invalid_link',
        message: 'The link is invalid or has expired. Please ask for a new one.',
      }),
    );
    const { onReset, submit } = renderForm();
    await user.type(field('Password'), 'new-secret-1');
    await user.type(field('Confirm Password'), 'new-secret-1');
    await user.click(submit);
    const list = await screen.findByTestId('server-errors');
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      'The link is invalid or has expired. Please ask for a new one.',
    );
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Unable to reset password');
    expect(onReset).not.toHaveBeenCalled();
  });

  it('server validation messages are listed under the form', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        status: 400,
        code: 'validation_failed',
        title: 'One or more validation errors occurred.',
        errors: { password: ['This password is too common. Please choose another.'] },
      }),
    );
    const { submit } = renderForm();
    await user.type(field('Password'), 'password');
    await user.type(field('Confirm Password'), 'password');
    await user.click(submit);
    const list = await screen.findByTestId('server-errors');
    expect(list).toHaveTextContent('This password is too common. Please choose another.');
    expect(toast.error).toHaveBeenCalledWith('Unable to reset password');
  });

  it('refuses one repeated character before sending, and lists a slow-down under the form', async () => {
    const user = userEvent.setup();
    const { submit } = renderForm();
    await user.type(field('Password'), 'xxxxxxxx');
    await user.tab();
    expect(screen.getByText('Password must not be one character repeated')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    fetchMock.mockResolvedValue(
      jsonResponse(429, {
        status: 429,
        code: 'rate_limited',
        message: 'Too many requests. Please try again later.',
      }),
    );
    await user.clear(field('Password'));
    await user.type(field('Password'), 'new-secret-1');
    await user.type(field('Confirm Password'), 'new-secret-1');
    await user.click(submit);
    expect(await screen.findByTestId('server-errors')).toHaveTextContent(
      'Too many requests. Please try again later.',
    );
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(toast.error).toHaveBeenCalledWith('Unable to reset password');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from '../../../lib/toast';
import { jsonResponse } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ForgotPasswordForm } from './forgot-password-form';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

describe('ForgotPasswordForm', () => {
  it("has an email field of type email; 'Send Reset Link' posts the trimmed email and toasts 'Reset link has been sent'", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'Reset link has been sent' }));
    renderWithProviders(<ForgotPasswordForm />);
    const email = screen.getByLabelText('Email Address');
    expect(email).toHaveAttribute('type', 'email');
    const send = screen.getByRole('button', { name: 'Send Reset Link' });
    expect(send).toBeDisabled();
    await user.type(email, ' ola@example.test ');
    await user.click(send);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Reset link has been sent'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/account/forgotpassword');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ola@example.test' });
  });

  it('a failure is only logged: no success toast', async () => {
    const user = userEvent.setup();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(jsonResponse(500, { status: 500, code: 'internal_error', message: 'x' }));
    renderWithProviders(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Email Address'), 'ola@example.test');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(toast.success).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows a message for an address that is not an email once touched', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Email Address'), 'not-an-email');
    await user.tab();
    expect(screen.getByText('Please enter a valid Email Address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeDisabled();
  });
});

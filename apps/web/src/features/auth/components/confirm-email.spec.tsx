import { StrictMode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../../lib/query-client';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ConfirmEmail } from './confirm-email';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

const TEXT = 'Your email address has been verified. You can now access all features of your account.';

function expectSuccessPage() {
  expect(screen.getByText(TEXT)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Start Learning Polish' })).toHaveAttribute(
    'href',
    '/learn-polish',
  );
}

const posts = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/account/confirmemail');

describe('ConfirmEmail', () => {
  it("posts {token, userid} once, also under StrictMode, and toasts 'Email Confirmed'", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'Email Confirmed' }));
    // StrictMode at the root, as in main.tsx: React runs mount effects twice only there
    render(
      <StrictMode>
        <QueryClientProvider client={createQueryClient()}>
          <MemoryRouter>
            <ConfirmEmail token="tok-1" userid="user-1" />
          </MemoryRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
    expectSuccessPage();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Email Confirmed'));
    expect(posts()).toHaveLength(1);
    expect(JSON.parse(String(posts()[0][1]?.body))).toEqual({ token: 'tok-1', userid: 'user-1' });
    expect(toast.success).toHaveBeenCalledTimes(1);
  });

  it("shows success and 'Email Confirmed' even when the call fails (product.md, Confirm-email page)", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        status: 400,
        code: 'invalid_link',
        message: 'The link is invalid or has expired.',
      }),
    );
    renderWithProviders(<ConfirmEmail token="bad" userid="user-1" />);
    expectSuccessPage();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Email Confirmed'));
    expectSuccessPage();
  });

  it('shows success also when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithProviders(<ConfirmEmail token="tok" userid="user-1" />);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Email Confirmed'));
    expectSuccessPage();
  });

  it('without token or userid it shows the page and makes no call', async () => {
    renderWithProviders(<ConfirmEmail token={null} userid="user-1" />);
    expectSuccessPage();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Email Confirmed'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('signed in: after a confirmation the stored user is refreshed from the server and onConfirmed runs', async () => {
    session.set(makeUser({ emailConfirmed: false, token: 'old.token.value' }));
    const fresh = makeUser({ emailConfirmed: true, token: 'new.token.value' });
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/payments/user-updated-roles')
        ? jsonResponse(200, fresh)
        : jsonResponse(200, { message: 'Email Confirmed' }),
    );
    const onConfirmed = vi.fn();
    renderWithProviders(<ConfirmEmail token="tok" userid="user-1" onConfirmed={onConfirmed} />);
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledTimes(1));
    expect(session.get()).toEqual(fresh);
  });

  it('signed in but the link failed: the stored user is left alone', async () => {
    const stored = makeUser({ emailConfirmed: false });
    session.set(stored);
    fetchMock.mockResolvedValue(
      jsonResponse(400, { status: 400, code: 'invalid_link', message: 'Bad link' }),
    );
    const onConfirmed = vi.fn();
    renderWithProviders(<ConfirmEmail token="tok" userid="user-1" onConfirmed={onConfirmed} />);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Email Confirmed'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onConfirmed).not.toHaveBeenCalled();
    expect(session.get()).toEqual(stored);
  });
});

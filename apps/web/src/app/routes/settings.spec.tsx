import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TSettingsResponse } from '@polski/contracts';
import { queryClient } from '../../lib/query-client';
import { session } from '../../lib/session';
import { jsonResponse, makeUser } from '../../test/fixtures';
import { routes } from '../router';

vi.mock('../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
/** The calls of the page itself (the layout also asks for /api/payments/config, for its test-mode marker). */
// the page's own requests, not the layout's (the test-mode marker's payments config, the header's streak and goal,
// which a signed-in learner's header asks for while the page's code loads)
const pageCalls = () =>
  fetchMock.mock.calls.filter(([url]) => !/\/payments\/config|\/learning\/progress/.test(String(url)));
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

const settings: TSettingsResponse = {
  username: 'ola',
  emailAddress: 'ola@example.test',
  emailConfirmed: true,
  roles: ['Member'],
  premiumExpirationDate: null,
  premiumLifetime: false,
  chosenNativeLanguage: 'en',
  hasBillingAccount: false,
};

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('/settings route', () => {
  it('signed in: the loader fetches the settings once (and the reminders box its learner settings) and the page renders them', async () => {
    session.set(makeUser());
    fetchMock.mockImplementation(async () => jsonResponse(200, settings));
    renderAt('/settings');
    expect(
      await screen.findByText('Your email has been confirmed', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    // the account's settings once, and the learner settings once for the review reminders' opt-in
    await waitFor(() =>
      expect(pageCalls().map(([url]) => String(url))).toEqual([
        '/api/account/settings',
        '/api/learning/settings',
      ]),
    );
  });

  it('logged out: asks to sign in, opens the login dialog, and shows the settings after signing in', async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => jsonResponse(200, settings));
    renderAt('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 5000 });
    expect(screen.getByText('Please log in to see and change your account settings.')).toBeInTheDocument();
    expect(pageCalls()).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Log in or register' }));
    expect(await screen.findByRole('dialog', { name: 'Log in or register' })).toBeInTheDocument();
    act(() => session.set(makeUser()));
    expect(
      await screen.findByText('Your email has been confirmed', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});

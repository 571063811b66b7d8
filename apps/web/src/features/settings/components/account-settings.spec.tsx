import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NATIVE_LANGUAGES, type TSettingsResponse } from '@polski/contracts';
import { applyLanguage } from '../../../lib/i18n/i18n';
import DE from '../../../locales/de.json';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AccountSettings } from './account-settings';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

function makeSettings(overrides: Partial<TSettingsResponse> = {}): TSettingsResponse {
  return {
    username: 'ola',
    emailAddress: 'ola@example.test',
    emailConfirmed: false,
    roles: ['Member'],
    premiumExpirationDate: null,
    premiumLifetime: false,
    chosenNativeLanguage: 'en',
    hasBillingAccount: false,
    ...overrides,
  };
}

const LEARNER_SETTINGS = {
  timeZone: 'UTC',
  goalKind: 'items',
  goalAmount: 20,
  newPerDay: 10,
  reviewsPerDay: 100,
  reviewReminders: false,
};

/** Answers GET settings with `settings`, and other calls from `routes` (path -> response). */
function serve(settings: TSettingsResponse, routes: Record<string, () => Response> = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    if (key === 'GET /api/account/settings') return jsonResponse(200, settings);
    // the review reminders' section (data-rights.spec.tsx tests it)
    if (key === 'GET /api/learning/settings' && !routes[key]) return jsonResponse(200, LEARNER_SETTINGS);
    const answer = routes[key];
    if (!answer) throw new Error(`unexpected ${key}`);
    return answer();
  });
}

async function renderSettings(
  settings: TSettingsResponse,
  routes?: Record<string, () => Response>,
  accountHeading = 'Account',
) {
  session.set(makeUser({ username: settings.username }));
  serve(settings, routes);
  const navigateTo = vi.fn();
  const view = renderWithProviders(<AccountSettings username={settings.username} navigateTo={navigateTo} />);
  await screen.findByRole('heading', { name: accountHeading });
  return { ...view, navigateTo };
}

const calls = (key: string) =>
  fetchMock.mock.calls.filter(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}` === key);

describe('Settings page', () => {
  it('shows a loading state, then username, email address and the data from GET /api/account/settings', async () => {
    session.set(makeUser({ token: 'abc.def.ghi' }));
    serve(makeSettings({ username: 'ola', emailAddress: 'ola@example.test' }));
    renderWithProviders(<AccountSettings username="ola" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your settings…');
    await screen.findByRole('heading', { name: 'Account' });
    expect(screen.getByText('ola')).toBeInTheDocument();
    expect(screen.getByText('ola@example.test')).toBeInTheDocument();
    const [, init] = fetchMock.mock.calls[0];
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer abc.def.ghi');
  });

  it("Basic: plan 'Basic' with an 'Upgrade to Premium?' link to /premium-member and no 'Premium Access Until'", async () => {
    await renderSettings(makeSettings());
    expect(screen.getByTestId('plan')).toHaveTextContent('Basic');
    expect(screen.getByRole('link', { name: 'Upgrade to Premium?' })).toHaveAttribute(
      'href',
      '/premium-member',
    );
    expect(screen.queryByText('Premium Access Until')).not.toBeInTheDocument();
  });

  it("yearly premium: 'Premium Member', no upgrade link, and the expiry as a long en-US date", async () => {
    await renderSettings(
      makeSettings({ roles: ['Member', 'PremiumMember'], premiumExpirationDate: '2027-11-22T12:00:00.000Z' }),
    );
    expect(screen.getByTestId('plan')).toHaveTextContent('Premium Member');
    expect(screen.queryByRole('link', { name: 'Upgrade to Premium?' })).not.toBeInTheDocument();
    expect(screen.getByText('Premium Access Until')).toBeInTheDocument();
    expect(screen.getByTestId('premium-until')).toHaveTextContent(/^November 22, 2027$/);
  });

  it('in German and Arabic: the page, its plan and the expiry date in the learner’s language (Intl)', async () => {
    try {
      await applyLanguage('de');
      await renderSettings(
        makeSettings({
          roles: ['Member', 'PremiumMember'],
          premiumExpirationDate: '2027-11-22T12:00:00.000Z',
        }),
        undefined,
        'Konto',
      );
      expect(screen.getByRole('heading', { name: 'Mitgliedschaft' })).toBeInTheDocument();
      expect(screen.getByTestId('plan')).toHaveTextContent(/^Premium-Mitglied$/);
      expect(screen.getByText('Premium-Zugang bis')).toBeInTheDocument();
      expect(screen.getByTestId('premium-until')).toHaveTextContent(/^22\. November 2027$/);
      expect(screen.getByRole('button', { name: 'Überall abmelden' })).toBeInTheDocument();
      cleanup();
      await applyLanguage('ar');
      await renderSettings(
        makeSettings({
          roles: ['Member', 'PremiumMember'],
          premiumExpirationDate: '2027-11-22T12:00:00.000Z',
        }),
        undefined,
        'الحساب',
      );
      expect(screen.getByTestId('premium-until')).toHaveTextContent(
        new Intl.DateTimeFormat('ar', { dateStyle: 'long' }).format(new Date('2027-11-22T12:00:00.000Z')),
      );
      expect(screen.getByTestId('premium-until').textContent).toMatch(/نوفمبر/);
      expect(document.documentElement.dir).toBe('rtl');
    } finally {
      await applyLanguage('en');
    }
  });

  it("lifetime premium: 'Premium Access Until' shows 'Forever'", async () => {
    await renderSettings(makeSettings({ roles: ['Member', 'PremiumMember'], premiumLifetime: true }));
    expect(screen.getByTestId('plan')).toHaveTextContent('Premium Member');
    expect(screen.getByTestId('premium-until')).toHaveTextContent(/^Forever$/);
  });

  it('access that ended (no PremiumMember, no date): Basic, the row hidden', async () => {
    await renderSettings(
      makeSettings({ roles: ['Member'], premiumExpirationDate: null, premiumLifetime: false }),
    );
    expect(screen.getByTestId('plan')).toHaveTextContent('Basic');
    expect(screen.queryByTestId('premium-until')).not.toBeInTheDocument();
  });

  it("'Billing and Subscription' is disabled without a billing account", async () => {
    await renderSettings(makeSettings({ hasBillingAccount: false }));
    const billing = screen.getByRole('button', { name: 'Billing and Subscription' });
    expect(billing).toBeDisabled();
    expect(billing).toHaveAccessibleDescription('Billing becomes available after your first purchase.');
  });

  it("'Billing and Subscription' with a billing account opens the customer portal's URL", async () => {
    const user = userEvent.setup();
    const { navigateTo } = await renderSettings(makeSettings({ hasBillingAccount: true }), {
      'GET /api/payments/customer-portal': () =>
        jsonResponse(200, { url: 'https://billing.example.test/p/1' }),
    });
    const billing = screen.getByRole('button', { name: 'Billing and Subscription' });
    expect(billing).toBeEnabled();
    await user.click(billing);
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('https://billing.example.test/p/1'));
  });

  it('a customer-portal failure is logged and goes nowhere', async () => {
    const user = userEvent.setup();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { navigateTo } = await renderSettings(makeSettings({ hasBillingAccount: true }), {
      'GET /api/payments/customer-portal': () =>
        jsonResponse(500, { status: 500, code: 'internal_error', message: 'x' }),
    });
    await user.click(screen.getByRole('button', { name: 'Billing and Subscription' }));
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it("confirmed email: 'Your email has been confirmed' and no send button", async () => {
    await renderSettings(makeSettings({ emailConfirmed: true }));
    expect(screen.getByText('Your email has been confirmed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Email Confirmation Link' })).not.toBeInTheDocument();
  });

  it("unconfirmed email: 'Send Email Confirmation Link' posts and toasts 'Email confirmation link has been sent'", async () => {
    const user = userEvent.setup();
    await renderSettings(makeSettings({ emailConfirmed: false }), {
      'POST /api/account/sendemailconfirmationlink': () =>
        jsonResponse(200, { message: 'Email confirmation link has been sent' }),
    });
    expect(screen.queryByText('Your email has been confirmed')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Email Confirmation Link' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Email confirmation link has been sent'));
    expect(calls('POST /api/account/sendemailconfirmationlink')).toHaveLength(1);
  });

  it("a refused confirmation link: one toast 'Unable to send email confirmation link' with the server's reason", async () => {
    const user = userEvent.setup();
    await renderSettings(makeSettings({ emailConfirmed: false }), {
      'POST /api/account/sendemailconfirmationlink': () =>
        jsonResponse(400, {
          status: 400,
          code: 'email_already_confirmed',
          message: 'Your email address is already confirmed',
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Send Email Confirmation Link' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Your email address is already confirmed',
        'Unable to send email confirmation link',
      ),
    );
    expect(toast.error).toHaveBeenCalledTimes(1);
    // "already confirmed": the page was out of date, so the settings are asked for again
    await waitFor(() => expect(calls('GET /api/account/settings')).toHaveLength(2));
  });

  it('too many links (rate_limited): the reason under the same title; the settings are not asked for again', async () => {
    const user = userEvent.setup();
    await renderSettings(makeSettings({ emailConfirmed: false }), {
      'POST /api/account/sendemailconfirmationlink': () =>
        jsonResponse(429, { status: 429, code: 'rate_limited', message: 'Please wait before asking again' }),
    });
    await user.click(screen.getByRole('button', { name: 'Send Email Confirmation Link' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Please wait before asking again',
        'Unable to send email confirmation link',
      ),
    );
    expect(calls('GET /api/account/settings')).toHaveLength(1);
  });

  it('the reason is shown by code, not by status: a 400 of another kind gets the plain toast', async () => {
    const user = userEvent.setup();
    await renderSettings(makeSettings({ emailConfirmed: false }), {
      'POST /api/account/sendemailconfirmationlink': () =>
        jsonResponse(400, {
          status: 400,
          code: 'bad_request',
          message: 'Your email address is already confirmed',
        }),
    });
    await user.click(screen.getByRole('button', { name: 'Send Email Confirmation Link' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Unable to send email confirmation link'));
    expect(toast.error).toHaveBeenCalledTimes(1);
    expect(calls('GET /api/account/settings')).toHaveLength(1);
  });

  it("the language selector lists the 29 languages with the chosen one selected; 'Change Language' saves it", async () => {
    const user = userEvent.setup();
    let saved = 'fr';
    fetchMock.mockImplementation(async (input, init) => {
      const key = `${init?.method ?? 'GET'} ${String(input)}`;
      if (key === 'GET /api/account/settings')
        return jsonResponse(200, makeSettings({ chosenNativeLanguage: saved }));
      if (key === 'PUT /api/account/changelanguage') {
        saved = JSON.parse(String(init?.body)).newLanguage;
        return jsonResponse(200, { message: 'Language changed successfully' });
      }
      throw new Error(`unexpected ${key}`);
    });
    session.set(makeUser({ lang: 'fr' }));
    renderWithProviders(<AccountSettings username="ola" />);
    const select = (await screen.findByLabelText('Choose Your Native Language:')) as HTMLSelectElement;
    expect(within(select).getAllByRole('option')).toHaveLength(NATIVE_LANGUAGES.length);
    expect(select.value).toBe('fr');
    await user.selectOptions(select, 'de');
    await user.click(screen.getByRole('button', { name: 'Change Language' }));
    // said in the language just chosen: the interface has switched to it first
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(DE['settings.languageChanged']));
    expect(document.documentElement.lang).toBe('de');
    expect(JSON.parse(String(calls('PUT /api/account/changelanguage')[0][1]?.body))).toEqual({
      newLanguage: 'de',
    });
    expect(session.get()?.lang).toBe('de');
    // the settings are read again from the server
    await waitFor(() => expect(calls('GET /api/account/settings')).toHaveLength(2));
    expect(select.value).toBe('de');
    await applyLanguage('en');
  });

  it("a failed language change toasts 'Error changing language' and keeps the stored language", async () => {
    const user = userEvent.setup();
    await renderSettings(makeSettings(), {
      'PUT /api/account/changelanguage': () =>
        jsonResponse(500, { status: 500, code: 'internal_error', message: 'x' }),
    });
    await user.selectOptions(screen.getByLabelText('Choose Your Native Language:'), 'de');
    await user.click(screen.getByRole('button', { name: 'Change Language' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Error changing language'));
    expect(session.get()?.lang).toBe('en');
  });

  it('a settings request that fails shows an error with a way to try again', async () => {
    const user = userEvent.setup();
    session.set(makeUser());
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { status: 500, code: 'internal_error', message: 'x' }));
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { status: 500, code: 'internal_error', message: 'x' }));
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { status: 500, code: 'internal_error', message: 'x' }));
    renderWithProviders(<AccountSettings username="ola" />);
    expect(
      await screen.findByText('Your settings could not be loaded.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    fetchMock.mockResolvedValue(jsonResponse(200, makeSettings()));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Account' })).toBeInTheDocument();
  }, 15000);

  describe('Sign out everywhere', () => {
    it('ends every session of the account on the server, then signs out here', async () => {
      await renderSettings(makeSettings(), {
        'POST /api/account/logout-everywhere': () => jsonResponse(200, { message: 'Signed out everywhere' }),
      });
      const token = session.get()?.token;
      await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
      await waitFor(() => expect(session.get()).toBeNull());
      const sent = calls('POST /api/account/logout-everywhere');
      expect(sent).toHaveLength(1);
      expect((sent[0][1]?.headers as Record<string, string>).Authorization).toBe(`Bearer ${token}`);
      expect(toast.success).toHaveBeenCalledWith('You have been signed out everywhere');
    });

    it('keeps the user signed in when the server did not end the sessions, and says so', async () => {
      await renderSettings(makeSettings(), {
        'POST /api/account/logout-everywhere': () =>
          jsonResponse(503, { status: 503, code: 'service_unavailable', message: 'Try again later' }),
      });
      await userEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
      await waitFor(() =>
        expect(toast.error).toHaveBeenCalledWith(
          'Unable to sign out everywhere. Your sessions are still active.',
        ),
      );
      expect(session.get()).not.toBeNull();
      expect(toast.success).not.toHaveBeenCalled();
    });
  });
});

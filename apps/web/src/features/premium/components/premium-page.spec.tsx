import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { allAudio, jsonResponse, makeHubList, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { callsOf, fakePaymentsApi, type TRoute } from '../testing/payments-fixture';
import { applyLanguage } from '../../../lib/i18n/i18n';
import { PremiumPage } from './premium-page';
import { audioClaims } from '@polski/contracts';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const HANDLE = 'h4ndle-0123456789abcdef';
const CHECKOUT_URL = 'http://127.0.0.1:9999/c/pay/cs_test_1';

/** save-session and the checkout of either variant, answering the hosted checkout's url. */
function checkoutRoutes(extra: Record<string, TRoute> = {}): Record<string, TRoute> {
  return {
    'POST /api/account/save-session': () => jsonResponse(200, { message: 'Session saved', userId: HANDLE }),
    'POST /api/payments/create-checkout-session': () =>
      jsonResponse(200, { sessionId: 'cs_test_1', url: CHECKOUT_URL }),
    'POST /api/payments/create-checkout-session2': () =>
      jsonResponse(200, { sessionId: 'cs_test_1', url: CHECKOUT_URL }),
    ...extra,
  };
}

/** The page at `route`, with a stand-in register form whose button completes the registration. */
function renderPage(route = '/premium-member', navigate = vi.fn()) {
  const registered = vi.fn();
  const { unmount } = renderWithProviders(
    <Routes>
      <Route
        path="/premium-member"
        element={
          <PremiumPage
            navigate={navigate}
            renderRegisterForm={(onRegistered) => (
              <button
                type="button"
                onClick={() => {
                  registered();
                  onRegistered();
                }}
              >
                Proceed to Payment
              </button>
            )}
            signIn={<p>Already have an account?</p>}
          />
        }
      />
      <Route path="/learn-polish" element={<h1>Learn Polish</h1>} />
    </Routes>,
    { route },
  );
  return { navigate, registered, unmount };
}

const card = (plan: string) =>
  document.querySelector<HTMLElement>(`.plan-card[data-plan="${plan}"]`) as HTMLElement;

describe('premium page, variant A (subscription)', () => {
  it('shows a loading state first, then the benefits and the three plans with symbols and 2 decimals', async () => {
    session.set(makeUser());
    fakePaymentsApi(fetchMock, { offer: 'subscription', country: 'US' });
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByRole('heading', { level: 1, name: 'Get Premium Access' })).toBeInTheDocument();
    await waitFor(() => expect(within(card('monthly')).getByTestId('plan-price')).toHaveTextContent('$9.99'));
    for (const b of ['All premium lessons', audioClaims(undefined).everyLesson, 'Multilingual translation']) {
      expect(screen.getByText(b)).toBeInTheDocument();
    }
    expect(within(card('monthly')).getByRole('heading', { name: 'Monthly' })).toBeInTheDocument();
    expect(within(card('monthly')).getByText('1 month')).toBeInTheDocument();
    expect(within(card('sixMonth')).getByRole('heading', { name: '6-Month' })).toBeInTheDocument();
    expect(within(card('yearly')).getByRole('heading', { name: 'Yearly' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Get started' })).toHaveLength(3);
    expect(screen.getByText('Cancel anytime')).toBeInTheDocument();
    expect(screen.getByText('All prices include tax')).toBeInTheDocument();
  });

  it('says what the catalogue has about its audio: "native" only when every lesson has a recording', async () => {
    session.set(makeUser());
    const hubs = (list: unknown) => ({ 'GET /api/content/hubs': () => jsonResponse(200, list) });
    fakePaymentsApi(fetchMock, { offer: 'subscription', routes: hubs(makeHubList(allAudio('recording'))) });
    const first = renderPage();
    expect(await screen.findByText('Native audio for every lesson')).toBeInTheDocument();
    first.unmount();

    // one lesson of one hub synthesised: the claim about every lesson is the synthetic one
    const mixed = makeHubList(allAudio('recording'));
    mixed[3].audio = { ...mixed[3].audio!, recording: mixed[3].audio!.lessons - 1, synthetic: 1 };
    fakePaymentsApi(fetchMock, { offer: 'subscription', routes: hubs(mixed) });
    const second = renderPage();
    expect(await screen.findByText('Audio for every lesson (synthetic voice)')).toBeInTheDocument();
    expect(screen.queryByText(/native/i)).not.toBeInTheDocument();
    second.unmount();

    fakePaymentsApi(fetchMock, { offer: 'subscription', routes: hubs(makeHubList(allAudio('neural'))) });
    renderPage();
    expect(await screen.findByText('Natural-voice audio for every lesson')).toBeInTheDocument();
  });

  it("strikes through the list price and says 'You save' for 6-month and yearly, never for monthly", async () => {
    session.set(makeUser());
    fakePaymentsApi(fetchMock, { offer: 'subscription', country: 'US' });
    renderPage();
    await waitFor(() =>
      expect(within(card('sixMonth')).getByTestId('plan-price')).toHaveTextContent('$34.99'),
    );
    expect(card('monthly').querySelector('s')).toBeNull();
    expect(within(card('monthly')).queryByText(/You save/)).not.toBeInTheDocument();
    // 40.00 list vs 34.99: whole-number savings 5
    expect(card('sixMonth').querySelector('s')).toHaveTextContent('$40.00');
    expect(within(card('sixMonth')).getByText('You save $5')).toBeInTheDocument();
    expect(card('yearly').querySelector('s')).toHaveTextContent('$60.00');
    expect(within(card('yearly')).getByText('You save $10')).toBeInTheDocument();
  });

  it('shows neither a struck-through price nor savings when the savings are 0 (GBP yearly at its list price)', async () => {
    session.set(makeUser());
    fakePaymentsApi(fetchMock, { offer: 'subscription', country: 'GB' });
    renderPage();
    await waitFor(() => expect(within(card('yearly')).getByTestId('plan-price')).toHaveTextContent('£49.00'));
    expect(card('yearly').querySelector('s')).toBeNull();
    expect(within(card('yearly')).queryByText(/You save/)).not.toBeInTheDocument();
    expect(card('sixMonth').querySelector('s')).toHaveTextContent('£32.00');
    expect(within(card('sixMonth')).getByText('You save £4')).toBeInTheDocument();
  });

  it("shows 'Loading prices...' while the prices are on their way", async () => {
    session.set(makeUser());
    fakePaymentsApi(fetchMock, {
      offer: 'subscription',
      routes: { 'GET /api/payments/get-selected-prices': () => new Promise<Response>(() => undefined) },
    });
    renderPage();
    await screen.findByRole('heading', { name: 'Choose your plan' });
    expect(within(card('monthly')).getByText('Loading prices...')).toBeInTheDocument();
    expect(screen.getAllByText('Loading prices...')).toHaveLength(3);
    for (const b of screen.getAllByRole('button', { name: 'Get started' })) expect(b).toBeDisabled();
  });

  it('a visitor sees the register form (no plans); once registered the plans show', async () => {
    fakePaymentsApi(fetchMock, { offer: 'subscription' });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Proceed to Payment' })).toBeInTheDocument();
    expect(screen.getByText('Already have an account?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get started' })).not.toBeInTheDocument();
    act(() => session.set(makeUser()));
    expect(await screen.findAllByRole('button', { name: 'Get started' })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).not.toBeInTheDocument();
  });

  it("'Get started': saves the session, creates the checkout with the price, email and handle, and follows its url", async () => {
    const user = userEvent.setup();
    session.set(makeUser({ email: 'ola@example.test' }));
    fakePaymentsApi(fetchMock, { offer: 'subscription', routes: checkoutRoutes() });
    const { navigate } = renderPage();
    await waitFor(() =>
      expect(within(card('sixMonth')).getByTestId('plan-price')).toHaveTextContent('$34.99'),
    );
    await user.click(within(card('sixMonth')).getByRole('button', { name: 'Get started' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(CHECKOUT_URL));
    const calls = callsOf(fetchMock);
    expect(calls.slice(-2)).toEqual([
      'POST /api/account/save-session',
      'POST /api/payments/create-checkout-session',
    ]);
    const create = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/create-checkout-session'));
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({
      priceId: 'price_sub_sixmonth_usd',
      userEmail: 'ola@example.test',
      userId: HANDLE,
    });
  });

  it("the visually hidden 'Go' test button starts a checkout of the monthly USD price, even for a Polish visitor", async () => {
    const user = userEvent.setup();
    session.set(makeUser());
    fakePaymentsApi(fetchMock, { offer: 'subscription', country: 'PL', routes: checkoutRoutes() });
    const { navigate } = renderPage();
    await waitFor(() =>
      expect(within(card('monthly')).getByTestId('plan-price')).toHaveTextContent('PLN 39.99'),
    );
    const go = screen.getByRole('button', { name: 'Go' });
    expect(go).toHaveClass('visually-hidden');
    await user.click(go);
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(CHECKOUT_URL));
    const create = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/create-checkout-session'));
    expect(JSON.parse(String(create?.[1]?.body)).priceId).toBe('price_sub_monthly_usd');
  });

  it('without a stored user the checkout is only logged: nothing is called', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakePaymentsApi(fetchMock, { offer: 'subscription', routes: checkoutRoutes() });
    const { navigate } = renderPage();
    await screen.findByRole('button', { name: 'Proceed to Payment' });
    await waitFor(() => expect(callsOf(fetchMock)).toContain('GET /api/payments/get-selected-prices'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Go' })).toBeInTheDocument());
    await new Promise((r) => setTimeout(r, 20));
    await user.click(screen.getByRole('button', { name: 'Go' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(expect.stringMatching(/signed-in user/)));
    expect(callsOf(fetchMock)).not.toContain('POST /api/account/save-session');
    expect(navigate).not.toHaveBeenCalled();
  });

  it("already_premium shows the API's message, whatever it says", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    session.set(makeUser());
    fakePaymentsApi(fetchMock, {
      offer: 'subscription',
      routes: checkoutRoutes({
        'POST /api/payments/create-checkout-session': () =>
          jsonResponse(409, {
            status: 409,
            code: 'already_premium',
            message: 'Premium is yours until 2031.',
          }),
      }),
    });
    renderPage();
    await waitFor(() => expect(within(card('yearly')).getByTestId('plan-price')).toHaveTextContent('$49.99'));
    await user.click(within(card('yearly')).getByRole('button', { name: 'Get started' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Premium is yours until 2031.'));
  });

  it('a 409 without the already_premium code is only logged', async () => {
    const user = userEvent.setup();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    session.set(makeUser());
    fakePaymentsApi(fetchMock, {
      offer: 'subscription',
      routes: checkoutRoutes({
        'POST /api/payments/create-checkout-session': () =>
          jsonResponse(409, { status: 409, message: 'You already have an active Premium membership.' }),
      }),
    });
    const { navigate } = renderPage();
    await waitFor(() => expect(within(card('yearly')).getByTestId('plan-price')).toHaveTextContent('$49.99'));
    await user.click(within(card('yearly')).getByRole('button', { name: 'Get started' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Starting the payment failed', expect.anything()));
    expect(toast.error).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(within(card('yearly')).getByRole('button', { name: 'Get started' })).toBeEnabled();
  });

  it('a 409 (already premium) shows its message', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    session.set(makeUser());
    fakePaymentsApi(fetchMock, {
      offer: 'subscription',
      routes: checkoutRoutes({
        'POST /api/payments/create-checkout-session': () =>
          jsonResponse(409, {
            status: 409,
            code: 'already_premium',
            message: 'You already have an active Premium membership.',
          }),
      }),
    });
    const { navigate } = renderPage();
    await waitFor(() => expect(within(card('yearly')).getByTestId('plan-price')).toHaveTextContent('$49.99'));
    await user.click(within(card('yearly')).getByRole('button', { name: 'Get started' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('You already have an active Premium membership.'),
    );
    expect(navigate).not.toHaveBeenCalled();
    expect(within(card('yearly')).getByRole('button', { name: 'Get started' })).toBeEnabled();
  });

  it('back from checkout: stores the saved session, fulfils, refreshes the roles, then shows the member note', async () => {
    const premium = makeUser({
      token: 'fresh.token.z',
      roles: ['Member', 'PremiumMember'],
      cus: '2026-01-01T00:00:00.000Z',
    });
    fakePaymentsApi(fetchMock, {
      offer: 'subscription',
      routes: {
        'GET /api/account/get-session/handle-return-0000000001': () =>
          jsonResponse(200, makeUser({ token: 'saved.token.y' })),
        'POST /api/payments/fulfil': () => jsonResponse(200, { status: 'fulfilled' }),
        'GET /api/payments/user-updated-roles': () => jsonResponse(200, premium),
      },
    });
    renderPage('/premium-member?from=stripe&userId=handle-return-0000000001&session_id=cs_test_abc');
    expect(await screen.findByRole('heading', { name: 'You are a Premium Member' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Learning Polish' })).toHaveAttribute(
      'href',
      '/learn-polish',
    );
    expect(session.get()).toEqual(premium);
    const calls = callsOf(fetchMock).filter(
      (c) =>
        !c.includes('/config') && !c.includes('prices') && !c.includes('location') && !c.includes('/hubs'),
    );
    expect(calls).toEqual([
      'GET /api/account/get-session/handle-return-0000000001',
      'POST /api/payments/fulfil',
      'GET /api/payments/user-updated-roles',
    ]);
    const fulfil = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/payments/fulfil'));
    expect(JSON.parse(String(fulfil?.[1]?.body))).toEqual({ sessionId: 'cs_test_abc' });
    // fulfil went out with the saved session's token
    expect((fulfil?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer saved.token.y');
    expect(screen.queryByRole('button', { name: 'Get started' })).not.toBeInTheDocument();
  });

  it('a handle already used (saved_session_not_found: the page reloaded) is noted and the page still loads', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakePaymentsApi(fetchMock, {
      offer: 'subscription',
      routes: {
        'GET /api/account/get-session/handle-return-0000000002': () =>
          jsonResponse(404, {
            status: 404,
            code: 'saved_session_not_found',
            message: 'This session has expired or was already used. Please log in.',
          }),
      },
    });
    renderPage('/premium-member?from=stripe&userId=handle-return-0000000002&session_id=cs_test_def');
    expect(await screen.findByRole('button', { name: 'Proceed to Payment' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/saved session/), expect.anything());
    expect(error).not.toHaveBeenCalledWith(expect.stringMatching(/saved session/), expect.anything());
    expect(toast.error).not.toHaveBeenCalled();
    expect(callsOf(fetchMock)).not.toContain('POST /api/payments/fulfil');
  });

  it('any other failed session retrieval is logged as an error and the page still loads', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakePaymentsApi(fetchMock, {
      offer: 'subscription',
      routes: {
        'GET /api/account/get-session/handle-return-0000000003': () =>
          jsonResponse(500, { status: 500, code: 'internal_error', message: 'Internal server error' }),
      },
    });
    renderPage('/premium-member?from=stripe&userId=handle-return-0000000003&session_id=cs_test_ghi');
    expect(await screen.findByRole('button', { name: 'Proceed to Payment' })).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/saved session/), expect.anything());
    expect(callsOf(fetchMock)).not.toContain('POST /api/payments/fulfil');
  });

  it('a checkout of another account (checkout_not_found) is only noted; the roles are still refreshed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakePaymentsApi(fetchMock, {
      offer: 'subscription',
      routes: {
        'GET /api/account/get-session/handle-return-0000000004': () =>
          jsonResponse(200, makeUser({ token: 'saved.token.w' })),
        'POST /api/payments/fulfil': () =>
          jsonResponse(404, {
            status: 404,
            code: 'checkout_not_found',
            message: 'Checkout session not found',
          }),
        'GET /api/payments/user-updated-roles': () => jsonResponse(200, makeUser({ token: 'fresh.token.w' })),
      },
    });
    renderPage('/premium-member?from=stripe&userId=handle-return-0000000004&session_id=cs_test_jkl');
    expect(await screen.findAllByRole('button', { name: 'Get started' })).toHaveLength(3);
    expect(warn).toHaveBeenCalledWith(
      expect.stringMatching(/not one of the signed-in account/),
      expect.anything(),
    );
    expect(error).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
    expect(session.get()?.token).toBe('fresh.token.w');
  });

  it('a return link of another account (login CSRF) keeps the signed-in user and token and says so above the page', async () => {
    const me = makeUser({ token: 'my.own.token', username: 'ola' });
    session.set(me);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakePaymentsApi(fetchMock, {
      offer: 'subscription',
      routes: {
        'GET /api/account/get-session/handle-return-0000000005': () =>
          jsonResponse(403, {
            status: 403,
            code: 'session_other_account',
            message: 'This link belongs to another account. You are still signed in with yours.',
          }),
      },
    });
    renderPage('/premium-member?from=stripe&userId=handle-return-0000000005&session_id=cs_test_mno');
    expect(
      await screen.findByText(
        'This checkout link belongs to another account. You are still signed in as ola.',
      ),
    ).toBeInTheDocument();
    // the normal page for the signed-in Basic member
    expect(await screen.findAllByRole('button', { name: 'Get started' })).toHaveLength(3);
    const exchange = fetchMock.mock.calls.find(([u]) => String(u).includes('/get-session/'));
    expect((exchange?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer my.own.token');
    const calls = callsOf(fetchMock).filter(
      (c) =>
        !c.includes('/config') && !c.includes('prices') && !c.includes('location') && !c.includes('/hubs'),
    );
    // no fulfilment of the other account's checkout, no refresh that would replace the stored token
    expect(calls).toEqual(['GET /api/account/get-session/handle-return-0000000005']);
    expect(session.get()).toEqual(me);
    expect(toast.error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/another account/), expect.anything());
  });

  it("?canceled=1 shows a calm note 'Checkout cancelled — nothing was charged'", async () => {
    session.set(makeUser());
    fakePaymentsApi(fetchMock, { offer: 'subscription' });
    renderPage('/premium-member?canceled=1');
    expect(await screen.findByText('Checkout cancelled — nothing was charged.')).toBeInTheDocument();
  });

  it('shows an error with a retry when the offer cannot be loaded', async () => {
    fakePaymentsApi(fetchMock, {
      offer: 'subscription',
      routes: { 'GET /api/payments/config': () => jsonResponse(404, { message: 'nope' }) },
    });
    renderPage();
    expect(await screen.findByText('The premium offer could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Get Premium Access' })).toBeInTheDocument();
  });
});

describe('currency from the location', () => {
  it.each([
    ['subscription', 'PL', 'PLN 39.99'],
    ['subscription', 'DE', '€8.99'],
    ['subscription', 'HR', '$9.99'],
    ['subscription', 'JP', '$9.99'],
    ['subscription', 'CA', 'CA$13.99'],
    ['one-time', 'PL', 'PLN 229.00'],
    ['one-time', 'DE', '€55.00'],
    ['one-time', 'HR', '€55.00'],
    ['one-time', 'JP', '¥8900.00'],
    ['one-time', 'CZ', 'Kč1390.00'],
    ['one-time', 'US', '$59.00'],
    ['one-time', null, '$59.00'],
  ] as const)('%s offer, country %s: %s', async (offer, country, price) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    session.set(makeUser());
    fakePaymentsApi(fetchMock, { offer, country });
    renderPage();
    const plan = offer === 'subscription' ? 'monthly' : 'yearly';
    await waitFor(() => expect(within(card(plan)).getByTestId('plan-price')).toHaveTextContent(price));
  });

  it('a currency without prices logs a warning and changes nothing: no USD, the prices stay as they were', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    session.set(makeUser());
    fakePaymentsApi(fetchMock, {
      offer: 'subscription',
      country: 'PL',
      routes: {
        'GET /api/payments/get-selected-prices': async () => {
          const { SUBSCRIPTION_PRICES } = await import('../testing/payments-fixture');
          return jsonResponse(
            200,
            SUBSCRIPTION_PRICES.filter((p) => p.currency !== 'PLN'),
          );
        },
      },
    });
    renderPage();
    await waitFor(() => expect(warn).toHaveBeenCalledWith(expect.stringContaining('PLN')));
    // docs/product.md, "Currency detection": the spec's "a warning is logged and nothing happens"
    expect(within(card('monthly')).getByText('Loading prices...')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('$9.99');
    expect(warn).toHaveBeenCalledTimes(1);
  });
});

describe('premium page, variant B (one-time)', () => {
  it('hero with a buy button, six benefit cards, yearly and lifetime prices, two testimonials, the FAQ', async () => {
    session.set(makeUser());
    fakePaymentsApi(fetchMock, { offer: 'one-time', country: 'US' });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Get Premium' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Get Premium Access' })).toBeInTheDocument();
    expect(document.querySelectorAll('.benefit-card')).toHaveLength(6);
    await waitFor(() => expect(within(card('yearly')).getByTestId('plan-price')).toHaveTextContent('$59.00'));
    expect(within(card('yearly')).getByText('one year, no subscription')).toBeInTheDocument();
    expect(within(card('lifetime')).getByTestId('plan-price')).toHaveTextContent('$149.00');
    expect(within(card('lifetime')).getByText('for the life of the platform')).toBeInTheDocument();
    expect(document.querySelectorAll('.testimonial')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Test payment' })).toHaveClass('visually-hidden');
  });

  it('FAQ: 4 of 8 questions until Show More; Show Less hides them again; each item expands and collapses', async () => {
    const user = userEvent.setup();
    fakePaymentsApi(fetchMock, { offer: 'one-time' });
    renderPage();
    const faq = (await screen.findByRole('heading', { name: 'Frequently asked questions' })).closest(
      'section',
    ) as HTMLElement;
    const items = () => faq.querySelectorAll('.faq-item');
    expect(items()).toHaveLength(4);
    const more = within(faq).getByRole('button', { name: 'Show More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(items()).toHaveLength(8);
    const less = within(faq).getByRole('button', { name: 'Show Less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(items()).toHaveLength(4);

    const q = within(faq).getByRole('button', { name: 'Is this a subscription?' });
    const answer = document.getElementById(q.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(q).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();
    await user.click(q);
    expect(q).toHaveAttribute('aria-expanded', 'true');
    expect(answer).toBeVisible();
    expect(answer).toHaveTextContent(/one year of Premium with no subscription/);
    await user.click(q);
    expect(q).toHaveAttribute('aria-expanded', 'false');
    expect(answer).not.toBeVisible();
  });

  it('sends a user who already holds premium to /learn-polish', async () => {
    session.set(makeUser({ roles: ['Member', 'PremiumMember'] }));
    fakePaymentsApi(fetchMock, { offer: 'one-time' });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Learn Polish' })).toBeInTheDocument();
  });

  it('signed in: a buy button starts the payment at once behind the overlay, which hides 5 s after success', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    session.set(makeUser({ email: 'ola@example.test' }));
    fakePaymentsApi(fetchMock, { offer: 'one-time', routes: checkoutRoutes() });
    const { navigate } = renderPage();
    await waitFor(() =>
      expect(within(card('lifetime')).getByTestId('plan-price')).toHaveTextContent('$149.00'),
    );
    fireEvent.click(within(card('lifetime')).getByRole('button', { name: 'Buy Lifetime' }));
    expect(screen.getByTestId('payment-overlay')).toHaveTextContent('Taking you to secure checkout');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(CHECKOUT_URL));
    const create = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/create-checkout-session2'));
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({
      priceId: 'price_once_lifetime_usd',
      userEmail: 'ola@example.test',
      userId: HANDLE,
    });
    await act(() => vi.advanceTimersByTimeAsync(4900));
    expect(screen.getByTestId('payment-overlay')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(screen.queryByTestId('payment-overlay')).not.toBeInTheDocument();
  });

  it('a failed payment start is logged and hides the overlay at once; a 409 shows its message', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    session.set(makeUser());
    fakePaymentsApi(fetchMock, {
      offer: 'one-time',
      routes: checkoutRoutes({
        'POST /api/payments/create-checkout-session2': () =>
          jsonResponse(409, {
            status: 409,
            code: 'already_premium',
            message: 'You already have an active Premium membership.',
          }),
      }),
    });
    const { navigate } = renderPage();
    await waitFor(() => expect(within(card('yearly')).getByTestId('plan-price')).toHaveTextContent('$59.00'));
    await user.click(within(card('yearly')).getByRole('button', { name: 'Buy Yearly' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('You already have an active Premium membership.'),
    );
    expect(screen.queryByTestId('payment-overlay')).not.toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Starting the payment failed', expect.anything());
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a visitor: a buy button opens the inline registration; the payment starts once it completes', async () => {
    const user = userEvent.setup();
    fakePaymentsApi(fetchMock, { offer: 'one-time', country: 'DE', routes: checkoutRoutes() });
    const { navigate } = renderPage();
    await waitFor(() =>
      expect(within(card('lifetime')).getByTestId('plan-price')).toHaveTextContent('€139.00'),
    );
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).not.toBeInTheDocument();
    await user.click(within(card('lifetime')).getByRole('button', { name: 'Buy Lifetime' }));
    const form = screen.getByRole('region', { name: 'Create your account' });
    expect(form).toHaveTextContent('Lifetime plan (€139.00)');
    expect(callsOf(fetchMock)).not.toContain('POST /api/account/save-session');
    // the form stores the new user, then reports completion
    session.set(makeUser());
    await user.click(within(form).getByRole('button', { name: 'Proceed to Payment' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(CHECKOUT_URL));
    const create = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/create-checkout-session2'));
    expect(JSON.parse(String(create?.[1]?.body)).priceId).toBe('price_once_lifetime_eur');
  });

  it('the payment waits, checking every 500 ms, until the user is in local storage', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakePaymentsApi(fetchMock, { offer: 'one-time', routes: checkoutRoutes() });
    const { navigate } = renderPage();
    await waitFor(() => expect(within(card('yearly')).getByTestId('plan-price')).toHaveTextContent('$59.00'));
    fireEvent.click(screen.getByRole('button', { name: 'Get Premium' }));
    // completion reported before the user is stored
    fireEvent.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(screen.getByTestId('payment-overlay')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1600));
    expect(callsOf(fetchMock)).not.toContain('POST /api/account/save-session');
    session.set(makeUser());
    await act(() => vi.advanceTimersByTimeAsync(500));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(CHECKOUT_URL));
    const create = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/create-checkout-session2'));
    expect(JSON.parse(String(create?.[1]?.body)).priceId).toBe('price_once_yearly_usd');
  });

  it('the hidden test button pays the fixed test price, not a plan (issue 18 item 9)', async () => {
    const user = userEvent.setup();
    session.set(makeUser());
    fakePaymentsApi(fetchMock, { offer: 'one-time', country: 'JP', routes: checkoutRoutes() });
    const { navigate } = renderPage();
    await waitFor(() =>
      expect(within(card('yearly')).getByTestId('plan-price')).toHaveTextContent('¥8900.00'),
    );
    await user.click(screen.getByRole('button', { name: 'Test payment' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith(CHECKOUT_URL));
    const create = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/create-checkout-session2'));
    expect(JSON.parse(String(create?.[1]?.body)).priceId).toBe('price_test_payment');
  });

  it('there is no test button where real money moves, nor for a visitor', async () => {
    session.set(makeUser());
    fakePaymentsApi(fetchMock, { offer: 'one-time', testMode: false });
    const { unmount } = renderPage();
    await waitFor(() => expect(within(card('yearly')).getByTestId('plan-price')).toHaveTextContent('$59.00'));
    expect(screen.queryByRole('button', { name: 'Test payment' })).not.toBeInTheDocument();
    unmount();
    session.clear();
    fakePaymentsApi(fetchMock, { offer: 'one-time' });
    renderPage();
    await waitFor(() => expect(within(card('yearly')).getByTestId('plan-price')).toHaveTextContent('$59.00'));
    expect(screen.queryByRole('button', { name: 'Test payment' })).not.toBeInTheDocument();
  });
});

// docs/i18n.md, "Dates, numbers and prices": the spec's amounts, currencies and 2 decimals, written for the locale
describe('premium page in the learner’s language: texts and prices with Intl', () => {
  afterEach(async () => {
    await applyLanguage('en');
  });
  // as the page writes it, with the no-break space collapsed as the matchers collapse the page's text
  const intl = (locale: string, amount: number, currency: string, digits = 2) =>
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
      .format(amount)
      .replace(/\s+/g, ' ');

  it('German, subscription in PLN: "39,99 PLN", the list price struck through and "Du sparst 20 PLN"', async () => {
    await applyLanguage('de');
    session.set(makeUser());
    fakePaymentsApi(fetchMock, { offer: 'subscription', country: 'PL' });
    renderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Premium-Zugang holen' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card('monthly')).getByTestId('plan-price')).toHaveTextContent(intl('de', 39.99, 'PLN')),
    );
    expect(within(card('monthly')).getByTestId('plan-price').textContent).toMatch(/^39,99\s+PLN$/);
    expect(within(card('monthly')).getByRole('heading', { name: 'Monatlich' })).toBeInTheDocument();
    // 160.00 list vs 139.99: whole-number savings 20, as in English ("You save PLN 20")
    expect(card('sixMonth').querySelector('s')?.textContent).toMatch(/^160,00\s+PLN$/);
    expect(card('sixMonth').querySelector('.plan-savings')).toHaveTextContent(
      `Du sparst ${intl('de', 20, 'PLN', 0)}`,
    );
    expect(screen.getAllByRole('button', { name: 'Loslegen' })).toHaveLength(3);
    expect(screen.getByText('Jederzeit kündbar')).toBeInTheDocument();
  });

  it('Arabic, one-time offer in USD: the prices as Intl writes them for Arabic, the texts in Arabic', async () => {
    await applyLanguage('ar');
    session.set(makeUser());
    fakePaymentsApi(fetchMock, { offer: 'one-time', country: 'US' });
    renderPage();
    expect(await screen.findByRole('button', { name: 'احصل على Premium' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(card('yearly')).getByTestId('plan-price')).toHaveTextContent(intl('ar', 59, 'USD')),
    );
    expect(within(card('lifetime')).getByTestId('plan-price')).toHaveTextContent(intl('ar', 149, 'USD'));
    expect(within(card('lifetime')).getByTestId('plan-price').textContent).not.toBe('$149.00');
    expect(document.querySelector('.premium-hero-price')).toHaveTextContent(
      `ابتداءً من ${intl('ar', 59, 'USD')} لسنة واحدة`,
    );
    expect(screen.getByRole('heading', { name: 'الأسئلة الشائعة' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

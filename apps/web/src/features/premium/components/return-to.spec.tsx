import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { session } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { fakePaymentsApi } from '../testing/payments-fixture';
import { afterPaymentHref, premiumHrefFor, returnToOf } from '../lib/return-to';
import { PremiumPage } from './premium-page';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/**
 * docs/product.md, "Return from checkout": the lesson the buyer was trying to open travels with the checkout
 * (?returnTo=, a lesson path of this site only) and the buyer goes back to it once premium.
 */
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

const LESSON = '/complete-beginner/complete-beginner-2';
const HANDLE = 'h4ndle-0123456789abcdef';
const checkout = {
  'POST /api/account/save-session': () => jsonResponse(200, { message: 'Session saved', userId: HANDLE }),
  'POST /api/payments/create-checkout-session': () =>
    jsonResponse(200, { sessionId: 'cs_test_1', url: 'http://127.0.0.1:9/c/pay/cs_test_1' }),
  'POST /api/payments/create-checkout-session2': () =>
    jsonResponse(200, { sessionId: 'cs_test_1', url: 'http://127.0.0.1:9/c/pay/cs_test_1' }),
};

function renderPage(route: string, navigate = vi.fn()) {
  renderWithProviders(
    <Routes>
      <Route
        path="/premium-member"
        element={<PremiumPage navigate={navigate} renderRegisterForm={() => null} />}
      />
      <Route path="/learn-polish" element={<h1>Learn Polish</h1>} />
      <Route path="/complete-beginner/:slug" element={<h1>The lesson</h1>} />
    </Routes>,
    { route },
  );
  return navigate;
}

const createBody = () => {
  const call = fetchMock.mock.calls.find(([u]) => /create-checkout-session2?$/.test(String(u)));
  return JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
};

describe('the return address rule', () => {
  it('takes lesson paths of this site only', () => {
    const of = (v: string) => returnToOf(new URLSearchParams({ returnTo: v }));
    expect(of(LESSON)).toBe(LESSON);
    expect(of('/intermediate/a-story/listen')).toBe('/intermediate/a-story/listen');
    for (const bad of [
      'https://evil.example/x',
      '//evil.example/beginner/x',
      '/settings',
      '/beginner/x/listen',
      '/beginner/x?y',
      '/beginner/../x',
    ])
      expect(of(bad)).toBeNull();
    expect(afterPaymentHref(null)).toBe('/learn-polish');
    expect(premiumHrefFor(LESSON)).toBe(
      '/premium-member?returnTo=%2Fcomplete-beginner%2Fcomplete-beginner-2',
    );
    expect(premiumHrefFor('/podcast')).toBe('/premium-member');
  });
});

describe('the premium page carries the lesson through checkout', () => {
  it("subscription: 'Get started' sends the lesson as returnTo", async () => {
    const user = userEvent.setup();
    session.set(makeUser());
    fakePaymentsApi(fetchMock, { offer: 'subscription', routes: checkout });
    const navigate = renderPage(`/premium-member?returnTo=${encodeURIComponent(LESSON)}`);
    const monthly = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.plan-card[data-plan="monthly"]');
      expect(within(el!).getByTestId('plan-price')).toHaveTextContent('$9.99');
      return el!;
    });
    await user.click(within(monthly).getByRole('button', { name: 'Get started' }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(createBody()).toMatchObject({ priceId: 'price_sub_monthly_usd', returnTo: LESSON });
  });

  it('one-time: a crafted returnTo is not sent at all', async () => {
    const user = userEvent.setup();
    session.set(makeUser());
    fakePaymentsApi(fetchMock, { offer: 'one-time', routes: checkout });
    const navigate = renderPage(
      `/premium-member?returnTo=${encodeURIComponent('//evil.example/beginner/x')}`,
    );
    const yearly = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.plan-card[data-plan="yearly"]');
      expect(within(el!).getByTestId('plan-price')).toHaveTextContent('$59.00');
      return el!;
    });
    await user.click(within(yearly).getByRole('button', { name: 'Buy Yearly' }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(createBody()).not.toHaveProperty('returnTo');
  });

  it("subscription return: premium now, the spec's toast and back to the lesson", async () => {
    const premium = makeUser({ token: 'fresh.token.z', roles: ['Member', 'PremiumMember'] });
    fakePaymentsApi(fetchMock, {
      offer: 'subscription',
      routes: {
        'GET /api/account/get-session/handle-return-0000000009': () => jsonResponse(200, makeUser()),
        'POST /api/payments/fulfil': () => jsonResponse(200, { status: 'fulfilled' }),
        'GET /api/payments/user-updated-roles': () => jsonResponse(200, premium),
      },
    });
    renderPage(
      `/premium-member?from=stripe&userId=handle-return-0000000009&session_id=cs_test_9&returnTo=${encodeURIComponent(LESSON)}`,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'The lesson' })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('You subscribed to Premium Membership');
  });

  it('one-time: a member who opens the page from a lesson is sent back to it', async () => {
    session.set(makeUser({ roles: ['Member', 'PremiumMember'] }));
    fakePaymentsApi(fetchMock, { offer: 'one-time' });
    renderPage(`/premium-member?returnTo=${encodeURIComponent(LESSON)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'The lesson' })).toBeInTheDocument();
  });
});

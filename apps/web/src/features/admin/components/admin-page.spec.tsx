import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '../../../lib/session';
import { jsonResponse, makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AdminPage } from './admin-page';

vi.mock('../../../lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => vi.unstubAllGlobals());

const overview = {
  subscriptions: [
    {
      id: 'sub_1',
      status: 'active',
      customer: 'cus_1',
      user: { username: 'ola', email: 'ola@example.test' },
      priceId: 'price_sub_sixmonth_usd',
      currency: 'USD',
      currentPeriodEnd: '2026-07-01T12:00:00.000Z',
      cancelAtPeriodEnd: true,
    },
  ],
  payments: [
    {
      sessionId: 'cs_test_1',
      customer: 'cus_2',
      user: { username: 'jan', email: 'jan@example.test' },
      plan: 'lifetime',
      amount: 22000,
      amountRefunded: 0,
      currency: 'JPY',
      status: 'paid',
      created: '2025-11-02T10:00:00.000Z',
    },
    {
      sessionId: 'cs_test_2',
      customer: 'cus_3',
      user: null,
      plan: 'yearly',
      amount: 5900,
      amountRefunded: 5900,
      currency: 'USD',
      status: 'refunded',
      created: '2025-11-03T10:00:00.000Z',
    },
  ],
  incidents: [
    {
      id: 'i-2',
      kind: 'duplicate_payment',
      user: { username: 'jan', email: 'jan@example.test' },
      stripeSessionId: 'cs_test_3',
      stripeSubscriptionId: null,
      stripePaymentIntentId: 'pi_3',
      amount: 5500,
      amountRefunded: null,
      currency: 'EUR',
      outcome: 'refunded',
      detail:
        'A yearly purchase paid while a yearly period was already active: it gives nothing and is refunded in full.',
      action: 'refund',
      actionStatus: 'pending',
      stripeRefundId: null,
      attempts: 2,
      lastError: 'connection reset',
      createdAt: '2025-11-04T10:00:00.000Z',
      updatedAt: '2025-11-04T10:00:05.000Z',
    },
    {
      id: 'i-1',
      kind: 'unverified_checkout',
      user: { username: 'ola', email: 'ola@example.test' },
      stripeSessionId: 'cs_test_4',
      stripeSubscriptionId: null,
      stripePaymentIntentId: null,
      amount: 100,
      amountRefunded: null,
      currency: 'USD',
      outcome: 'granted_nothing',
      detail:
        'A paid checkout session this API did not create names this user, but its price price_x is not a price of the one-time offer: nothing was granted.',
      action: 'none',
      actionStatus: 'none',
      stripeRefundId: null,
      attempts: 0,
      lastError: null,
      createdAt: '2025-11-03T09:00:00.000Z',
      updatedAt: '2025-11-03T09:00:00.000Z',
    },
  ],
};

function serveAdminApi() {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    if (key === 'GET /api/payments/fetch-stripe-subs') return jsonResponse(200, overview);
    if (key === 'GET /api/payments/get-selected-prices')
      return jsonResponse(200, [
        { id: 'price_sub_sixmonth_usd', currency: 'USD', amount: 34.99, plan: 'sixMonth' },
      ]);
    if (key === 'POST /api/payments/sync-roles')
      return jsonResponse(200, {
        checked: 3,
        changed: 1,
        changes: [
          {
            username: 'jan',
            email: 'jan@example.test',
            before: false,
            after: true,
            premiumUntil: null,
            premiumLifetime: true,
          },
        ],
      });
    throw new Error(`unexpected ${key}`);
  });
}

describe('AdminPage', () => {
  it('a signed-in user without the Admin role sees a 403 message and no admin buttons; nothing is asked', () => {
    session.set(makeUser({ roles: ['Member', 'PremiumMember'] }));
    renderWithProviders(<AdminPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('403');
    expect(screen.getByRole('alert')).toHaveTextContent('Administrators only.');
    expect(screen.queryByRole('button', { name: 'Fetch subscriptions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync premium roles with Stripe' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a visitor sees the 403 message too', () => {
    renderWithProviders(<AdminPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('Please log in with an administrator account.');
  });

  it("an admin: 'Fetch subscriptions' shows subscriptions and one-time payments as two tables", async () => {
    const user = userEvent.setup();
    session.set(makeUser({ roles: ['Member', 'Admin'] }));
    serveAdminApi();
    renderWithProviders(<AdminPage />);
    await user.click(screen.getByRole('button', { name: 'Fetch subscriptions' }));
    const subs = await screen.findByRole('table', { name: 'Subscriptions (1)' });
    const subRow = within(subs).getAllByRole('row')[1];
    expect(
      within(subs)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['User', 'Status', 'Plan', 'Amount', 'Currency', 'Period end']);
    expect(subRow).toHaveTextContent('ola');
    expect(subRow).toHaveTextContent('active (cancels at period end)');
    expect(await within(subs).findByText('6-Month')).toBeInTheDocument();
    expect(subRow).toHaveTextContent('$34.99');
    expect(subRow).toHaveTextContent('Jul 1, 2026');

    const payments = screen.getByRole('table', { name: 'One-time payments (2)' });
    const [, jan, unknown] = within(payments).getAllByRole('row');
    expect(jan).toHaveTextContent('jan');
    expect(jan).toHaveTextContent('Lifetime');
    // amounts come in Stripe's minor units; JPY has none (22,000 yen is 22000)
    expect(jan).toHaveTextContent('¥22000.00');
    expect(unknown).toHaveTextContent('unknown');
    expect(unknown).toHaveTextContent('refunded');
    expect(unknown).toHaveTextContent('$59.00');
    expect(unknown).toHaveTextContent('($59.00 refunded)');
    expect(jan).not.toHaveTextContent('refunded');
  });

  it("an admin: 'Fetch subscriptions' lists the payment incidents with their outcome and Stripe action", async () => {
    const user = userEvent.setup();
    session.set(makeUser({ roles: ['Member', 'Admin'] }));
    serveAdminApi();
    renderWithProviders(<AdminPage />);
    await user.click(screen.getByRole('button', { name: 'Fetch subscriptions' }));
    const table = await screen.findByRole('table', { name: 'Payment incidents (2)' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'User', 'What', 'Outcome', 'Amount', 'Stripe action', 'Details']);
    const [, duplicate, unverified] = within(table).getAllByRole('row');
    expect(duplicate).toHaveTextContent('Nov 4, 2025');
    expect(duplicate).toHaveTextContent('jan');
    expect(duplicate).toHaveTextContent('Duplicate purchase');
    expect(duplicate).toHaveTextContent('€55.00');
    expect(duplicate).toHaveTextContent('Refund: pending (2 attempts) connection reset');
    expect(duplicate).toHaveTextContent('cs_test_3');
    expect(unverified).toHaveTextContent('Checkout the site did not create');
    expect(unverified).toHaveTextContent('nothing granted');
    expect(unverified).toHaveTextContent('not a price of the one-time offer');
  });

  it("an admin: 'Sync premium roles with Stripe' reports checked, changed and the list of changes", async () => {
    const user = userEvent.setup();
    session.set(makeUser({ roles: ['Member', 'Admin'] }));
    serveAdminApi();
    renderWithProviders(<AdminPage />);
    await user.click(screen.getByRole('button', { name: 'Sync premium roles with Stripe' }));
    const result = await screen.findByText(/Checked/);
    expect(result).toHaveTextContent('Checked 3 customers, changed 1.');
    expect(screen.getByText(/now premium/)).toHaveTextContent('jan jan@example.test: now premium (forever)');
  });
});

import request from 'supertest';
import { startPaymentsHarness, type TPaymentsHarness } from '../../../test/support/payments-harness';

describe('payments, subscription offer (variant A)', () => {
  let h: TPaymentsHarness;
  beforeAll(async () => {
    h = await startPaymentsHarness({ env: { PREMIUM_OFFER: 'subscription', PAST_DUE_GRACE_DAYS: '3' } });
  });
  afterAll(() => h.close());
  const db = () => h.t.database.db;
  const app = () => h.t.app;
  const subOf = async (userId: string) => db().subscription.findFirstOrThrow({ where: { userId } });
  const premium = async (userId: string) => {
    const u = await db().user.findUniqueOrThrow({
      where: { id: userId },
      include: { roles: { include: { role: true } } },
    });
    return { roles: u.roles.map((r) => r.role.name).sort(), until: u.premiumUntil };
  };

  it('lists the three plans in the five currencies', async () => {
    const res = await request(app()).get('/api/payments/get-selected-prices');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(15);
    expect(res.body).toContainEqual({
      id: 'price_sub_sixmonth_eur',
      currency: 'EUR',
      amount: 32.99,
      plan: 'sixMonth',
    });
    expect(new Set(res.body.map((p: { currency: string }) => p.currency))).toEqual(
      new Set(['USD', 'EUR', 'GBP', 'PLN', 'CAD']),
    );
    expect((await request(app()).get('/api/payments/config')).body).toEqual({
      offer: 'subscription',
      testMode: true,
    });
  });

  it('subscribes, keeps access to the period end after cancelling, and ends it when the subscription is deleted', async () => {
    const { userId, token, sessionId, redirect } = await h.buy('price_sub_monthly_usd');
    expect(redirect).toMatch(/\/premium-member\?from=stripe&userId=[\w-]+&session_id=cs_test_/);
    const session = await h.payments.stripe.checkout.sessions.retrieve(sessionId);
    expect(session.mode).toBe('subscription');
    const sub = await subOf(userId);
    expect(sub).toMatchObject({
      status: 'active',
      plan: 'monthly',
      currency: 'USD',
      cancelAtPeriodEnd: false,
    });
    const p = await premium(userId);
    expect(p.roles).toEqual(['Member', 'PremiumMember']);
    expect(p.until).toEqual(sub.currentPeriodEnd);
    expect(p.until!.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    const again = await h.checkout(token, 'price_sub_yearly_usd');
    expect(again.status).toBe(409);

    await h.payments.stripe.subscriptions.update(sub.stripeSubscriptionId, { cancel_at_period_end: true });
    await h.emulator.waitForIdle();
    expect((await subOf(userId)).cancelAtPeriodEnd).toBe(true);
    expect((await premium(userId)).roles).toEqual(['Member', 'PremiumMember']);

    await h.payments.stripe.subscriptions.cancel(sub.stripeSubscriptionId);
    await h.emulator.waitForIdle();
    expect((await subOf(userId)).status).toBe('canceled');
    expect((await premium(userId)).roles).toEqual(['Member']);
  });

  it('extends access on renewal and keeps it for the grace days while a renewal payment fails', async () => {
    const { userId } = await h.buy('price_sub_monthly_eur');
    const sub = await subOf(userId);
    h.emulator.renewSubscription(sub.stripeSubscriptionId);
    await h.emulator.waitForIdle();
    const renewed = await subOf(userId);
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(
      sub.currentPeriodEnd!.getTime() + 27 * 86_400_000,
    );
    expect((await premium(userId)).until).toEqual(renewed.currentPeriodEnd);

    h.emulator.failRenewal(sub.stripeSubscriptionId);
    await h.emulator.waitForIdle();
    const pastDue = await subOf(userId);
    expect(pastDue.status).toBe('past_due');
    const p = await premium(userId);
    expect(p.roles).toEqual(['Member', 'PremiumMember']);
    expect(p.until!.getTime()).toBe(pastDue.currentPeriodEnd!.getTime() + 3 * 86_400_000);
  });

  it('converges on the latest state when subscription events arrive out of order', async () => {
    h.emulator.pauseDelivery();
    let userId = '';
    try {
      const u = await h.signUp();
      userId = u.userId;
      const res = await h.checkout(u.token, 'price_sub_yearly_gbp');
      h.emulator.completeCheckout(res.body.sessionId);
      const stripeSub = (await h.payments.stripe.subscriptions.list({ status: 'all', limit: 100 })).data.find(
        (s) => s.metadata?.userId === userId,
      )!;
      await h.payments.stripe.subscriptions.update(stripeSub.id, { cancel_at_period_end: true });
      await h.payments.stripe.subscriptions.cancel(stripeSub.id);
      await h.emulator.deliverOutOfOrder();
    } finally {
      h.emulator.resumeDelivery();
    }
    await h.emulator.waitForIdle();
    expect((await subOf(userId)).status).toBe('canceled');
    expect((await premium(userId)).roles).toEqual(['Member']);
  });

  it('refuses a subscription in another currency than the account is billed in', async () => {
    const { userId, token } = await h.buy('price_sub_monthly_usd');
    const sub = await subOf(userId);
    await h.payments.stripe.subscriptions.cancel(sub.stripeSubscriptionId);
    await h.emulator.waitForIdle();
    const res = await h.checkout(token, 'price_sub_monthly_eur');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Your account is billed in USD. Please choose a price in USD.');
    const ok = await h.checkout(token, 'price_sub_yearly_usd');
    expect(ok.status).toBe(200);
  });

  it('refuses one-time prices and the one-time endpoint in the subscription offer', async () => {
    const u = await h.signUp();
    expect((await h.checkout(u.token, 'price_once_yearly_usd')).status).toBe(400);
    expect(
      (await h.checkout(u.token, 'price_sub_monthly_usd', '/api/payments/create-checkout-session2')).status,
    ).toBe(400);
  });

  it('opens the billing portal where the subscriber can cancel', async () => {
    const { token } = await h.buy('price_sub_sixmonth_cad');
    const res = await request(app())
      .get('/api/payments/customer-portal')
      .set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    const page = await fetch(res.body.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/cancel/i);
  });

  it('lists subscriptions with their users for admins', async () => {
    const buyer = await h.buy('price_sub_monthly_pln');
    const admin = await h.signUp();
    const role = await db().role.findUniqueOrThrow({ where: { name: 'Admin' } });
    await db().userRole.create({ data: { userId: admin.userId, roleId: role.id } });
    const res = await request(app())
      .get('/api/payments/fetch-stripe-subs')
      .set('Authorization', `Bearer ${admin.token}`);
    expect(res.status).toBe(200);
    expect(res.body.subscriptions).toContainEqual(
      expect.objectContaining({
        status: 'active',
        currency: 'PLN',
        user: { username: buyer.username, email: buyer.email },
      }),
    );
  });
});

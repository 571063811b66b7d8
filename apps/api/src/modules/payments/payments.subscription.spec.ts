import request from 'supertest';
import type Stripe from 'stripe';
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
    // Stripe moved the period on to the unpaid one: the paid time ended where it starts, the grace days follow it
    // (not the unpaid period's end, which would give a whole period free)
    expect(pastDue.currentPeriodStart).toEqual(renewed.currentPeriodEnd);
    expect(pastDue.currentPeriodEnd!.getTime()).toBeGreaterThan(renewed.currentPeriodEnd!.getTime());
    const p = await premium(userId);
    expect(p.roles).toEqual(['Member', 'PremiumMember']);
    expect(p.until!.getTime()).toBe(renewed.currentPeriodEnd!.getTime() + 3 * 86_400_000);
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

  describe('issue 13: unverified subscriptions, duplicates, refunded invoices', () => {
    const stripe = () => h.payments.stripe;
    const incidents = (userId: string) =>
      db().paymentIncident.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
    const customerOf = async (userId: string) =>
      (await db().paymentCustomer.findUniqueOrThrow({ where: { userId } })).stripeCustomerId;
    /** The PaymentIntent that paid a subscription's latest invoice. */
    const invoicePaymentIntent = async (subscriptionId: string) => {
      const sub = await stripe().subscriptions.retrieve(subscriptionId);
      const payments = await stripe().invoicePayments.list({ invoice: sub.latest_invoice as string });
      return payments.data[0].payment.payment_intent as string;
    };
    async function cheapMonthly(currency = 'usd') {
      const real = await stripe().prices.retrieve('price_sub_monthly_usd');
      return stripe().prices.create({
        product: real.product as string,
        currency,
        unit_amount: 100,
        recurring: { interval: 'month' },
        metadata: { offer: 'subscription', plan: 'monthly' },
      });
    }

    it('grants nothing for a subscription at a price that is not the offer’s, made without the API, and records it', async () => {
      const victim = await h.signUp();
      const cheap = await cheapMonthly();
      // a Payment Link: the buyer names the victim in client_reference_id
      const link = await stripe().checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: cheap.id, quantity: 1 }],
        client_reference_id: victim.userId,
        customer_email: 'stranger@example.test',
        success_url: 'http://localhost:3000/premium-member?session_id={CHECKOUT_SESSION_ID}',
      });
      h.emulator.completeCheckout(link.id);
      await h.emulator.waitForIdle();
      // the dashboard: a session on the victim's own customer, so the subscription events name the victim
      const u = await h.signUp();
      expect((await h.checkout(u.token, 'price_sub_monthly_usd')).status).toBe(200);
      const dashboard = await stripe().checkout.sessions.create({
        mode: 'subscription',
        customer: await customerOf(u.userId),
        line_items: [{ price: cheap.id, quantity: 1 }],
        success_url: 'http://localhost:3000/premium-member?session_id={CHECKOUT_SESSION_ID}',
      });
      h.emulator.completeCheckout(dashboard.id);
      await h.emulator.waitForIdle();
      for (const who of [victim, u]) {
        expect((await premium(who.userId)).roles).toEqual(['Member']);
        expect(await db().subscription.count({ where: { userId: who.userId } })).toBe(0);
      }
      expect((await incidents(victim.userId)).map((i) => [i.kind, i.stripeSessionId, i.outcome])).toEqual([
        ['unverified_checkout', link.id, 'granted_nothing'],
      ]);
      // the victim's own customer names the user, so both the subscription and the session are recorded for them
      const subId = (await stripe().checkout.sessions.retrieve(dashboard.id)).subscription as string;
      expect(
        (await incidents(u.userId)).map((i) => [
          i.kind,
          i.stripeSubscriptionId ?? i.stripeSessionId,
          i.outcome,
        ]),
      ).toEqual([
        ['unverified_subscription', subId, 'granted_nothing'],
        ['unverified_checkout', dashboard.id, 'granted_nothing'],
      ]);
    });

    it('cancels and refunds a second subscription that became active while the first one was', async () => {
      h.emulator.pauseDelivery();
      let u!: Awaited<ReturnType<typeof h.signUp>>;
      let first = '';
      let second = '';
      try {
        u = await h.signUp();
        const a = await h.checkout(u.token, 'price_sub_monthly_usd');
        h.emulator.completeCheckout(a.body.sessionId);
        const b = await h.checkout(u.token, 'price_sub_yearly_usd');
        expect(b.status).toBe(200);
        h.emulator.completeCheckout(b.body.sessionId);
        first = (await stripe().checkout.sessions.retrieve(a.body.sessionId)).subscription as string;
        second = (await stripe().checkout.sessions.retrieve(b.body.sessionId)).subscription as string;
      } finally {
        h.emulator.resumeDelivery();
      }
      await h.emulator.waitForIdle();
      expect((await stripe().subscriptions.retrieve(first)).status).toBe('active');
      expect((await stripe().subscriptions.retrieve(second)).status).toBe('canceled');
      const refunds = await stripe().refunds.list({ payment_intent: await invoicePaymentIntent(second) });
      expect(refunds.data.map((r) => [r.amount, r.reason])).toEqual([[4999, 'duplicate']]);
      const rows = await db().subscription.findMany({ where: { userId: u.userId } });
      const byId = Object.fromEntries(rows.map((r) => [r.stripeSubscriptionId, r]));
      expect(byId[first]).toMatchObject({ status: 'active', duplicate: false });
      expect(byId[second]).toMatchObject({ status: 'canceled', duplicate: true });
      const p = await premium(u.userId);
      expect(p.roles).toEqual(['Member', 'PremiumMember']);
      expect(p.until).toEqual(byId[first].currentPeriodEnd);
      expect(
        (await incidents(u.userId)).map((i) => [
          i.kind,
          i.stripeSubscriptionId,
          i.outcome,
          i.action,
          i.actionStatus,
        ]),
      ).toEqual([['duplicate_subscription', second, 'cancelled', 'cancel', 'done']]);
      // a replay of the duplicate's creation cancels and refunds nothing more
      const created = h.emulator
        .events()
        .find(
          (e) =>
            e.type === 'customer.subscription.created' && (e.data.object as { id: string }).id === second,
        )!;
      h.emulator.deliverAgain(created.id);
      await h.emulator.waitForIdle();
      await h.payments.payments.runPendingActions(new Date(Date.now() + 86_400_000));
      expect(
        (await stripe().refunds.list({ payment_intent: await invoicePaymentIntent(second) })).data,
      ).toHaveLength(1);
      expect(await incidents(u.userId)).toHaveLength(1);
    });

    it('a refunded subscription invoice ends the period it paid for; a small partial refund does not; each is recorded', async () => {
      const { userId } = await h.buy('price_sub_monthly_gbp');
      const sub = await subOf(userId);
      const pi = await invoicePaymentIntent(sub.stripeSubscriptionId);
      await stripe().refunds.create({ payment_intent: pi, amount: 100 });
      await h.emulator.waitForIdle();
      expect((await premium(userId)).roles).toEqual(['Member', 'PremiumMember']);
      await stripe().refunds.create({ payment_intent: pi });
      await h.emulator.waitForIdle();
      const p = await premium(userId);
      expect(p.roles).toEqual(['Member']);
      const ended = await subOf(userId);
      expect(ended).toMatchObject({ status: 'active', refundedPeriodEnd: sub.currentPeriodEnd });
      const charge = (await stripe().charges.list({ payment_intent: pi })).data[0] as Stripe.Charge;
      expect(
        (await incidents(userId)).map((i) => [
          i.kind,
          i.outcome,
          i.amount,
          i.amountRefunded,
          i.stripeSubscriptionId,
        ]),
      ).toEqual([
        ['invoice_refund', 'access_kept', charge.amount, 100, sub.stripeSubscriptionId],
        ['invoice_refund', 'period_ended', charge.amount, charge.amount, sub.stripeSubscriptionId],
      ]);
      // the next period is paid again: access comes back for it
      h.emulator.renewSubscription(sub.stripeSubscriptionId);
      await h.emulator.waitForIdle();
      const renewed = await subOf(userId);
      const back = await premium(userId);
      expect(back.roles).toEqual(['Member', 'PremiumMember']);
      expect(back.until).toEqual(renewed.currentPeriodEnd);
    });
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

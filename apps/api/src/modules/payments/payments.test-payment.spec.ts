import request from 'supertest';
import { paymentsInTestMode, TEST_PAYMENT } from '@polski/contracts';
import { startPaymentsHarness, type TPaymentsHarness } from '../../../test/support/payments-harness';

const DAY_MS = 86_400_000;

/**
 * The hidden test button's payment (issue 18 item 9; docs/product.md, "Premium page"): a fixed test price, not a
 * plan on sale, taken only where no real money moves.
 */
describe('the test payment: a fixed test price, in test mode only', () => {
  let h: TPaymentsHarness;
  beforeAll(async () => {
    h = await startPaymentsHarness();
  });
  afterAll(() => h.close());
  const db = () => h.t.database.db;

  it('charges the fixed USD 1.00 (never a plan of the offer) and gives one day of premium', async () => {
    const before = Date.now();
    const { userId, sessionId, token } = await h.buy(TEST_PAYMENT.priceId);
    const checkout = await db().checkoutSession.findUniqueOrThrow({ where: { stripeSessionId: sessionId } });
    expect(checkout).toMatchObject({ plan: 'test', currency: 'USD', amount: 100, mode: 'payment' });
    const payment = await db().payment.findUniqueOrThrow({ where: { stripeSessionId: sessionId } });
    expect(payment).toMatchObject({ status: 'paid', plan: 'test', currency: 'USD', amount: 100 });
    const user = await db().user.findUniqueOrThrow({ where: { id: userId } });
    expect(user.premiumLifetime).toBe(false);
    expect(user.premiumUntil!.getTime()).toBeGreaterThanOrEqual(before + DAY_MS - 60_000);
    expect(user.premiumUntil!.getTime()).toBeLessThanOrEqual(Date.now() + DAY_MS + 60_000);
    const me = await request(h.t.app)
      .get('/api/payments/user-updated-roles?cacheBuster=1')
      .set('Authorization', `Bearer ${token}`);
    expect(me.body.roles).toContain('PremiumMember');

    // the Stripe price is made once, under its lookup key, and is not on the offer's price list
    const second = await h.buy(TEST_PAYMENT.priceId);
    const again = await db().checkoutSession.findUniqueOrThrow({
      where: { stripeSessionId: second.sessionId },
    });
    expect(again.priceId).toBe(checkout.priceId);
    const stripe = h.emulator.stripe();
    const prices = [];
    for await (const p of stripe.prices.list({ active: true, limit: 100 })) prices.push(p);
    expect(prices.filter((p) => p.lookup_key === TEST_PAYMENT.lookupKey).map((p) => p.id)).toEqual([
      checkout.priceId,
    ]);
    const listed = await request(h.t.app).get('/api/payments/get-selected-prices2');
    expect(JSON.stringify(listed.body)).not.toContain(checkout.priceId);
  });

  it('is refused where real money would move (live Stripe keys)', async () => {
    expect(paymentsInTestMode(undefined)).toBe(true);
    expect(paymentsInTestMode('sk_test_abc')).toBe(true);
    expect(paymentsInTestMode('rk_test_abc')).toBe(true);
    expect(paymentsInTestMode('sk_live_abc')).toBe(false);
    const deps = (h.payments.payments as unknown as { d: { testPayments?: boolean } }).d;
    deps.testPayments = false;
    try {
      const user = await h.signUp();
      const res = await h.checkout(user.token, TEST_PAYMENT.priceId);
      expect(res.status).toBe(400);
      expect(res.body.errors.priceId).toEqual(['This price is not part of the current offer.']);
      expect(await db().checkoutSession.count({ where: { userId: user.userId } })).toBe(0);
    } finally {
      deps.testPayments = true;
    }
  });
});

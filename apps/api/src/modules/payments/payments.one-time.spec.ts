import request from 'supertest';
import Stripe from 'stripe';
import { startPaymentsHarness, type TPaymentsHarness } from '../../../test/support/payments-harness';
import { ALREADY_PREMIUM } from './payments.service';

const YEAR_MS = 365 * 86_400_000;

describe('payments, one-time offer (variant B)', () => {
  let h: TPaymentsHarness;
  beforeAll(async () => {
    h = await startPaymentsHarness();
  });
  afterAll(() => h.close());
  const db = () => h.t.database.db;
  const app = () => h.t.app;

  describe('prices and location', () => {
    it('lists the offer prices from Stripe grouped by uppercase currency then id, JPY in whole yen', async () => {
      const res = await request(app()).get('/api/payments/get-selected-prices2');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual([
        'AUD',
        'BRL',
        'CAD',
        'CHF',
        'CZK',
        'DKK',
        'EUR',
        'GBP',
        'HUF',
        'JPY',
        'NOK',
        'NZD',
        'PLN',
        'SEK',
        'USD',
      ]);
      expect(res.body.USD.price_once_yearly_usd).toEqual({
        id: 'price_once_yearly_usd',
        currency: 'USD',
        amount: 59,
        plan: 'yearly',
      });
      expect(res.body.JPY.price_once_lifetime_jpy).toEqual({
        id: 'price_once_lifetime_jpy',
        currency: 'JPY',
        amount: 22000,
        plan: 'lifetime',
      });
      expect(Object.keys(res.body.USD)).toEqual(['price_once_lifetime_usd', 'price_once_yearly_usd']);
      expect(res.headers['cache-control']).toMatch(/public/);
      const flat = await request(app()).get('/api/payments/get-selected-prices');
      expect(flat.body).toHaveLength(30);
    });

    it('detects the country from the address with the offline GeoIP database, falling back to US', async () => {
      const pl = await request(app())
        .get('/api/payments/get-user-location')
        .set('X-Forwarded-For', '83.0.0.1');
      expect(pl.body).toEqual({ countryCode: 'PL' });
      const gb = await request(app())
        .get('/api/payments/get-user-location')
        .set('X-Forwarded-For', '81.2.69.160');
      expect(gb.body).toEqual({ countryCode: 'GB' });
      const local = await request(app()).get('/api/payments/get-user-location');
      expect(local.body).toEqual({ countryCode: 'US' });
      // the CDN header is not trusted unless configured
      const cdn = await request(app()).get('/api/payments/get-user-location').set('CF-IPCountry', 'JP');
      expect(cdn.body).toEqual({ countryCode: 'US' });
    });

    it('says which offer is active and that payments are in test mode', async () => {
      const res = await request(app()).get('/api/payments/config');
      expect(res.body).toEqual({ offer: 'one-time', testMode: true });
    });
  });

  describe('checkout', () => {
    it('refuses visitors, unknown prices, the other variant and a foreign or missing handle', async () => {
      const u = await h.signUp();
      const other = await h.signUp();
      const auth = { Authorization: `Bearer ${u.token}` };
      const anon = await request(app())
        .post('/api/payments/create-checkout-session2')
        .send({ priceId: 'price_once_yearly_usd', userId: 'x'.repeat(32) });
      expect(anon.status).toBe(401);
      const unknown = await h.checkout(u.token, 'price_does_not_exist');
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors.priceId).toEqual(['This price is not part of the current offer.']);
      const wrongVariant = await h.checkout(u.token, 'price_sub_monthly_usd');
      expect(wrongVariant.status).toBe(400);
      const wrongEndpoint = await h.checkout(
        u.token,
        'price_once_yearly_usd',
        '/api/payments/create-checkout-session',
      );
      expect(wrongEndpoint.status).toBe(400);
      expect(wrongEndpoint.body.message).toMatch(/other premium offer/);
      const foreign = await request(app())
        .post('/api/payments/create-checkout-session2')
        .set(auth)
        .send({ priceId: 'price_once_yearly_usd', userId: await h.handle(other.token) });
      expect(foreign.status).toBe(400);
      expect(foreign.body.errors.userId).toBeDefined();
      const missing = await request(app())
        .post('/api/payments/create-checkout-session2')
        .set(auth)
        .send({ priceId: 'price_once_yearly_usd' });
      expect(missing.status).toBe(400);
      expect(await db().checkoutSession.count({ where: { userId: u.userId } })).toBe(0);
    });

    it('creates one customer per user and returns the same open session for a double click', async () => {
      const u = await h.signUp();
      const handle = await h.handle(u.token);
      const send = () =>
        request(app())
          .post('/api/payments/create-checkout-session2')
          .set('Authorization', `Bearer ${u.token}`)
          .send({ priceId: 'price_once_yearly_eur', userEmail: u.email, userId: handle });
      const [a, b] = await Promise.all([send(), send()]);
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(a.body.sessionId).toMatch(/^cs_test_/);
      expect(b.body.sessionId).toBe(a.body.sessionId);
      expect(a.body.url).toBe(`${h.emulator.baseUrl}/c/pay/${a.body.sessionId}`);
      expect(await db().paymentCustomer.count({ where: { userId: u.userId } })).toBe(1);
      const stripe = h.payments.stripe;
      const customers = await stripe.customers.list({ email: u.email });
      expect(customers.data).toHaveLength(1);
      const session = await stripe.checkout.sessions.retrieve(a.body.sessionId);
      expect(session.client_reference_id).toBe(u.userId);
      expect(session.metadata).toMatchObject({ userId: u.userId, plan: 'yearly', offer: 'one-time' });
      expect(session.success_url).toBe(
        `http://localhost:3000/success?from=stripe&userId=${handle}&session_id={CHECKOUT_SESSION_ID}`,
      );
      expect(session.currency).toBe('eur');
      expect(session.amount_total).toBe(5500);
    });
  });

  describe('fulfilment', () => {
    it('grants a year of premium once the hosted checkout is paid, through the signed webhook', async () => {
      const before = Date.now();
      const { token, userId, email, redirect, sessionId } = await h.buy('price_once_yearly_usd');
      expect(redirect).toMatch(new RegExp(`/success\\?from=stripe&userId=[\\w-]+&session_id=${sessionId}$`));
      const user = await db().user.findUniqueOrThrow({
        where: { id: userId },
        include: { roles: { include: { role: true } } },
      });
      expect(user.roles.map((r) => r.role.name).sort()).toEqual(['Member', 'PremiumMember']);
      expect(user.premiumLifetime).toBe(false);
      expect(user.premiumUntil!.getTime()).toBeGreaterThanOrEqual(before + YEAR_MS - 60_000);
      expect(user.premiumUntil!.getTime()).toBeLessThanOrEqual(Date.now() + YEAR_MS + 60_000);
      const payment = await db().payment.findUniqueOrThrow({ where: { stripeSessionId: sessionId } });
      expect(payment).toMatchObject({ status: 'paid', plan: 'yearly', currency: 'USD', amount: 5900 });
      expect(payment.stripePaymentIntentId).toMatch(/^pi_/);
      expect(await db().emailOutbox.count({ where: { to: email, subject: 'Welcome to Premium' } })).toBe(1);
      const me = await request(app())
        .get('/api/payments/user-updated-roles?cacheBuster=1')
        .set('Authorization', `Bearer ${token}`);
      expect(me.body.roles).toEqual(['Member', 'PremiumMember']);
      expect(me.body.cus).toBe(user.premiumUntil!.toISOString());
      expect(
        await db().webhookEvent.count({ where: { type: 'checkout.session.completed' } }),
      ).toBeGreaterThan(0);

      const again = await h.checkout(token, 'price_once_lifetime_usd');
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ALREADY_PREMIUM);
    });

    it('grants lifetime access for the lifetime plan', async () => {
      const { token, userId } = await h.buy('price_once_lifetime_jpy');
      const user = await db().user.findUniqueOrThrow({ where: { id: userId } });
      expect(user.premiumLifetime).toBe(true);
      expect((await db().payment.findFirstOrThrow({ where: { userId } })).amount).toBe(22000);
      const settings = await request(app())
        .get('/api/account/settings')
        .set('Authorization', `Bearer ${token}`);
      expect(settings.body).toMatchObject({
        premiumLifetime: true,
        premiumExpirationDate: null,
        roles: ['Member', 'PremiumMember'],
        hasBillingAccount: true,
      });
    });

    it('fulfils from the return page when the webhook is late, and the late webhook changes nothing', async () => {
      h.emulator.pauseDelivery();
      try {
        const u = await h.signUp();
        const res = await h.checkout(u.token, 'price_once_yearly_gbp');
        h.emulator.completeCheckout(res.body.sessionId);
        expect((await db().user.findUniqueOrThrow({ where: { id: u.userId } })).premiumUntil).toBeNull();
        const stranger = await h.signUp();
        const foreign = await request(app())
          .post('/api/payments/fulfil')
          .set('Authorization', `Bearer ${stranger.token}`)
          .send({ sessionId: res.body.sessionId });
        expect(foreign.status).toBe(404);
        const f = await request(app())
          .post('/api/payments/fulfil')
          .set('Authorization', `Bearer ${u.token}`)
          .send({ sessionId: res.body.sessionId });
        expect(f.body).toEqual({ status: 'fulfilled' });
        const f2 = await request(app())
          .post('/api/payments/fulfil')
          .set('Authorization', `Bearer ${u.token}`)
          .send({ sessionId: res.body.sessionId });
        expect(f2.body).toEqual({ status: 'already' });
        const premiumUntil = (await db().user.findUniqueOrThrow({ where: { id: u.userId } })).premiumUntil;
        expect(premiumUntil).not.toBeNull();
        h.emulator.resumeDelivery();
        await h.emulator.waitForIdle();
        expect(await db().payment.count({ where: { userId: u.userId } })).toBe(1);
        expect((await db().user.findUniqueOrThrow({ where: { id: u.userId } })).premiumUntil).toEqual(
          premiumUntil,
        );
        expect(await db().emailOutbox.count({ where: { to: u.email, subject: 'Welcome to Premium' } })).toBe(
          1,
        );
      } finally {
        h.emulator.resumeDelivery();
      }
    });

    it('applies a duplicated event once', async () => {
      const { userId, sessionId } = await h.buy('price_once_yearly_pln');
      const event = h.emulator
        .events()
        .find(
          (e) =>
            e.type === 'checkout.session.completed' && (e.data.object as { id: string }).id === sessionId,
        )!;
      h.emulator.deliverAgain(event.id);
      h.emulator.deliverAgain(event.id);
      await h.emulator.waitForIdle();
      expect(await db().webhookEvent.count({ where: { id: event.id } })).toBe(1);
      expect(await db().payment.count({ where: { userId } })).toBe(1);
    });

    it('does nothing when a checkout is abandoned', async () => {
      const u = await h.signUp();
      const res = await h.checkout(u.token, 'price_once_yearly_usd');
      await h.payments.stripe.checkout.sessions.expire(res.body.sessionId);
      await h.emulator.waitForIdle();
      const user = await db().user.findUniqueOrThrow({ where: { id: u.userId } });
      expect(user.premiumUntil).toBeNull();
      expect(await db().payment.count({ where: { userId: u.userId } })).toBe(0);
      expect((await db().checkoutSession.findFirstOrThrow({ where: { userId: u.userId } })).status).toBe(
        'expired',
      );
    });
  });

  describe('refunds and disputes', () => {
    it('ends access when the purchase is refunded (14-day withdrawal) and tells the user', async () => {
      const { userId, email, sessionId } = await h.buy('price_once_yearly_usd');
      const session = await h.payments.stripe.checkout.sessions.retrieve(sessionId);
      await h.payments.stripe.refunds.create({ payment_intent: session.payment_intent as string });
      await h.emulator.waitForIdle();
      const user = await db().user.findUniqueOrThrow({
        where: { id: userId },
        include: { roles: { include: { role: true } } },
      });
      expect(user.roles.map((r) => r.role.name)).toEqual(['Member']);
      expect(user.premiumUntil).toBeNull();
      expect((await db().payment.findUniqueOrThrow({ where: { stripeSessionId: sessionId } })).status).toBe(
        'refunded',
      );
      expect(
        await db().emailOutbox.count({ where: { to: email, subject: 'Your premium access has ended' } }),
      ).toBe(1);
    });

    it('converges when the refund arrives before the purchase event', async () => {
      h.emulator.pauseDelivery();
      let userId = '';
      try {
        const u = await h.signUp();
        userId = u.userId;
        const res = await h.checkout(u.token, 'price_once_lifetime_usd');
        h.emulator.completeCheckout(res.body.sessionId);
        const session = await h.payments.stripe.checkout.sessions.retrieve(res.body.sessionId);
        await h.payments.stripe.refunds.create({ payment_intent: session.payment_intent as string });
        await h.emulator.deliverOutOfOrder();
      } finally {
        h.emulator.resumeDelivery();
      }
      await h.emulator.waitForIdle();
      const user = await db().user.findUniqueOrThrow({ where: { id: userId } });
      expect(user.premiumLifetime).toBe(false);
      expect((await db().payment.findFirstOrThrow({ where: { userId } })).status).toBe('refunded');
    });

    it('ends access when the payment is disputed', async () => {
      const { userId, sessionId } = await h.buy('price_once_yearly_usd');
      const session = await h.payments.stripe.checkout.sessions.retrieve(sessionId, {
        expand: ['payment_intent'],
      });
      const pi = session.payment_intent as Stripe.PaymentIntent;
      h.emulator.createDispute(pi.latest_charge as string);
      await h.emulator.waitForIdle();
      expect((await db().payment.findFirstOrThrow({ where: { userId } })).status).toBe('disputed');
      expect((await db().user.findUniqueOrThrow({ where: { id: userId } })).premiumUntil).toBeNull();
    });
  });

  describe('webhook endpoint', () => {
    const post = (body: string, sig?: string) => {
      const r = request(app()).post('/api/payments/webhook').set('Content-Type', 'application/json');
      return (sig ? r.set('Stripe-Signature', sig) : r).send(body);
    };
    it('refuses a missing or bad signature with 400 and answers 200 to unhandled types', async () => {
      const payload = JSON.stringify({
        id: 'evt_test_unhandled_1',
        object: 'event',
        type: 'product.created',
        created: 1,
        data: { object: { id: 'prod_x' } },
      });
      expect((await post(payload)).status).toBe(400);
      const forged = h.payments.stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_wrong' });
      const bad = await post(payload, forged);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Invalid Stripe signature');
      const good = h.payments.stripe.webhooks.generateTestHeaderString({
        payload,
        secret: h.payments.webhookSecret,
      });
      const ok = await post(payload, good);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ received: true, ignored: true });
      const tampered = await post(payload.replace('prod_x', 'prod_y'), good);
      expect(tampered.status).toBe(400);
      const dup = await post(payload, good);
      expect(dup.body).toEqual({ received: true, duplicate: true });
    });
  });

  describe('portal and admin', () => {
    it('opens the billing portal for a customer and refuses a user without one', async () => {
      const { token } = await h.buy('price_once_yearly_usd');
      const res = await request(app())
        .get('/api/payments/customer-portal')
        .set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(200);
      expect(res.body.url).toMatch(new RegExp(`^${h.emulator.baseUrl}/p/session/bps_`));
      const fresh = await h.signUp();
      const none = await request(app())
        .get('/api/payments/customer-portal')
        .set('Authorization', `Bearer ${fresh.token}`);
      expect(none.status).toBe(400);
      expect(none.body.message).toMatch(/no billing account/);
      expect((await request(app()).get('/api/payments/customer-portal')).status).toBe(401);
    });

    it('lets only admins list Stripe purchases and reconcile roles, reporting what changed', async () => {
      const buyer = await h.buy('price_once_yearly_usd');
      const member = await h.signUp();
      expect((await request(app()).get('/api/payments/fetch-stripe-subs')).status).toBe(401);
      const denied = await request(app())
        .get('/api/payments/fetch-stripe-subs')
        .set('Authorization', `Bearer ${member.token}`);
      expect(denied.status).toBe(403);
      expect(
        (await request(app()).post('/api/payments/sync-roles').set('Authorization', `Bearer ${member.token}`))
          .status,
      ).toBe(403);

      const admin = await h.signUp();
      const adminRole = await db().role.findUniqueOrThrow({ where: { name: 'Admin' } });
      await db().userRole.create({ data: { userId: admin.userId, roleId: adminRole.id } });
      const auth = { Authorization: `Bearer ${admin.token}` };
      const list = await request(app()).get('/api/payments/fetch-stripe-subs').set(auth);
      expect(list.status).toBe(200);
      const mine = list.body.payments.find((p: { sessionId: string }) => p.sessionId === buyer.sessionId);
      expect(mine).toMatchObject({
        user: { email: buyer.email },
        plan: 'yearly',
        amount: 5900,
        currency: 'USD',
        status: 'paid',
      });

      // drift: the purchase record and the role are lost locally; Stripe still has the payment
      await db().payment.deleteMany({ where: { userId: buyer.userId } });
      await db().checkoutSession.updateMany({ where: { userId: buyer.userId }, data: { fulfilledAt: null } });
      await db().user.update({ where: { id: buyer.userId }, data: { premiumUntil: null } });
      await db().userRole.deleteMany({ where: { userId: buyer.userId, role: { name: 'PremiumMember' } } });
      const sync = await request(app()).post('/api/payments/sync-roles').set(auth);
      expect(sync.status).toBe(200);
      expect(sync.body.changes).toContainEqual(
        expect.objectContaining({ email: buyer.email, before: false, after: true }),
      );
      expect(
        (await db().user.findUniqueOrThrow({ where: { id: buyer.userId } })).premiumUntil,
      ).not.toBeNull();
      const again = await request(app()).post('/api/payments/sync-roles').set(auth);
      expect(again.body.changes.find((c: { email: string }) => c.email === buyer.email)).toBeUndefined();
    });
  });
});

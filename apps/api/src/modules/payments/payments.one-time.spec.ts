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

    it('welcomes a German learner to Premium in German, the end date written in German (docs/i18n.md, "Emails")', async () => {
      const u = await h.signUp({ lang: 'de' });
      const res = await h.checkout(u.token, 'price_once_yearly_eur');
      expect(res.status).toBe(200);
      h.emulator.completeCheckout(res.body.sessionId);
      await h.emulator.waitForIdle();
      const user = await db().user.findUniqueOrThrow({ where: { id: u.userId } });
      const mail = await db().emailOutbox.findFirstOrThrow({
        where: { to: u.email, kind: 'premium-granted' },
      });
      expect(mail.subject).toBe('Willkommen bei Premium');
      const date = new Intl.DateTimeFormat('de', { dateStyle: 'long', timeZone: 'UTC' }).format(
        user.premiumUntil!,
      );
      expect(mail.text).toContain(`Danke für deinen Kauf. Dein Premium-Zugang gilt bis zum ${date}.`);
      expect(mail.html).toContain('<html lang="de">');
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

  describe('sessions this API did not create (issue 13, item 3)', () => {
    const stripe = () => h.payments.stripe;
    const incidents = (where: object) =>
      db().paymentIncident.findMany({ where, orderBy: { createdAt: 'asc' } });
    /** A session made on Stripe without this API, as a Payment Link or the dashboard makes it, then paid. */
    async function paidDirectSession(params: {
      price: string;
      quantity?: number;
      clientReferenceId?: string;
      metadata?: Record<string, string>;
    }) {
      const session = await stripe().checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: params.price, quantity: params.quantity ?? 1 }],
        ...(params.clientReferenceId ? { client_reference_id: params.clientReferenceId } : {}),
        ...(params.metadata ? { metadata: params.metadata } : {}),
        customer_email: 'stranger@example.test',
        success_url: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
      });
      h.emulator.completeCheckout(session.id);
      await h.emulator.waitForIdle();
      return session;
    }
    /** A price on the premium product that looks like the offer's (same metadata), at another amount or currency. */
    async function lookalikePrice(currency: string, unitAmount: number) {
      const real = await stripe().prices.retrieve('price_once_lifetime_usd');
      return stripe().prices.create({
        product: real.product as string,
        currency,
        unit_amount: unitAmount,
        metadata: { offer: 'one-time', plan: 'lifetime' },
      });
    }
    const premiumOf = async (userId: string) => {
      const u = await db().user.findUniqueOrThrow({
        where: { id: userId },
        include: { roles: { include: { role: true } } },
      });
      return { lifetime: u.premiumLifetime, until: u.premiumUntil, roles: u.roles.map((r) => r.role.name) };
    };

    it('grants nothing for a paid session naming a user at a price that is not the offer’s, and records it', async () => {
      const victim = await h.signUp();
      const cheap = await lookalikePrice('usd', 100);
      const byReference = await paidDirectSession({ price: cheap.id, clientReferenceId: victim.userId });
      const byMetadata = await paidDirectSession({
        price: cheap.id,
        metadata: { userId: victim.userId, plan: 'lifetime', offer: 'one-time' },
      });
      expect(await premiumOf(victim.userId)).toEqual({ lifetime: false, until: null, roles: ['Member'] });
      expect(await db().payment.count({ where: { userId: victim.userId } })).toBe(0);
      const rows = await incidents({ userId: victim.userId });
      expect(rows.map((r) => [r.kind, r.stripeSessionId, r.outcome, r.amount, r.currency])).toEqual([
        ['unverified_checkout', byReference.id, 'granted_nothing', 100, 'USD'],
        ['unverified_checkout', byMetadata.id, 'granted_nothing', 100, 'USD'],
      ]);
      expect(rows[0].detail).toMatch(/not a price of the one-time offer/);
      // the return page cannot claim it either, and a replayed event records nothing more
      const claim = await request(app())
        .post('/api/payments/fulfil')
        .set('Authorization', `Bearer ${victim.token}`)
        .send({ sessionId: byReference.id });
      expect(claim.status).toBe(404);
      const event = h.emulator
        .events()
        .find(
          (e) =>
            e.type === 'checkout.session.completed' &&
            (e.data.object as { id: string }).id === byReference.id,
        )!;
      h.emulator.deliverAgain(event.id);
      await h.emulator.waitForIdle();
      expect(await incidents({ userId: victim.userId })).toHaveLength(2);
      expect((await premiumOf(victim.userId)).roles).toEqual(['Member']);
    });

    it('grants nothing for a wrong currency or a wrong amount of the offer’s own price, and records each', async () => {
      const victim = await h.signUp();
      // 5900 is the yearly USD amount, but in yen (a 59th of the price)
      const yen = await lookalikePrice('jpy', 5900);
      const wrongCurrency = await paidDirectSession({ price: yen.id, clientReferenceId: victim.userId });
      // the offer's own price, bought twice over in one session: the amount is not the offer's
      const wrongAmount = await paidDirectSession({
        price: 'price_once_yearly_usd',
        quantity: 2,
        clientReferenceId: victim.userId,
      });
      expect((await premiumOf(victim.userId)).roles).toEqual(['Member']);
      const rows = await incidents({ userId: victim.userId });
      expect(rows.map((r) => [r.kind, r.stripeSessionId, r.amount, r.currency])).toEqual([
        ['unverified_checkout', wrongCurrency.id, 5900, 'JPY'],
        ['unverified_checkout', wrongAmount.id, 11800, 'USD'],
      ]);
      expect(rows[1].detail).toMatch(/amount/);
    });

    it('fulfils a session made without the API when its one line item is an offer price at its amount and currency', async () => {
      const buyer = await h.signUp();
      const session = await paidDirectSession({
        price: 'price_once_yearly_usd',
        clientReferenceId: buyer.userId,
      });
      const p = await premiumOf(buyer.userId);
      expect(p.roles).toEqual(['Member', 'PremiumMember']);
      expect(await db().payment.findUniqueOrThrow({ where: { stripeSessionId: session.id } })).toMatchObject({
        status: 'paid',
        plan: 'yearly',
        amount: 5900,
        currency: 'USD',
      });
      expect(await incidents({ userId: buyer.userId })).toEqual([]);
    });
  });

  describe('several checkouts at once (issue 13, item 4)', () => {
    const stripe = () => h.payments.stripe;
    const incidents = (where: object) =>
      db().paymentIncident.findMany({ where, orderBy: { createdAt: 'asc' } });
    const paymentIntentOf = async (sessionId: string) =>
      (await stripe().checkout.sessions.retrieve(sessionId)).payment_intent as string;
    async function makeAdmin() {
      const admin = await h.signUp();
      const role = await db().role.findUniqueOrThrow({ where: { name: 'Admin' } });
      await db().userRole.create({ data: { userId: admin.userId, roleId: role.id } });
      return admin;
    }
    /** Two checkouts of one user both paid before either webhook arrives (the first was paid before the second was opened). */
    async function payTwoInARace(first: string, second: string) {
      h.emulator.pauseDelivery();
      try {
        const u = await h.signUp();
        const a = await h.checkout(u.token, first);
        expect(a.status).toBe(200);
        h.emulator.completeCheckout(a.body.sessionId);
        const b = await h.checkout(u.token, second);
        expect(b.status).toBe(200);
        h.emulator.completeCheckout(b.body.sessionId);
        return { ...u, a: a.body.sessionId as string, b: b.body.sessionId as string };
      } finally {
        h.emulator.resumeDelivery();
      }
    }

    it('expires the user’s other open sessions when a new one is created', async () => {
      const u = await h.signUp();
      const ids: string[] = [];
      for (const price of ['price_once_yearly_usd', 'price_once_lifetime_usd', 'price_once_yearly_eur']) {
        const res = await h.checkout(u.token, price);
        expect(res.status).toBe(200);
        ids.push(res.body.sessionId);
        const states = await Promise.all(
          ids.map(async (id) => (await stripe().checkout.sessions.retrieve(id)).status),
        );
        expect(states).toEqual([...ids.slice(0, -1).map(() => 'expired'), 'open']);
      }
      const customer = (await db().paymentCustomer.findUniqueOrThrow({ where: { userId: u.userId } }))
        .stripeCustomerId;
      const open = await stripe().checkout.sessions.list({ customer, status: 'open', limit: 100 });
      expect(open.data.map((s) => s.id)).toEqual([ids[2]]);
      expect(() => h.emulator.completeCheckout(ids[0])).toThrow(/expired/);
      await h.emulator.waitForIdle();
      const rows = await db().checkoutSession.findMany({
        where: { userId: u.userId },
        orderBy: { createdAt: 'asc' },
      });
      expect(rows.map((r) => [r.stripeSessionId, r.status])).toEqual([
        [ids[0], 'expired'],
        [ids[1], 'expired'],
        [ids[2], 'open'],
      ]);
      // a double click still gets the open session back, and expires nothing
      const again = await h.checkout(u.token, 'price_once_yearly_eur');
      expect(again.body.sessionId).toBe(ids[2]);
      expect((await stripe().checkout.sessions.retrieve(ids[2])).status).toBe('open');
    });

    it('refunds the second of two checkouts paid in a race, once, records it and shows it to the admin', async () => {
      const u = await payTwoInARace('price_once_yearly_usd', 'price_once_yearly_eur');
      await h.emulator.waitForIdle();
      const user = await db().user.findUniqueOrThrow({ where: { id: u.userId } });
      expect(user.premiumUntil).not.toBeNull();
      const kept = await db().payment.findUniqueOrThrow({ where: { stripeSessionId: u.a } });
      const dup = await db().payment.findUniqueOrThrow({ where: { stripeSessionId: u.b } });
      expect(kept).toMatchObject({ status: 'paid', amountRefunded: 0 });
      expect(dup).toMatchObject({ status: 'duplicate', amount: 5500, currency: 'EUR', amountRefunded: 5500 });
      const refunds = await stripe().refunds.list({ payment_intent: await paymentIntentOf(u.b) });
      expect(refunds.data.map((r) => [r.amount, r.reason, r.status])).toEqual([
        [5500, 'duplicate', 'succeeded'],
      ]);
      expect((await stripe().refunds.list({ payment_intent: await paymentIntentOf(u.a) })).data).toEqual([]);
      const [incident] = await incidents({ userId: u.userId });
      expect(incident).toMatchObject({
        kind: 'duplicate_payment',
        stripeSessionId: u.b,
        outcome: 'refunded',
        action: 'refund',
        actionStatus: 'done',
        stripeRefundId: refunds.data[0].id,
        amount: 5500,
        currency: 'EUR',
      });
      expect(await db().emailOutbox.count({ where: { to: u.email, subject: 'Welcome to Premium' } })).toBe(1);

      // the same event again, and the return page's fulfil: nothing more is refunded or recorded
      const event = h.emulator
        .events()
        .find(
          (e) => e.type === 'checkout.session.completed' && (e.data.object as { id: string }).id === u.b,
        )!;
      h.emulator.deliverAgain(event.id);
      const late = await request(app())
        .post('/api/payments/fulfil')
        .set('Authorization', `Bearer ${u.token}`)
        .send({ sessionId: u.b });
      expect(late.body).toEqual({ status: 'already' });
      await h.emulator.waitForIdle();
      await h.payments.payments.runPendingActions(new Date(Date.now() + 86_400_000));
      expect((await stripe().refunds.list({ payment_intent: await paymentIntentOf(u.b) })).data).toHaveLength(
        1,
      );
      expect(await incidents({ userId: u.userId })).toHaveLength(1);

      const admin = await makeAdmin();
      const view = await request(app())
        .get('/api/payments/fetch-stripe-subs')
        .set('Authorization', `Bearer ${admin.token}`);
      expect(view.status).toBe(200);
      expect(view.body.incidents).toContainEqual(
        expect.objectContaining({
          kind: 'duplicate_payment',
          user: { username: u.username, email: u.email },
          stripeSessionId: u.b,
          amount: 5500,
          currency: 'EUR',
          outcome: 'refunded',
          action: 'refund',
          actionStatus: 'done',
          stripeRefundId: refunds.data[0].id,
        }),
      );
      expect(view.body.payments).toContainEqual(
        expect.objectContaining({ sessionId: u.b, status: 'duplicate', amountRefunded: 5500 }),
      );
    });

    it('a lifetime purchase during an active yearly period is an upgrade: lifetime is kept, the yearly of the race refunded', async () => {
      const u = await payTwoInARace('price_once_yearly_usd', 'price_once_lifetime_usd');
      await h.emulator.waitForIdle();
      const user = await db().user.findUniqueOrThrow({ where: { id: u.userId } });
      expect(user.premiumLifetime).toBe(true);
      expect(await db().payment.findUniqueOrThrow({ where: { stripeSessionId: u.b } })).toMatchObject({
        status: 'paid',
        plan: 'lifetime',
      });
      expect(await db().payment.findUniqueOrThrow({ where: { stripeSessionId: u.a } })).toMatchObject({
        status: 'superseded',
        amountRefunded: 5900,
      });
      expect((await stripe().refunds.list({ payment_intent: await paymentIntentOf(u.a) })).data).toHaveLength(
        1,
      );
      expect((await stripe().refunds.list({ payment_intent: await paymentIntentOf(u.b) })).data).toHaveLength(
        0,
      );
      expect(
        (await incidents({ userId: u.userId })).map((i) => [i.kind, i.stripeSessionId, i.actionStatus]),
      ).toEqual([['superseded_payment', u.a, 'done']]);
    });

    it('keeps a refund that Stripe did not take as pending and retries it with the same idempotency key', async () => {
      const refunds = h.payments.stripe.refunds;
      const real = refunds.create.bind(refunds);
      const spy = jest
        .spyOn(refunds, 'create')
        // first try: Stripe does not answer
        .mockImplementationOnce(async () => {
          throw new Stripe.errors.StripeConnectionError({ message: 'connection reset' });
        })
        // second try: Stripe refunds, but the answer is lost on the way back
        .mockImplementationOnce(async (...args: Parameters<typeof real>) => {
          await real(...args);
          throw new Stripe.errors.StripeConnectionError({ message: 'socket hang up' });
        });
      try {
        const u = await payTwoInARace('price_once_lifetime_gbp', 'price_once_yearly_gbp');
        await h.emulator.waitForIdle();
        let [incident] = await incidents({ userId: u.userId });
        expect(incident).toMatchObject({ kind: 'duplicate_payment', actionStatus: 'pending', attempts: 1 });
        expect(incident.lastError).toMatch(/connection reset/);
        const pi = await paymentIntentOf(u.b);
        expect((await stripe().refunds.list({ payment_intent: pi })).data).toHaveLength(0);
        // not due yet: nothing is tried
        expect(await h.payments.payments.runPendingActions(new Date())).toBe(0);
        await h.payments.payments.runPendingActions(new Date(Date.now() + 86_400_000));
        [incident] = await incidents({ userId: u.userId });
        expect(incident).toMatchObject({ actionStatus: 'pending', attempts: 2 });
        expect((await stripe().refunds.list({ payment_intent: pi })).data).toHaveLength(1);
        await h.payments.payments.runPendingActions(new Date(Date.now() + 2 * 86_400_000));
        [incident] = await incidents({ userId: u.userId });
        const done = await stripe().refunds.list({ payment_intent: pi });
        expect(done.data).toHaveLength(1);
        expect(incident).toMatchObject({
          actionStatus: 'done',
          attempts: 3,
          stripeRefundId: done.data[0].id,
        });
        const keys = spy.mock.calls.map(
          (c) => (c[1] as { idempotencyKey?: string } | undefined)?.idempotencyKey,
        );
        expect(new Set(keys).size).toBe(1);
        expect(keys[0]).toBeTruthy();
        await h.emulator.waitForIdle();
        expect(await db().payment.findUniqueOrThrow({ where: { stripeSessionId: u.b } })).toMatchObject({
          status: 'duplicate',
          amountRefunded: 4900,
        });
      } finally {
        spy.mockRestore();
      }
    });
  });

  describe('partial refunds (issue 13, item 17)', () => {
    const stripe = () => h.payments.stripe;
    const refund = async (sessionId: string, amount?: number) => {
      const pi = (await stripe().checkout.sessions.retrieve(sessionId)).payment_intent as string;
      await stripe().refunds.create({ payment_intent: pi, ...(amount ? { amount } : {}) });
      await h.emulator.waitForIdle();
    };
    const state = async (userId: string, sessionId: string) => {
      const u = await db().user.findUniqueOrThrow({
        where: { id: userId },
        include: { roles: { include: { role: true } } },
      });
      const p = await db().payment.findUniqueOrThrow({ where: { stripeSessionId: sessionId } });
      return {
        premium:
          u.roles.some((r) => r.role.name === 'PremiumMember') &&
          (u.premiumLifetime || u.premiumUntil !== null),
        status: p.status,
        amountRefunded: p.amountRefunded,
      };
    };
    const refundIncidents = (userId: string) =>
      db().paymentIncident.findMany({ where: { userId, kind: 'refund' }, orderBy: { createdAt: 'asc' } });

    it('a small partial refund keeps access, and is recorded', async () => {
      const { userId, sessionId } = await h.buy('price_once_yearly_usd');
      await refund(sessionId, 590);
      expect(await state(userId, sessionId)).toEqual({ premium: true, status: 'paid', amountRefunded: 590 });
      expect((await refundIncidents(userId)).map((i) => [i.outcome, i.amount, i.amountRefunded])).toEqual([
        ['access_kept', 5900, 590],
      ]);
    });

    it('a refund of half the amount or more ends access, and is recorded', async () => {
      const { userId, sessionId, email } = await h.buy('price_once_lifetime_usd');
      await refund(sessionId, 7450);
      expect(await state(userId, sessionId)).toEqual({
        premium: false,
        status: 'refunded',
        amountRefunded: 7450,
      });
      expect((await refundIncidents(userId)).map((i) => [i.outcome, i.amount, i.amountRefunded])).toEqual([
        ['access_ended', 14900, 7450],
      ]);
      expect(
        await db().emailOutbox.count({ where: { to: email, subject: 'Your premium access has ended' } }),
      ).toBe(1);
    });

    it('partial refunds that add up to half the amount end access', async () => {
      const { userId, sessionId } = await h.buy('price_once_yearly_eur');
      await refund(sessionId, 1650);
      expect(await state(userId, sessionId)).toMatchObject({ premium: true, status: 'paid' });
      await refund(sessionId, 1100);
      expect(await state(userId, sessionId)).toEqual({
        premium: false,
        status: 'refunded',
        amountRefunded: 2750,
      });
      expect((await refundIncidents(userId)).map((i) => [i.outcome, i.amountRefunded])).toEqual([
        ['access_kept', 1650],
        ['access_ended', 2750],
      ]);
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

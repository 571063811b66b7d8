import pino from 'pino';
import Stripe from 'stripe';
import { ONE_TIME_CURRENCIES, SUBSCRIPTION_CURRENCIES } from '@polski/contracts';
import { EMULATOR_SECRET_KEY, startStripeEmulator, type TStripeEmulator } from './stripe-emulator';
import { defaultCatalogue } from './catalogue';

/** Stripe's REST surface through the real SDK over HTTP: objects, lists, errors, idempotency, auth. */
describe('Stripe emulator API', () => {
  let emulator: TStripeEmulator;
  let stripe: Stripe;

  beforeAll(async () => {
    // A pino logger (what the API passes) plugs straight in.
    emulator = await startStripeEmulator({ logger: pino({ level: 'silent' }) });
    stripe = emulator.stripe();
  });
  afterAll(() => emulator.close());

  describe('customers', () => {
    it('creates a customer with Stripe shape and id prefix, then retrieves it', async () => {
      const created = await stripe.customers.create({
        email: 'ola@example.com',
        name: 'Ola',
        metadata: { userId: 'u_1' },
      });
      expect(created).toMatchObject({
        object: 'customer',
        email: 'ola@example.com',
        name: 'Ola',
        metadata: { userId: 'u_1' },
        livemode: false,
        balance: 0,
      });
      expect(created.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
      expect(typeof created.created).toBe('number');
      const fetched = await stripe.customers.retrieve(created.id);
      expect(fetched).toEqual({ ...created });
    });

    it('updates a customer: sets fields, merges metadata and unsets a key with an empty value', async () => {
      const c = await stripe.customers.create({ email: 'a@example.com', metadata: { a: '1', b: '2' } });
      const updated = await stripe.customers.update(c.id, { name: 'Anna', metadata: { a: '', c: '3' } });
      expect(updated.name).toBe('Anna');
      expect(updated.metadata).toEqual({ b: '2', c: '3' });
    });

    it('lists customers filtered by exact email, newest first', async () => {
      const first = await stripe.customers.create({ email: 'twice@example.com' });
      const second = await stripe.customers.create({ email: 'twice@example.com' });
      await stripe.customers.create({ email: 'other@example.com' });
      const list = await stripe.customers.list({ email: 'twice@example.com' });
      expect(list.object).toBe('list');
      expect(list.url).toBe('/v1/customers');
      expect(list.has_more).toBe(false);
      expect(list.data.map((c) => c.id)).toEqual([second.id, first.id]);
      const none = await stripe.customers.list({ email: 'TWICE@example.com' });
      expect(none.data).toEqual([]);
    });

    it('paginates with limit and starting_after, and the SDK auto-pagination walks every page', async () => {
      const emails = ['p1@example.com', 'p2@example.com', 'p3@example.com'];
      for (const email of emails) await stripe.customers.create({ email, metadata: { page: 'yes' } });
      const page1 = await stripe.customers.list({ limit: 2 });
      expect(page1.data).toHaveLength(2);
      expect(page1.has_more).toBe(true);
      const page2 = await stripe.customers.list({ limit: 2, starting_after: page1.data[1].id });
      expect(page2.data[0].id).not.toBe(page1.data[1].id);
      const all: string[] = [];
      for await (const c of stripe.customers.list({ limit: 2 })) all.push(c.id);
      const everything = await stripe.customers.list({ limit: 100 });
      expect(all).toEqual(everything.data.map((c) => c.id));
      expect(all.length).toBeGreaterThan(2);
    });

    it('refuses an invalid email with Stripe error shape', async () => {
      await expect(stripe.customers.create({ email: 'not-an-email' })).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 400,
        code: 'email_invalid',
        param: 'email',
      });
    });
  });

  describe('catalogue', () => {
    it('seeds both variants by default with deterministic ids, lookup keys and metadata', async () => {
      const price = await stripe.prices.retrieve('price_sub_monthly_usd');
      expect(price).toMatchObject({
        object: 'price',
        currency: 'usd',
        unit_amount: 999,
        type: 'recurring',
        recurring: { interval: 'month', interval_count: 1 },
        lookup_key: 'premium_sub_monthly_usd',
        metadata: { plan: 'monthly', offer: 'subscription' },
        product: 'prod_sub_monthly',
        active: true,
      });
      const six = await stripe.prices.retrieve('price_sub_sixmonth_eur');
      expect(six.recurring).toMatchObject({ interval: 'month', interval_count: 6 });
      const yearly = await stripe.prices.retrieve('price_sub_yearly_pln');
      expect(yearly.recurring).toMatchObject({ interval: 'month', interval_count: 12 });
      const lifetime = await stripe.prices.retrieve('price_once_lifetime_usd');
      expect(lifetime).toMatchObject({ unit_amount: 14900, type: 'one_time', recurring: null });
      expect(lifetime.metadata).toEqual({ plan: 'lifetime', offer: 'one-time' });
    });

    it('stores JPY as a zero-decimal currency (8900 yen is unit_amount 8900)', async () => {
      const jpy = await stripe.prices.retrieve('price_once_yearly_jpy');
      expect(jpy.unit_amount).toBe(8900);
      expect(jpy.currency).toBe('jpy');
    });

    it('prices every variant below the spec list prices, in all its currencies', () => {
      const cat = defaultCatalogue();
      expect(cat.prices.filter((p) => p.metadata?.offer === 'subscription')).toHaveLength(
        SUBSCRIPTION_CURRENCIES.length * 3,
      );
      expect(cat.prices.filter((p) => p.metadata?.offer === 'one-time')).toHaveLength(
        ONE_TIME_CURRENCIES.length * 2,
      );
      expect(defaultCatalogue('one-time').prices.every((p) => p.metadata?.offer === 'one-time')).toBe(true);
    });

    it('lists prices filtered by currency with the product expanded', async () => {
      const list = await stripe.prices.list({
        currency: 'usd',
        active: true,
        expand: ['data.product'],
        limit: 100,
      });
      expect(list.data.map((p) => p.id).sort()).toEqual(
        [
          'price_once_lifetime_usd',
          'price_once_yearly_usd',
          'price_sub_monthly_usd',
          'price_sub_sixmonth_usd',
          'price_sub_yearly_usd',
        ].sort(),
      );
      for (const p of list.data) {
        const product = p.product as Stripe.Product;
        expect(product.object).toBe('product');
        expect(product.metadata.plan).toBe(p.metadata.plan);
        expect(product.name).toMatch(/Polski Stories Premium/);
      }
    });

    it('filters prices by lookup_keys and type', async () => {
      const list = await stripe.prices.list({
        lookup_keys: ['premium_once_lifetime_jpy', 'premium_sub_yearly_gbp'],
      });
      expect(list.data.map((p) => p.id).sort()).toEqual(['price_once_lifetime_jpy', 'price_sub_yearly_gbp']);
      const recurring = await stripe.prices.list({ type: 'recurring', limit: 100 });
      expect(recurring.data).toHaveLength(15);
    });

    it('creates products and prices; a taken lookup key needs transfer_lookup_key', async () => {
      const product = await stripe.products.create({ name: 'Gift card', metadata: { kind: 'gift' } });
      expect(product.id).toMatch(/^prod_/);
      const price = await stripe.prices.create({
        product: product.id,
        currency: 'eur',
        unit_amount: 2500,
        lookup_key: 'gift_eur',
      });
      expect(price).toMatchObject({ object: 'price', unit_amount: 2500, currency: 'eur', type: 'one_time' });
      await expect(
        stripe.prices.create({
          product: product.id,
          currency: 'eur',
          unit_amount: 3000,
          lookup_key: 'gift_eur',
        }),
      ).rejects.toMatchObject({ statusCode: 400, param: 'lookup_key' });
      const moved = await stripe.prices.create({
        product: product.id,
        currency: 'eur',
        unit_amount: 3000,
        lookup_key: 'gift_eur',
        transfer_lookup_key: true,
      });
      const byKey = await stripe.prices.list({ lookup_keys: ['gift_eur'] });
      expect(byKey.data.map((p) => p.id)).toEqual([moved.id]);
      const recurring = await stripe.prices.create({
        product_data: { name: 'Weekly tips' },
        currency: 'usd',
        unit_amount: 100,
        recurring: { interval: 'week' },
      });
      expect(recurring.recurring).toMatchObject({
        interval: 'week',
        interval_count: 1,
        usage_type: 'licensed',
      });
    });
  });

  describe('errors', () => {
    it('answers an unknown id with 404 resource_missing, surfaced by the SDK as StripeInvalidRequestError', async () => {
      const error = await stripe.customers.retrieve('cus_doesnotexist').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
        param: 'id',
        message: "No such customer: 'cus_doesnotexist'",
      });
      expect((error as Stripe.errors.StripeError).requestId).toMatch(/^req_/);
    });

    it('answers a missing required parameter with 400 parameter_missing', async () => {
      const error = await stripe.checkout.sessions
        .create({ mode: 'payment', success_url: 'http://localhost/ok' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error).toMatchObject({
        statusCode: 400,
        code: 'parameter_missing',
        param: 'line_items',
        message: 'Missing required param: line_items.',
      });
    });

    it('answers a parameter Stripe does not have with parameter_unknown', async () => {
      const error = await stripe.customers
        .create({ emial: 'typo@example.com' } as Stripe.CustomerCreateParams)
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'emial' });
    });

    it('refuses a real Stripe parameter it does not emulate instead of ignoring it', async () => {
      const error = await stripe.checkout.sessions
        .create({
          mode: 'subscription',
          line_items: [{ price: 'price_sub_monthly_usd', quantity: 1 }],
          success_url: 'http://localhost/ok',
          subscription_data: { trial_period_days: 7 },
        })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        statusCode: 400,
        code: 'parameter_unknown',
        param: 'subscription_data[trial_period_days]',
      });
      expect((error as Error).message).toMatch(/does not implement/);
    });

    it('reports a referenced object that does not exist as 400 resource_missing on that parameter', async () => {
      const error = await stripe.checkout.sessions
        .create({
          mode: 'payment',
          line_items: [{ price: 'price_nope', quantity: 1 }],
          success_url: 'http://localhost/ok',
        })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({
        statusCode: 400,
        code: 'resource_missing',
        param: 'line_items[0][price]',
      });
    });

    it('answers an unrecognized URL with 404 in Stripe error shape', async () => {
      const res = await fetch(`${emulator.baseUrl}/v1/nothing_here`, {
        headers: { Authorization: `Bearer ${EMULATOR_SECRET_KEY}` },
      });
      expect(res.status).toBe(404);
      const body = (await res.json()) as { error: { type: string; message: string } };
      expect(body.error.type).toBe('invalid_request_error');
      expect(body.error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/nothing_here\)/);
    });

    it('refuses JSON bodies: Stripe v1 takes form encoding only', async () => {
      const res = await fetch(`${emulator.baseUrl}/v1/customers`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${EMULATOR_SECRET_KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'json@example.com' }),
      });
      expect(res.status).toBe(400);
    });

    it('requires a quantity for each checkout line item', async () => {
      await expect(
        stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [{ price: 'price_once_yearly_usd' }],
          success_url: 'http://localhost/ok',
        }),
      ).rejects.toMatchObject({
        statusCode: 400,
        code: 'parameter_missing',
        param: 'line_items[0][quantity]',
      });
    });

    it('answers a body over the limit in Stripe error shape', async () => {
      const res = await fetch(`${emulator.baseUrl}/v1/customers`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${EMULATOR_SECRET_KEY}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: `description=${'x'.repeat(1_100_000)}`,
      });
      expect(res.status).toBe(413);
      const body = (await res.json()) as { error: { type: string } };
      expect(body.error.type).toBe('invalid_request_error');
    });

    it('refuses an invalid limit', async () => {
      await expect(stripe.customers.list({ limit: 0 })).rejects.toMatchObject({
        statusCode: 400,
        param: 'limit',
      });
      await expect(stripe.customers.list({ limit: 101 })).rejects.toMatchObject({
        statusCode: 400,
        param: 'limit',
      });
    });
  });

  describe('authentication', () => {
    it('answers 401 in Stripe error shape without an Authorization header', async () => {
      const res = await fetch(`${emulator.baseUrl}/v1/customers`);
      expect(res.status).toBe(401);
      const body = (await res.json()) as { error: { type: string; message: string } };
      expect(body.error.type).toBe('invalid_request_error');
      expect(body.error.message).toMatch(/You did not provide an API key/);
    });

    it('surfaces a bad key as StripeAuthenticationError through the SDK', async () => {
      const bad = emulator.stripe('not_a_key');
      await expect(bad.customers.list()).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    });

    it('refuses live keys: the emulator is test mode only', async () => {
      const live = emulator.stripe('sk_live_1234567890abcdef');
      await expect(live.customers.list()).rejects.toMatchObject({
        statusCode: 401,
        message: expect.stringMatching(/live mode key/),
      });
    });

    it('accepts any test key, and HTTP basic auth as Stripe does', async () => {
      await expect(emulator.stripe('sk_test_other').customers.list()).resolves.toMatchObject({
        object: 'list',
      });
      const res = await fetch(`${emulator.baseUrl}/v1/customers?limit=1`, {
        headers: { Authorization: `Basic ${Buffer.from(`${EMULATOR_SECRET_KEY}:`).toString('base64')}` },
      });
      expect(res.status).toBe(200);
    });
  });

  describe('idempotency', () => {
    it('replays the first response for the same key and the same parameters', async () => {
      const first = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: 'key-1' });
      const second = await stripe.customers.create(
        { email: 'idem@example.com' },
        { idempotencyKey: 'key-1' },
      );
      expect(second.id).toBe(first.id);
      expect(second.lastResponse.headers['idempotent-replayed']).toBe('true');
      const list = await stripe.customers.list({ email: 'idem@example.com' });
      expect(list.data).toHaveLength(1);
    });

    it('refuses the same key with different parameters as idempotency_error', async () => {
      await stripe.customers.create({ email: 'k2@example.com' }, { idempotencyKey: 'key-2' });
      const error = await stripe.customers
        .create({ email: 'other-k2@example.com' }, { idempotencyKey: 'key-2' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
      expect(error).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
    });

    it('gives distinct objects for the keys the SDK generates itself', async () => {
      const a = await stripe.customers.create({ email: 'same@example.com' });
      const b = await stripe.customers.create({ email: 'same@example.com' });
      expect(a.id).not.toBe(b.id);
    });
  });

  it('answers with the SDK API version in Stripe-Version and a request id', async () => {
    const c = await stripe.customers.create({});
    expect(c.lastResponse.headers['stripe-version']).toBe(Stripe.API_VERSION);
    expect(c.lastResponse.requestId).toMatch(/^req_/);
    expect(emulator.apiVersion).toBe(Stripe.API_VERSION);
  });
});

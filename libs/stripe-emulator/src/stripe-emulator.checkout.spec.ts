import Stripe from 'stripe';
import { startStripeEmulator, type TStripeEmulator } from './stripe-emulator';
import { startTestReceiver, type TTestReceiver } from '../test/test-receiver';

/** Hosted checkout and the billing portal, driven as a browser would: HTML over HTTP, plain form posts. */
describe('Stripe emulator checkout', () => {
  let emulator: TStripeEmulator;
  let stripe: Stripe;
  let site: TTestReceiver;

  beforeAll(async () => {
    emulator = await startStripeEmulator();
    stripe = emulator.stripe();
    site = await startTestReceiver();
  });
  afterAll(async () => {
    await emulator.close();
    await site.close();
  });

  function formAction(html: string): string {
    const match = /<form method="post" action="([^"]+)"/.exec(html);
    if (!match) throw new Error('no form on page');
    return match[1];
  }

  async function getPage(url: string): Promise<{ status: number; html: string; headers: Headers }> {
    const res = await fetch(url);
    return { status: res.status, html: await res.text(), headers: res.headers };
  }

  async function oneTimeSession(priceId: string, customer?: string): Promise<Stripe.Checkout.Session> {
    return stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: priceId, quantity: 1 }],
      ...(customer ? { customer } : { customer_email: 'buyer@example.com' }),
      client_reference_id: 'user-42',
      metadata: { userId: 'user-42', plan: 'yearly' },
      success_url: `${site.url}/success?session_id={CHECKOUT_SESSION_ID}&from=stripe`,
      cancel_url: `${site.url}/premium-member`,
    });
  }

  describe('payment mode', () => {
    it('creates an open session with Stripe fields and a hosted page URL', async () => {
      const customer = await stripe.customers.create({ email: 'ola@example.com' });
      const session = await oneTimeSession('price_once_yearly_usd', customer.id);
      expect(session.id).toMatch(/^cs_test_/);
      expect(session).toMatchObject({
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_total: 5900,
        currency: 'usd',
        customer: customer.id,
        client_reference_id: 'user-42',
        metadata: { userId: 'user-42', plan: 'yearly' },
        payment_intent: null,
        subscription: null,
        success_url: `${site.url}/success?session_id={CHECKOUT_SESSION_ID}&from=stripe`,
        cancel_url: `${site.url}/premium-member`,
        livemode: false,
      });
      expect(session.url).toBe(`${emulator.baseUrl}/c/pay/${session.id}`);
      expect(session.expires_at - session.created).toBe(24 * 3600);
    });

    it('serves an accessible, script-free hosted page with the amount in USD to 2 decimals', async () => {
      const customer = await stripe.customers.create({ email: 'ola@example.com' });
      const session = await oneTimeSession('price_once_yearly_usd', customer.id);
      const page = await getPage(session.url as string);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(page.html).toContain('TEST MODE');
      expect(page.html).toContain('<html lang="en">');
      expect(page.html).toContain('Polski Stories Premium (1 year)');
      expect(page.html).toContain('$59.00');
      expect(page.html).toContain('USD');
      expect(page.html).toContain('ola@example.com');
      expect(page.html).toMatch(/<button[^>]*type="submit"[^>]*>Pay<\/button>/);
      expect(page.html).toContain(`<a class="back" href="${site.url}/premium-member">Cancel and return</a>`);
      expect(page.html).not.toMatch(/<script/i);
      expect(formAction(page.html)).toBe(`/c/pay/${session.id}`);
    });

    it('formats JPY without decimals', async () => {
      const session = await oneTimeSession('price_once_yearly_jpy');
      expect(session).toMatchObject({ amount_total: 8900, currency: 'jpy' });
      const page = await getPage(session.url as string);
      expect(page.html).toContain('¥8,900');
      expect(page.html).not.toMatch(/8,900\.\d\d/);
    });

    it('formats text-symbol currencies with 2 decimals', async () => {
      const session = await oneTimeSession('price_once_lifetime_pln');
      const page = await getPage(session.url as string);
      expect(page.html).toMatch(/PLN\s599\.00/);
    });

    it('pays when the form is posted: redirects 303 to success_url with the real session id', async () => {
      site.requests.length = 0;
      const customer = await stripe.customers.create({ email: 'payer@example.com' });
      const session = await oneTimeSession('price_once_lifetime_usd', customer.id);
      const page = await getPage(session.url as string);
      const post = await fetch(new URL(formAction(page.html), emulator.baseUrl), {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      });
      expect(post.status).toBe(303);
      expect(post.headers.get('location')).toBe(`${site.url}/success?session_id=${session.id}&from=stripe`);

      // Following the redirect lands on the site with the id filled in.
      const followed = await fetch(post.headers.get('location') as string);
      expect(followed.status).toBe(200);
      expect(site.requests.at(-1)?.url).toBe(`/success?session_id=${session.id}&from=stripe`);

      const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
      expect(done).toMatchObject({
        status: 'complete',
        payment_status: 'paid',
        customer: customer.id,
        url: null,
      });
      expect(done.customer_details?.email).toBe('payer@example.com');
      const pi = done.payment_intent as Stripe.PaymentIntent;
      expect(pi.id).toMatch(/^pi_/);
      expect(pi).toMatchObject({
        object: 'payment_intent',
        status: 'succeeded',
        amount: 14900,
        currency: 'usd',
        customer: customer.id,
      });
      const retrievedPi = await stripe.paymentIntents.retrieve(pi.id);
      expect(retrievedPi.latest_charge).toMatch(/^ch_/);
      const charges = await stripe.charges.list({ payment_intent: pi.id });
      expect(charges.data).toHaveLength(1);
      expect(charges.data[0]).toMatchObject({
        paid: true,
        status: 'succeeded',
        amount: 14900,
        refunded: false,
        amount_refunded: 0,
      });
      const byCustomer = await stripe.charges.list({ customer: customer.id });
      expect(byCustomer.data.map((c) => c.id)).toEqual([charges.data[0].id]);
    });

    it('a second post of the paid form lands on the success page again without paying twice', async () => {
      const session = await oneTimeSession('price_once_yearly_eur');
      const first = await fetch(`${emulator.baseUrl}/c/pay/${session.id}`, {
        method: 'POST',
        redirect: 'manual',
      });
      const second = await fetch(`${emulator.baseUrl}/c/pay/${session.id}`, {
        method: 'POST',
        redirect: 'manual',
      });
      expect(second.status).toBe(303);
      expect(second.headers.get('location')).toBe(first.headers.get('location'));
      const done = await stripe.checkout.sessions.retrieve(session.id);
      const charges = await stripe.charges.list({ payment_intent: done.payment_intent as string });
      expect(charges.data).toHaveLength(1);
    });

    it('asks for an email when the session has none, and does not create a customer in payment mode', async () => {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: 'price_once_yearly_gbp', quantity: 1 }],
        success_url: `${site.url}/success?session_id={CHECKOUT_SESSION_ID}`,
      });
      const page = await getPage(session.url as string);
      expect(page.html).toMatch(
        /<label for="email">Email<\/label>\s*<input id="email" name="email" type="email"/,
      );
      expect(page.html).not.toContain('Cancel and return');
      const bad = await fetch(session.url as string, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'email=nope',
        redirect: 'manual',
      });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain('role="alert"');
      const good = await fetch(session.url as string, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'email=guest%40example.com',
        redirect: 'manual',
      });
      expect(good.status).toBe(303);
      const done = await stripe.checkout.sessions.retrieve(session.id);
      expect(done.customer).toBeNull();
      expect(done.customer_details?.email).toBe('guest@example.com');
    });

    it('refuses a recurring price in payment mode and a one-time price in subscription mode', async () => {
      await expect(
        stripe.checkout.sessions.create({
          mode: 'payment',
          line_items: [{ price: 'price_sub_monthly_usd', quantity: 1 }],
          success_url: 'http://localhost/ok',
        }),
      ).rejects.toMatchObject({ statusCode: 400, param: 'line_items[0][price]' });
      await expect(
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: 'price_once_yearly_usd', quantity: 1 }],
          success_url: 'http://localhost/ok',
        }),
      ).rejects.toMatchObject({ statusCode: 400, param: 'line_items' });
    });

    it('refuses an unknown customer and customer together with customer_email', async () => {
      await expect(oneTimeSession('price_once_yearly_usd', 'cus_missing')).rejects.toMatchObject({
        statusCode: 400,
        code: 'resource_missing',
        param: 'customer',
      });
      const customer = await stripe.customers.create({});
      await expect(
        stripe.checkout.sessions.create({
          mode: 'payment',
          customer: customer.id,
          customer_email: 'x@example.com',
          line_items: [{ price: 'price_once_yearly_usd', quantity: 1 }],
          success_url: 'http://localhost/ok',
        }),
      ).rejects.toMatchObject({ statusCode: 400, param: 'customer_email' });
    });

    it('includes line items on request and lists them', async () => {
      const session = await oneTimeSession('price_once_lifetime_chf');
      const withItems = await stripe.checkout.sessions.retrieve(session.id, { expand: ['line_items'] });
      expect(withItems.line_items?.data[0]).toMatchObject({
        object: 'item',
        amount_total: 13900,
        currency: 'chf',
        quantity: 1,
        description: 'Polski Stories Premium (Lifetime)',
        price: { id: 'price_once_lifetime_chf' },
      });
      const items = await stripe.checkout.sessions.listLineItems(session.id);
      expect(items.data).toHaveLength(1);
    });

    it('refuses to expand a field that is not a reference', async () => {
      const session = await oneTimeSession('price_once_yearly_usd');
      await expect(
        stripe.checkout.sessions.retrieve(session.id, { expand: ['currency'] }),
      ).rejects.toMatchObject({
        statusCode: 400,
        message: 'This property cannot be expanded (currency).',
      });
    });
  });

  describe('subscription mode', () => {
    it('completes with an active subscription, a paid invoice and the period on the item', async () => {
      const customer = await stripe.customers.create({ email: 'sub@example.com' });
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: 'price_sub_sixmonth_eur', quantity: 1 }],
        metadata: { userId: 'u-7' },
        subscription_data: { metadata: { userId: 'u-7' } },
        success_url: `${site.url}/premium-member?from=stripe&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${site.url}/premium-member`,
        allow_promotion_codes: true,
      });
      expect(session).toMatchObject({
        mode: 'subscription',
        amount_total: 3299,
        currency: 'eur',
        allow_promotion_codes: true,
      });
      const page = await getPage(session.url as string);
      expect(page.html).toContain('€32.99');
      expect(page.html).toContain('every 6 months');

      const post = await fetch(new URL(formAction(page.html), emulator.baseUrl), {
        method: 'POST',
        redirect: 'manual',
      });
      expect(post.status).toBe(303);
      expect(post.headers.get('location')).toBe(
        `${site.url}/premium-member?from=stripe&session_id=${session.id}`,
      );

      const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
      expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', payment_intent: null });
      const sub = done.subscription as Stripe.Subscription;
      expect(sub.id).toMatch(/^sub_/);
      expect(sub).toMatchObject({
        object: 'subscription',
        status: 'active',
        customer: customer.id,
        cancel_at_period_end: false,
      });
      expect(sub.metadata).toEqual({ userId: 'u-7' });
      const item = sub.items.data[0];
      expect(item.price.id).toBe('price_sub_sixmonth_eur');
      const start = new Date(item.current_period_start * 1000);
      const end = new Date(item.current_period_end * 1000);
      expect(end.getUTCMonth()).toBe((start.getUTCMonth() + 6) % 12);
      expect((sub as unknown as { current_period_end: number }).current_period_end).toBe(
        item.current_period_end,
      );

      const invoices = await stripe.invoices.list({ subscription: sub.id });
      expect(invoices.data).toHaveLength(1);
      const invoice = invoices.data[0];
      expect(invoice.id).toMatch(/^in_/);
      expect(invoice).toMatchObject({
        status: 'paid',
        amount_paid: 3299,
        currency: 'eur',
        billing_reason: 'subscription_create',
        parent: { subscription_details: { subscription: sub.id } },
      });
      expect(invoice.lines.data[0]).toMatchObject({
        amount: 3299,
        period: { start: item.current_period_start, end: item.current_period_end },
      });
      expect(done.invoice).toBe(invoice.id);

      const subs = await stripe.subscriptions.list({ customer: customer.id });
      expect(subs.data.map((s) => s.id)).toEqual([sub.id]);
      const sessions = await stripe.checkout.sessions.list({ customer: customer.id });
      expect(sessions.data.map((s) => s.id)).toEqual([session.id]);
    });

    it('creates a customer for a subscription checkout that had only an email', async () => {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer_email: 'new@example.com',
        line_items: [{ price: 'price_sub_monthly_cad', quantity: 1 }],
        success_url: `${site.url}/ok`,
      });
      const url = emulator.completeCheckout(session.id);
      expect(url).toBe(`${site.url}/ok`);
      const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['customer'] });
      expect((done.customer as Stripe.Customer).email).toBe('new@example.com');
    });
  });

  describe('expiry', () => {
    it('expires an open session on request; its page then says so and it cannot be paid', async () => {
      const session = await oneTimeSession('price_once_yearly_usd');
      const expired = await stripe.checkout.sessions.expire(session.id);
      expect(expired).toMatchObject({ status: 'expired', url: null });
      const page = await getPage(session.url as string);
      expect(page.status).toBe(410);
      expect(page.html).toContain('expired');
      expect(() => emulator.completeCheckout(session.id)).toThrow(/expired/);
      await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
    });

    it("lists a customer's open sessions and refuses to expire one that is no longer open", async () => {
      const customer = await stripe.customers.create({ email: 'three@example.com' });
      const open = (price: string) =>
        stripe.checkout.sessions.create({
          mode: 'payment',
          customer: customer.id,
          line_items: [{ price, quantity: 1 }],
          success_url: 'http://localhost/ok',
        });
      const a = await open('price_once_yearly_usd');
      const b = await open('price_once_lifetime_usd');
      const c = await open('price_once_yearly_eur');
      emulator.completeCheckout(a.id);
      const listed = await stripe.checkout.sessions.list({
        customer: customer.id,
        status: 'open',
        limit: 100,
      });
      expect(listed.data.map((s) => s.id)).toEqual([c.id, b.id]);
      await stripe.checkout.sessions.expire(b.id);
      await expect(stripe.checkout.sessions.expire(a.id)).rejects.toMatchObject({
        statusCode: 400,
        message:
          'Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of `complete`.',
      });
      expect(
        (await stripe.checkout.sessions.list({ customer: customer.id, status: 'open' })).data.map(
          (s) => s.id,
        ),
      ).toEqual([c.id]);
    });

    it('expires sessions by itself once expires_at passes on the emulator clock', async () => {
      const session = await oneTimeSession('price_once_yearly_usd');
      emulator.advanceTime(24 * 3600 + 1);
      const later = await stripe.checkout.sessions.retrieve(session.id);
      expect(later.status).toBe('expired');
      const open = await stripe.checkout.sessions.list({ status: 'open', limit: 100 });
      expect(open.data.find((s) => s.id === session.id)).toBeUndefined();
    });
  });

  describe('billing portal', () => {
    it('creates a portal session whose page lists subscriptions and one-time payments and cancels at period end', async () => {
      const customer = await stripe.customers.create({ email: 'portal@example.com' });
      const subSession = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: 'price_sub_monthly_usd', quantity: 1 }],
        success_url: `${site.url}/ok`,
      });
      emulator.completeCheckout(subSession.id);
      const oneTime = await oneTimeSession('price_once_lifetime_usd', customer.id);
      emulator.completeCheckout(oneTime.id);

      const portal = await stripe.billingPortal.sessions.create({
        customer: customer.id,
        return_url: `${site.url}/settings`,
      });
      expect(portal.id).toMatch(/^bps_/);
      expect(portal).toMatchObject({
        object: 'billing_portal.session',
        customer: customer.id,
        return_url: `${site.url}/settings`,
        url: `${emulator.baseUrl}/p/session/${portal.id}`,
      });

      const page = await getPage(portal.url);
      expect(page.status).toBe(200);
      expect(page.html).toContain('TEST MODE');
      expect(page.html).toContain('Polski Stories Premium (Monthly)');
      expect(page.html).toContain('$9.99 per month');
      expect(page.html).toContain('Polski Stories Premium (Lifetime)');
      expect(page.html).toContain('$149.00');
      expect(page.html).toContain(`href="${site.url}/settings"`);
      expect(page.html).not.toMatch(/<script/i);

      const action = formAction(page.html);
      const post = await fetch(new URL(action, emulator.baseUrl), { method: 'POST', redirect: 'manual' });
      expect(post.status).toBe(303);
      const subs = await stripe.subscriptions.list({ customer: customer.id });
      expect(subs.data[0]).toMatchObject({ cancel_at_period_end: true, status: 'active' });
      const after = await getPage(portal.url);
      expect(after.html).toContain('Cancels on');
      expect(after.html).toContain('Renew subscription');
    });

    it('refuses a portal session for an unknown customer', async () => {
      await expect(stripe.billingPortal.sessions.create({ customer: 'cus_nope' })).rejects.toMatchObject({
        statusCode: 400,
        code: 'resource_missing',
        param: 'customer',
      });
    });
  });
});

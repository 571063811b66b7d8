import Stripe from 'stripe';
import { startStripeEmulator, type TStripeEmulator } from './stripe-emulator';
import { startTestReceiver, type TTestReceiver } from '../test/test-receiver';
import type { TEvent } from './wire-types';

const SECRET = 'whsec_test_emulator_secret';

/** Events and signed webhook deliveries, verified with the real SDK's `webhooks.constructEvent`. */
describe('Stripe emulator webhooks', () => {
  let emulator: TStripeEmulator;
  let stripe: Stripe;
  let receiver: TTestReceiver;

  beforeEach(async () => {
    receiver = await startTestReceiver();
    emulator = await startStripeEmulator({
      webhook: { url: `${receiver.url}/api/payments/webhook`, secret: SECRET },
      retryDelaysMs: [5, 10, 20],
    });
    stripe = emulator.stripe();
  });
  afterEach(async () => {
    await emulator.close();
    await receiver.close();
  });

  /** Every received delivery, verified as the API will verify it. */
  function received(): Stripe.Event[] {
    return receiver.requests.map((r) =>
      stripe.webhooks.constructEvent(r.body, r.headers['stripe-signature'] as string, SECRET),
    );
  }

  function types(): string[] {
    return received().map((e) => e.type);
  }

  async function paidOneTime(priceId = 'price_once_yearly_usd'): Promise<Stripe.Checkout.Session> {
    const customer = await stripe.customers.create({ email: 'buyer@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [{ price: priceId, quantity: 1 }],
      metadata: { userId: 'u-1' },
      success_url: 'http://localhost:3000/success?session_id={CHECKOUT_SESSION_ID}',
    });
    emulator.completeCheckout(session.id);
    return stripe.checkout.sessions.retrieve(session.id);
  }

  async function activeSubscription(priceId = 'price_sub_monthly_usd'): Promise<Stripe.Subscription> {
    const customer = await stripe.customers.create({ email: 'sub@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: 'http://localhost:3000/premium-member?from=stripe',
    });
    emulator.completeCheckout(session.id);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    return stripe.subscriptions.retrieve(done.subscription as string);
  }

  describe('delivery and signatures', () => {
    it('posts each event as pretty-printed JSON signed the way Stripe signs, verifiable by the SDK', async () => {
      const customer = await stripe.customers.create({ email: 'signed@example.com' });
      await emulator.waitForIdle();
      expect(receiver.requests).toHaveLength(1);
      const [request] = receiver.requests;
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/api/payments/webhook');
      expect(request.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(request.headers['stripe-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      // Byte-for-byte verification matters: the body is not what JSON.stringify would give back.
      expect(request.body).toContain('\n  "id": "evt_');
      const event = stripe.webhooks.constructEvent(
        request.body,
        request.headers['stripe-signature'] as string,
        SECRET,
      );
      expect(event).toMatchObject({
        object: 'event',
        type: 'customer.created',
        api_version: Stripe.API_VERSION,
        livemode: false,
        pending_webhooks: 1,
        data: { object: { id: customer.id, object: 'customer', email: 'signed@example.com' } },
      });
      expect(event.id).toMatch(/^evt_/);
      expect(event.request?.id).toMatch(/^req_/);
      expect(event.request?.idempotency_key).toMatch(/^stripe-node-retry-/);
    });

    it('fails verification for a tampered payload, a wrong secret and a stale timestamp', async () => {
      await stripe.customers.create({ email: 'tamper@example.com' });
      await emulator.waitForIdle();
      const [request] = receiver.requests;
      const header = request.headers['stripe-signature'] as string;
      const tampered = request.body.replace('tamper@example.com', 'attacker@example.com');
      expect(() => stripe.webhooks.constructEvent(tampered, header, SECRET)).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
      expect(() => stripe.webhooks.constructEvent(request.body, header, 'whsec_other')).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
      const reserialised = JSON.stringify(JSON.parse(request.body));
      expect(() => stripe.webhooks.constructEvent(reserialised, header, SECRET)).toThrow(
        Stripe.errors.StripeSignatureVerificationError,
      );
      const t = Number(/t=(\d+)/.exec(header)?.[1]);
      expect(() =>
        stripe.webhooks.constructEvent(request.body, header, SECRET, 300, undefined, (t + 301) * 1000),
      ).toThrow(/tolerance/);
    });

    it('emits and delivers the payment-mode checkout events in order', async () => {
      const session = await paidOneTime();
      await emulator.waitForIdle();
      expect(types()).toEqual([
        'customer.created',
        'charge.succeeded',
        'payment_intent.succeeded',
        'checkout.session.completed',
      ]);
      const completed = received().at(-1) as Stripe.CheckoutSessionCompletedEvent;
      expect(completed.data.object).toMatchObject({
        id: session.id,
        status: 'complete',
        payment_status: 'paid',
        metadata: { userId: 'u-1' },
        payment_intent: session.payment_intent,
      });
      // Events triggered by the customer on the hosted page carry no API request.
      expect(completed.request).toEqual({ id: null, idempotency_key: null });
    });

    it('emits and delivers the subscription-mode checkout events', async () => {
      const sub = await activeSubscription();
      await emulator.waitForIdle();
      expect(types()).toEqual([
        'customer.created',
        'charge.succeeded',
        'payment_intent.succeeded',
        'customer.subscription.created',
        'invoice.paid',
        'invoice.payment_succeeded',
        'checkout.session.completed',
      ]);
      const created = received().find(
        (e) => e.type === 'customer.subscription.created',
      ) as Stripe.CustomerSubscriptionCreatedEvent;
      expect(created.data.object).toMatchObject({ id: sub.id, status: 'active' });
      expect(created.data.object.items.data[0].current_period_end).toBe(sub.items.data[0].current_period_end);
      const paid = received().find((e) => e.type === 'invoice.paid') as Stripe.InvoicePaidEvent;
      expect(paid.data.object).toMatchObject({
        status: 'paid',
        amount_paid: 999,
        parent: { subscription_details: { subscription: sub.id } },
      });
    });

    it('records delivery: pending_webhooks drops to 0 once the endpoint acknowledged', async () => {
      await stripe.customers.create({});
      await emulator.waitForIdle();
      const [event] = emulator.deliveredEvents();
      const fetched = await stripe.events.retrieve(event.id);
      expect(fetched.pending_webhooks).toBe(0);
    });
  });

  describe('retries', () => {
    it('retries with backoff while the endpoint answers 500, then delivers once', async () => {
      receiver.respondWith(500, 500);
      await stripe.customers.create({ email: 'retry@example.com' });
      await emulator.waitForIdle();
      expect(receiver.requests).toHaveLength(3);
      expect(emulator.deliveryAttempts().map((a) => [a.attempt, a.status, a.ok])).toEqual([
        [1, 500, false],
        [2, 500, false],
        [3, 200, true],
      ]);
      expect(emulator.deliveredEvents()).toHaveLength(1);
      expect(new Set(received().map((e) => e.id)).size).toBe(1);
    });

    it('keeps later events behind a failing one, so they still arrive in order', async () => {
      receiver.respondWith(503);
      await stripe.customers.create({ email: 'first@example.com' });
      await stripe.customers.create({ email: 'second@example.com' });
      await emulator.waitForIdle();
      const emails = received().map((e) => (e.data.object as Stripe.Customer).email);
      expect(emails).toEqual(['first@example.com', 'first@example.com', 'second@example.com']);
    });

    it('gives up after the last retry when the endpoint cannot be reached, and records the failure', async () => {
      emulator.setWebhook({ url: 'http://127.0.0.1:1/unreachable', secret: SECRET });
      await stripe.customers.create({ email: 'lost@example.com' });
      await emulator.waitForIdle();
      expect(emulator.failedEvents()).toHaveLength(1);
      const attempts = emulator.deliveryAttempts();
      expect(attempts).toHaveLength(4);
      expect(attempts.every((a) => a.status === null && a.error !== null)).toBe(true);
      const event = await stripe.events.retrieve(emulator.failedEvents()[0].id);
      expect(event.pending_webhooks).toBe(1);
    });

    it('sends nothing when no endpoint is configured, but still records events', async () => {
      emulator.setWebhook(null);
      const c = await stripe.customers.create({});
      await emulator.waitForIdle();
      expect(receiver.requests).toHaveLength(0);
      const events = await stripe.events.list({ type: 'customer.created' });
      expect(events.data[0]).toMatchObject({ pending_webhooks: 0, data: { object: { id: c.id } } });
    });
  });

  describe('test controls', () => {
    it('holds events while paused and delivers them in order on resume', async () => {
      emulator.pauseDelivery();
      await paidOneTime();
      await emulator.waitForIdle();
      expect(receiver.requests).toHaveLength(0);
      expect(emulator.pendingEvents().map((e) => e.type)).toEqual([
        'customer.created',
        'charge.succeeded',
        'payment_intent.succeeded',
        'checkout.session.completed',
      ]);
      emulator.resumeDelivery();
      await emulator.waitForIdle();
      expect(types()).toEqual([
        'customer.created',
        'charge.succeeded',
        'payment_intent.succeeded',
        'checkout.session.completed',
      ]);
      expect(emulator.pendingEvents()).toEqual([]);
    });

    it('delivers pending events out of order on request', async () => {
      emulator.pauseDelivery();
      await paidOneTime();
      await emulator.deliverOutOfOrder();
      expect(types()).toEqual([
        'checkout.session.completed',
        'payment_intent.succeeded',
        'charge.succeeded',
        'customer.created',
      ]);
      // Still paused afterwards: new events queue again.
      await stripe.customers.create({});
      await emulator.waitForIdle();
      expect(emulator.pendingEvents()).toHaveLength(1);
      await emulator.flush();
      expect(receiver.requests).toHaveLength(5);
    });

    it('delivers an event again: same id and body, fresh signature', async () => {
      const session = await paidOneTime();
      await emulator.waitForIdle();
      const completed = emulator.events().find((e) => e.type === 'checkout.session.completed') as TEvent;
      emulator.deliverAgain(completed.id);
      await emulator.waitForIdle();
      const copies = receiver.requests.filter((r) => r.body.includes('"checkout.session.completed"'));
      expect(copies).toHaveLength(2);
      expect(copies[0].body).toBe(copies[1].body);
      const [a, b] = copies.map((r) =>
        stripe.webhooks.constructEvent(r.body, r.headers['stripe-signature'] as string, SECRET),
      );
      expect(a.id).toBe(b.id);
      expect((a.data.object as Stripe.Checkout.Session).id).toBe(session.id);
      expect(emulator.deliveredEvents().filter((e) => e.id === completed.id)).toHaveLength(2);
    });
  });

  describe('subscription lifecycle', () => {
    it('cancel at period end emits customer.subscription.updated with previous attributes', async () => {
      const sub = await activeSubscription();
      await emulator.waitForIdle();
      receiver.requests.length = 0;
      const updated = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
      expect(updated).toMatchObject({
        status: 'active',
        cancel_at_period_end: true,
        cancel_at: sub.items.data[0].current_period_end,
        cancellation_details: { reason: 'cancellation_requested' },
      });
      await emulator.waitForIdle();
      const [event] = received() as Stripe.CustomerSubscriptionUpdatedEvent[];
      expect(event.type).toBe('customer.subscription.updated');
      expect(event.data.object.cancel_at_period_end).toBe(true);
      expect(event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    });

    it('delete cancels at once and emits customer.subscription.deleted; canceled ones leave the default list', async () => {
      const sub = await activeSubscription();
      const canceled = await stripe.subscriptions.cancel(sub.id);
      expect(canceled).toMatchObject({
        status: 'canceled',
        cancellation_details: { reason: 'cancellation_requested' },
      });
      expect(canceled.ended_at).not.toBeNull();
      await emulator.waitForIdle();
      expect(types().at(-1)).toBe('customer.subscription.deleted');
      const customer = sub.customer as string;
      expect((await stripe.subscriptions.list({ customer })).data).toEqual([]);
      expect((await stripe.subscriptions.list({ customer, status: 'all' })).data.map((s) => s.id)).toEqual([
        sub.id,
      ]);
      expect((await stripe.subscriptions.list({ customer, status: 'canceled' })).data).toHaveLength(1);
      await expect(stripe.subscriptions.update(sub.id, { cancel_at_period_end: true })).rejects.toMatchObject(
        {
          statusCode: 400,
        },
      );
    });

    it('refuses to cancel a subscription twice', async () => {
      const sub = await activeSubscription();
      await stripe.subscriptions.cancel(sub.id);
      await expect(stripe.subscriptions.cancel(sub.id)).rejects.toMatchObject({ statusCode: 400 });
      await emulator.waitForIdle();
      expect(types().filter((t) => t === 'customer.subscription.deleted')).toHaveLength(1);
    });

    it('renews: the clock moves to the period end, a new paid invoice, invoice.paid and subscription.updated', async () => {
      const sub = await activeSubscription('price_sub_yearly_gbp');
      const item = sub.items.data[0];
      await emulator.waitForIdle();
      receiver.requests.length = 0;
      emulator.renewSubscription(sub.id);
      expect(emulator.now()).toBe(item.current_period_end);
      await emulator.waitForIdle();
      expect(types()).toEqual([
        'charge.succeeded',
        'payment_intent.succeeded',
        'invoice.paid',
        'invoice.payment_succeeded',
        'customer.subscription.updated',
      ]);
      const renewed = await stripe.subscriptions.retrieve(sub.id);
      expect(renewed.status).toBe('active');
      expect(renewed.items.data[0].current_period_start).toBe(item.current_period_end);
      expect(new Date(renewed.items.data[0].current_period_end * 1000).getUTCFullYear()).toBe(
        new Date(item.current_period_end * 1000).getUTCFullYear() + 1,
      );
      const invoice = await stripe.invoices.retrieve(renewed.latest_invoice as string);
      expect(invoice).toMatchObject({
        status: 'paid',
        billing_reason: 'subscription_cycle',
        amount_paid: 3999,
      });
      const updated = received().at(-1) as Stripe.CustomerSubscriptionUpdatedEvent;
      expect(updated.data.previous_attributes).toHaveProperty('items');
    });

    it('ends a subscription set to cancel at period end instead of renewing it', async () => {
      const sub = await activeSubscription();
      await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
      emulator.renewSubscription(sub.id);
      await emulator.waitForIdle();
      expect(types().at(-1)).toBe('customer.subscription.deleted');
      const ended = await stripe.subscriptions.retrieve(sub.id);
      expect(ended.status).toBe('canceled');
      expect(ended.ended_at).toBe(sub.items.data[0].current_period_end);
    });

    it('a failed renewal leaves an open invoice and past_due; the retry that succeeds makes it active again', async () => {
      const sub = await activeSubscription();
      await emulator.waitForIdle();
      receiver.requests.length = 0;
      emulator.failRenewal(sub.id);
      await emulator.waitForIdle();
      expect(types()).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
      const pastDue = await stripe.subscriptions.retrieve(sub.id);
      expect(pastDue.status).toBe('past_due');
      const open = await stripe.invoices.retrieve(pastDue.latest_invoice as string);
      expect(open).toMatchObject({ status: 'open', amount_paid: 0, amount_remaining: 999 });
      receiver.requests.length = 0;
      emulator.renewSubscription(sub.id);
      await emulator.waitForIdle();
      expect(types()).toContain('invoice.paid');
      expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    });
  });

  describe('refunds and disputes', () => {
    it('refunds a payment in full: charge refunded, charge.refunded emitted', async () => {
      const session = await paidOneTime();
      await emulator.waitForIdle();
      receiver.requests.length = 0;
      const refund = await stripe.refunds.create({
        payment_intent: session.payment_intent as string,
        reason: 'requested_by_customer',
      });
      expect(refund.id).toMatch(/^re_/);
      expect(refund).toMatchObject({ object: 'refund', amount: 5900, status: 'succeeded', currency: 'usd' });
      const [charge] = (await stripe.charges.list({ payment_intent: session.payment_intent as string })).data;
      expect(charge).toMatchObject({ refunded: true, amount_refunded: 5900 });
      await emulator.waitForIdle();
      expect(types()).toEqual(['refund.created', 'charge.refunded']);
      const event = received()[1] as Stripe.ChargeRefundedEvent;
      expect(event.data.object).toMatchObject({ id: charge.id, refunded: true, amount_refunded: 5900 });
      expect(event.data.previous_attributes).toEqual({ amount_refunded: 0, refunded: false });
      await expect(stripe.refunds.create({ charge: charge.id })).rejects.toMatchObject({
        statusCode: 400,
        code: 'charge_already_refunded',
      });
    });

    it('refunds part of a payment and refuses more than is left', async () => {
      const session = await paidOneTime('price_once_lifetime_eur');
      const pi = await stripe.paymentIntents.retrieve(session.payment_intent as string);
      await stripe.refunds.create({ charge: pi.latest_charge as string, amount: 4000 });
      const charge = await stripe.charges.retrieve(pi.latest_charge as string);
      expect(charge).toMatchObject({ refunded: false, amount_refunded: 4000 });
      await expect(stripe.refunds.create({ charge: charge.id, amount: 10000 })).rejects.toMatchObject({
        statusCode: 400,
        code: 'amount_too_large',
      });
    });

    it('adds partial refunds up on the charge, emits charge.refunded for each, and flips refunded only when full', async () => {
      const session = await paidOneTime('price_once_yearly_usd');
      const pi = await stripe.paymentIntents.retrieve(session.payment_intent as string);
      const chargeId = pi.latest_charge as string;
      await emulator.waitForIdle();
      receiver.requests.length = 0;
      await stripe.refunds.create({ charge: chargeId, amount: 1000 });
      await stripe.refunds.create({ payment_intent: pi.id, amount: 2000 });
      expect(await stripe.charges.retrieve(chargeId)).toMatchObject({
        amount_refunded: 3000,
        refunded: false,
      });
      await stripe.refunds.create({ charge: chargeId });
      expect(await stripe.charges.retrieve(chargeId)).toMatchObject({
        amount_refunded: 5900,
        refunded: true,
      });
      await emulator.waitForIdle();
      const refunded = received().filter((e) => e.type === 'charge.refunded') as Stripe.ChargeRefundedEvent[];
      expect(
        refunded.map((e) => [e.data.object.amount, e.data.object.amount_refunded, e.data.object.refunded]),
      ).toEqual([
        [5900, 1000, false],
        [5900, 3000, false],
        [5900, 5900, true],
      ]);
      expect(refunded.map((e) => e.data.previous_attributes)).toEqual([
        { amount_refunded: 0, refunded: false },
        { amount_refunded: 1000, refunded: false },
        { amount_refunded: 3000, refunded: false },
      ]);
      const refunds = await stripe.refunds.list({ charge: chargeId });
      expect(refunds.data.map((r) => r.amount)).toEqual([2900, 2000, 1000]);
    });

    it('replays a refund retried with the same idempotency key: one refund, one charge.refunded', async () => {
      const session = await paidOneTime('price_once_lifetime_usd');
      const pi = session.payment_intent as string;
      await emulator.waitForIdle();
      receiver.requests.length = 0;
      const key = 'refund-duplicate-purchase-1';
      const first = await stripe.refunds.create(
        { payment_intent: pi, reason: 'duplicate' },
        { idempotencyKey: key },
      );
      const again = await stripe.refunds.create(
        { payment_intent: pi, reason: 'duplicate' },
        { idempotencyKey: key },
      );
      expect(again.id).toBe(first.id);
      expect(first).toMatchObject({ amount: 14900, reason: 'duplicate', status: 'succeeded' });
      expect((await stripe.refunds.list({ payment_intent: pi })).data).toHaveLength(1);
      await emulator.waitForIdle();
      expect(types()).toEqual(['refund.created', 'charge.refunded']);
      // without the key, a second refund of a fully refunded charge is refused, as Stripe does
      await expect(stripe.refunds.create({ payment_intent: pi })).rejects.toMatchObject({
        code: 'charge_already_refunded',
      });
    });

    it("finds a subscription invoice from its payment (invoice_payments) and refunds that invoice's charge", async () => {
      const sub = await activeSubscription('price_sub_monthly_eur');
      const invoice = await stripe.invoices.retrieve(sub.latest_invoice as string);
      const pi = invoice.payments?.data[0]?.payment.payment_intent as string;
      expect(pi).toMatch(/^pi_/);
      const byPayment = await stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: pi },
      });
      expect(byPayment.data).toHaveLength(1);
      expect(byPayment.data[0]).toMatchObject({
        object: 'invoice_payment',
        invoice: invoice.id,
        amount_paid: invoice.amount_paid,
        currency: 'eur',
        status: 'paid',
        payment: { type: 'payment_intent', payment_intent: pi },
      });
      expect((await stripe.invoicePayments.retrieve(byPayment.data[0].id)).invoice).toBe(invoice.id);
      expect((await stripe.invoicePayments.list({ invoice: invoice.id })).data.map((p) => p.id)).toEqual([
        byPayment.data[0].id,
      ]);
      expect(invoice.lines.data[0].period).toEqual({
        start: sub.items.data[0].current_period_start,
        end: sub.items.data[0].current_period_end,
      });
      // a renewal paid later has its own invoice payment
      emulator.renewSubscription(sub.id);
      const renewed = await stripe.subscriptions.retrieve(sub.id);
      const next = await stripe.invoices.retrieve(renewed.latest_invoice as string);
      const nextPi = next.payments?.data[0]?.payment.payment_intent as string;
      const nextByPayment = await stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: nextPi },
      });
      expect(nextByPayment.data.map((p) => p.invoice)).toEqual([next.id]);
      await emulator.waitForIdle();
      receiver.requests.length = 0;
      await stripe.refunds.create({ payment_intent: pi });
      await emulator.waitForIdle();
      const [, refunded] = received() as [Stripe.Event, Stripe.ChargeRefundedEvent];
      expect(refunded.type).toBe('charge.refunded');
      expect(refunded.data.object).toMatchObject({
        payment_intent: pi,
        refunded: true,
        amount_refunded: invoice.amount_paid,
      });
      // refunding the payment changes neither the invoice nor the subscription, as on Stripe
      expect((await stripe.invoices.retrieve(invoice.id)).status).toBe('paid');
      expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
      await expect(
        stripe.invoicePayments.list({ payment: { type: 'payment_record', payment_record: 'pr_1' } }),
      ).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown' });
    });

    it('creates a dispute: charge.dispute.created, and the charge can no longer be refunded', async () => {
      const session = await paidOneTime();
      const pi = await stripe.paymentIntents.retrieve(session.payment_intent as string);
      await emulator.waitForIdle();
      receiver.requests.length = 0;
      const dispute = emulator.createDispute(pi.latest_charge as string);
      await emulator.waitForIdle();
      const [event] = received() as Stripe.ChargeDisputeCreatedEvent[];
      expect(event.type).toBe('charge.dispute.created');
      expect(event.data.object).toMatchObject({
        id: dispute.id,
        object: 'dispute',
        charge: pi.latest_charge,
        payment_intent: pi.id,
        amount: 5900,
        status: 'needs_response',
      });
      await expect(stripe.refunds.create({ payment_intent: pi.id })).rejects.toMatchObject({
        code: 'charge_disputed',
      });
    });
  });

  describe('clock', () => {
    it('stamps objects and events with the injected clock, and signs with wall time so the SDK still verifies', async () => {
      const fixed = Date.UTC(2030, 0, 15, 12, 0, 0);
      const clocked = await startStripeEmulator({
        clock: () => fixed,
        webhook: { url: receiver.url, secret: SECRET },
        retryDelaysMs: [],
      });
      try {
        const client = clocked.stripe();
        const customer = await client.customers.create({ email: 'time@example.com' });
        expect(customer.created).toBe(fixed / 1000);
        clocked.advanceTime(3600);
        expect(clocked.now()).toBe(fixed / 1000 + 3600);
        const session = await client.checkout.sessions.create({
          mode: 'payment',
          customer: customer.id,
          line_items: [{ price: 'price_once_yearly_usd', quantity: 1 }],
          success_url: 'http://localhost/ok',
        });
        expect(session.created).toBe(fixed / 1000 + 3600);
        await clocked.waitForIdle();
        const [event] = received();
        expect(event.created).toBe(fixed / 1000);
      } finally {
        await clocked.close();
      }
    });

    it('emits checkout.session.expired when a session runs out on the emulator clock', async () => {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ price: 'price_once_yearly_usd', quantity: 1 }],
        success_url: 'http://localhost/ok',
      });
      emulator.advanceTime(24 * 3600);
      await emulator.waitForIdle();
      const expired = received().find(
        (e) => e.type === 'checkout.session.expired',
      ) as Stripe.CheckoutSessionExpiredEvent;
      expect(expired.data.object).toMatchObject({ id: session.id, status: 'expired' });
      expect(expired.request).toEqual({ id: null, idempotency_key: null });
    });
  });

  describe('events API', () => {
    it('lists events newest first, filters by type (with wildcard) and retrieves one', async () => {
      await activeSubscription();
      const all = await stripe.events.list({ limit: 100 });
      expect(all.data[0].type).toBe('checkout.session.completed');
      const subs = await stripe.events.list({ type: 'customer.subscription.*' });
      expect(subs.data.map((e) => e.type)).toEqual(['customer.subscription.created']);
      const two = await stripe.events.list({ types: ['invoice.paid', 'charge.succeeded'] });
      expect(two.data.map((e) => e.type).sort()).toEqual(['charge.succeeded', 'invoice.paid']);
      const one = await stripe.events.retrieve(all.data[0].id);
      expect(one).toMatchObject({ id: all.data[0].id, object: 'event', api_version: Stripe.API_VERSION });
      await expect(stripe.events.retrieve('evt_missing')).rejects.toMatchObject({
        statusCode: 404,
        code: 'resource_missing',
      });
    });
  });
});

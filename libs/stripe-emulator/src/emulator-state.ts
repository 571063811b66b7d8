import { errors } from './api-errors';
import type { TEmulatorCatalogue } from './catalogue';
import {
  addInterval,
  buildCharge,
  buildCheckoutLineItem,
  buildCheckoutSession,
  buildCustomer,
  buildDispute,
  buildInvoice,
  buildInvoicePayment,
  buildPaymentIntent,
  buildPortalSession,
  buildPrice,
  buildProduct,
  buildRefund,
  buildSubscription,
  buildSubscriptionItem,
  newId,
  randomToken,
  type TEmulatedInvoice,
  type TEmulatedSubscription,
} from './objects';
import type {
  TCharge,
  TCheckoutLineItem,
  TCheckoutSession,
  TCustomer,
  TDispute,
  TEvent,
  TEventType,
  TPaymentIntent,
  TPortalSession,
  TPrice,
  TProduct,
  TRefund,
  TStoredObject,
} from './wire-types';

export interface TEmulatorStateOptions {
  /** Milliseconds since the epoch, like Date.now. */
  clock: () => number;
  apiVersion: string;
  /** Base of the URLs a browser opens (hosted checkout, portal). */
  publicBaseUrl: () => string;
  catalogue: TEmulatorCatalogue;
  /** Called for every event, after it is stored; the webhook dispatcher queues it. */
  onEvent: (event: TEvent) => void;
  /** How many webhook endpoints will receive a new event (0 or 1): Stripe's `pending_webhooks`. */
  webhookEndpointCount: () => number;
}

export interface TRequestContext {
  id: string | null;
  idempotency_key: string | null;
}

interface TSessionExtras {
  subscriptionMetadata: Record<string, string>;
  subscriptionDescription: string | null;
  paymentIntentMetadata: Record<string, string>;
  paymentIntentDescription: string | null;
  receiptEmail: string | null;
}

export interface TCreateCheckoutSessionInput {
  mode: 'payment' | 'subscription';
  lineItems: { price: TPrice; quantity: number }[];
  customer: TCustomer | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string | null;
  allowPromotionCodes: boolean | null;
  expiresAt: number | null;
  customerCreation: 'always' | 'if_required' | null;
  locale: string | null;
  subscriptionData: { metadata: Record<string, string>; description: string | null };
  paymentIntentData: {
    metadata: Record<string, string>;
    description: string | null;
    receiptEmail: string | null;
  };
}

type TObjectType = TStoredObject['object'];

/** Stripe's whole-account state for one emulator instance, and the state changes Stripe would make. */
export class EmulatorState {
  private readonly objects = new Map<string, { seq: number; value: TStoredObject }>();
  private seq = 0;
  private offsetMs = 0;
  private readonly sessionLineItems = new Map<string, TCheckoutLineItem[]>();
  private readonly sessionItems = new Map<string, { price: TPrice; quantity: number }[]>();
  private readonly sessionExtras = new Map<string, TSessionExtras>();
  /** Index of each subscription's current billing period, counted from its billing cycle anchor. */
  private readonly subscriptionPeriodIndex = new Map<string, number>();
  requestContext: TRequestContext = { id: null, idempotency_key: null };

  constructor(private readonly options: TEmulatorStateOptions) {
    this.seed(options.catalogue);
  }

  // ---- time ---------------------------------------------------------------------------------------------

  /** Unix seconds on the emulator's clock. */
  now(): number {
    return Math.floor((this.options.clock() + this.offsetMs) / 1000);
  }

  advanceTime(seconds: number): void {
    this.offsetMs += seconds * 1000;
    this.sweepExpiredSessions();
  }

  private moveClockTo(unixSeconds: number): void {
    const now = this.now();
    if (unixSeconds > now) this.offsetMs += (unixSeconds - now) * 1000;
  }

  // ---- storage ------------------------------------------------------------------------------------------

  private put<T extends TStoredObject>(value: T): T {
    const existing = this.objects.get(value.id);
    this.objects.set(value.id, { seq: existing?.seq ?? ++this.seq, value });
    return value;
  }

  /** Any stored object by id (used by `expand`). */
  find(id: string): TStoredObject | undefined {
    return this.objects.get(id)?.value;
  }

  /** An object addressed in the URL: 404 resource_missing when absent. */
  get<T extends TStoredObject>(id: string, object: T['object']): T {
    const found = this.objects.get(id)?.value;
    if (!found || found.object !== object) throw errors.notFound(object, id);
    return found as T;
  }

  /** An object named in a body parameter: 400 resource_missing when absent. */
  ref<T extends TStoredObject>(id: string, object: T['object'], param: string): T {
    const found = this.objects.get(id)?.value;
    if (!found || found.object !== object) throw errors.missingReference(object, id, param);
    return found as T;
  }

  /** Every object of a type, newest first (Stripe's list order). */
  list<T extends TStoredObject>(object: TObjectType, filter: (item: T) => boolean = () => true): T[] {
    return [...this.objects.values()]
      .filter((e) => e.value.object === object && filter(e.value as T))
      .sort((a, b) => b.value.created - a.value.created || b.seq - a.seq)
      .map((e) => e.value as T);
  }

  checkoutLineItems(sessionId: string): TCheckoutLineItem[] {
    return this.sessionLineItems.get(sessionId) ?? [];
  }

  // ---- events -------------------------------------------------------------------------------------------

  private emit(
    type: TEventType,
    object: TStoredObject,
    previousAttributes?: Record<string, unknown>,
  ): TEvent {
    const event: TEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: this.options.apiVersion,
      created: this.now(),
      data: previousAttributes
        ? { object: structuredClone(object), previous_attributes: structuredClone(previousAttributes) }
        : { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: this.options.webhookEndpointCount(),
      request: { ...this.requestContext },
      type,
    };
    this.put(event);
    this.options.onEvent(event);
    return event;
  }

  // ---- catalogue ----------------------------------------------------------------------------------------

  private seed(catalogue: TEmulatorCatalogue): void {
    const created = this.now();
    for (const p of catalogue.products) {
      this.put(
        buildProduct({
          id: p.id,
          created,
          name: p.name,
          description: p.description ?? null,
          metadata: { ...(p.metadata ?? {}) },
          active: true,
        }),
      );
    }
    for (const p of catalogue.prices) {
      if (!this.find(p.product))
        throw new Error(`Stripe emulator catalogue: price ${p.id} names unknown product ${p.product}`);
      this.put(
        buildPrice({
          id: p.id,
          created,
          product: p.product,
          currency: p.currency,
          unitAmount: p.unitAmount,
          recurring: p.recurring ?? null,
          lookupKey: p.lookupKey ?? null,
          nickname: p.nickname ?? null,
          metadata: { ...(p.metadata ?? {}) },
          active: p.active ?? true,
        }),
      );
    }
  }

  createProduct(input: {
    id: string | null;
    name: string;
    description: string | null;
    metadata: Record<string, string>;
    active: boolean;
  }): TProduct {
    const id = input.id ?? newId('prod');
    if (this.find(id)) throw errors.invalid(`Product already exists.`, 'id', 'resource_already_exists');
    const product = this.put(buildProduct({ ...input, id, created: this.now() }));
    this.emit('product.created', product);
    return product;
  }

  createPrice(input: {
    product: TProduct;
    currency: string;
    unitAmount: number;
    recurring: { interval: 'day' | 'week' | 'month' | 'year'; intervalCount: number } | null;
    lookupKey: string | null;
    transferLookupKey: boolean;
    nickname: string | null;
    metadata: Record<string, string>;
    active: boolean;
  }): TPrice {
    if (input.lookupKey) {
      const holder = this.list<TPrice>('price', (p) => p.lookup_key === input.lookupKey)[0];
      if (holder && !input.transferLookupKey) {
        throw errors.invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key');
      }
      if (holder) {
        const previous = { lookup_key: holder.lookup_key };
        holder.lookup_key = null;
        this.emit('price.updated', holder, previous);
      }
    }
    const price = this.put(
      buildPrice({
        id: newId('price'),
        created: this.now(),
        product: input.product.id,
        currency: input.currency,
        unitAmount: input.unitAmount,
        recurring: input.recurring,
        lookupKey: input.lookupKey,
        nickname: input.nickname,
        metadata: input.metadata,
        active: input.active,
      }),
    );
    this.emit('price.created', price);
    return price;
  }

  productOf(price: TPrice): TProduct | undefined {
    const id = typeof price.product === 'string' ? price.product : price.product.id;
    const found = this.find(id);
    return found?.object === 'product' ? found : undefined;
  }

  // ---- customers ----------------------------------------------------------------------------------------

  createCustomer(input: {
    email: string | null;
    name: string | null;
    description: string | null;
    phone: string | null;
    metadata: Record<string, string>;
    preferredLocales: string[];
    invoicePrefix: string | null;
  }): TCustomer {
    const customer = this.put(
      buildCustomer({
        ...input,
        id: newId('cus'),
        created: this.now(),
        invoicePrefix: input.invoicePrefix ?? randomToken(8).toUpperCase(),
      }),
    );
    this.emit('customer.created', customer);
    return customer;
  }

  updateCustomer(
    customer: TCustomer,
    changes: Partial<
      Pick<TCustomer, 'email' | 'name' | 'description' | 'phone' | 'metadata' | 'preferred_locales'>
    >,
  ): TCustomer {
    const previous = this.applyChanges(customer, changes);
    if (previous) this.emit('customer.updated', customer, previous);
    return customer;
  }

  /** Applies changes in place; returns Stripe's `previous_attributes` (null when nothing changed). */
  private applyChanges<T extends object>(target: T, changes: Partial<T>): Record<string, unknown> | null {
    const previous: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(changes) as [keyof T & string, unknown][]) {
      if (value === undefined) continue;
      if (JSON.stringify(target[key]) === JSON.stringify(value)) continue;
      previous[key] = structuredClone(target[key]);
      (target as Record<string, unknown>)[key] = value;
    }
    return Object.keys(previous).length > 0 ? previous : null;
  }

  // ---- checkout -----------------------------------------------------------------------------------------

  createCheckoutSession(input: TCreateCheckoutSessionInput): TCheckoutSession {
    const now = this.now();
    const id = newId('cs_test');
    const currency = input.lineItems[0].price.currency;
    const amountTotal = input.lineItems.reduce(
      (sum, li) => sum + (li.price.unit_amount ?? 0) * li.quantity,
      0,
    );
    const session = buildCheckoutSession({
      id,
      created: now,
      expiresAt: input.expiresAt ?? now + 24 * 3600,
      mode: input.mode,
      url: `${this.options.publicBaseUrl()}/c/pay/${id}`,
      currency,
      amountTotal,
      customer: input.customer?.id ?? null,
      customerEmail: input.customerEmail,
      clientReferenceId: input.clientReferenceId,
      metadata: input.metadata,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      allowPromotionCodes: input.allowPromotionCodes,
      customerCreation: input.customer
        ? null
        : input.mode === 'subscription'
          ? 'always'
          : (input.customerCreation ?? 'if_required'),
      locale: input.locale,
    });
    this.put(session);
    this.sessionLineItems.set(
      id,
      input.lineItems.map((li) =>
        buildCheckoutLineItem(li.price, li.quantity, this.productOf(li.price)?.name ?? null),
      ),
    );
    this.sessionItems.set(id, input.lineItems);
    this.sessionExtras.set(id, {
      subscriptionMetadata: input.subscriptionData.metadata,
      subscriptionDescription: input.subscriptionData.description,
      paymentIntentMetadata: input.paymentIntentData.metadata,
      paymentIntentDescription: input.paymentIntentData.description,
      receiptEmail: input.paymentIntentData.receiptEmail,
    });
    return session;
  }

  expireCheckoutSession(session: TCheckoutSession): TCheckoutSession {
    if (session.status !== 'open') {
      throw errors.invalid(
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
        undefined,
        'checkout_session_not_open',
      );
    }
    session.status = 'expired';
    session.url = null;
    this.emit('checkout.session.expired', session);
    return session;
  }

  /** Stripe expires open sessions by itself once `expires_at` passes; the emulator checks on every request. */
  sweepExpiredSessions(): void {
    const now = this.now();
    for (const session of this.list<TCheckoutSession>('checkout.session', (s) => s.status === 'open')) {
      if (session.expires_at <= now) this.expireCheckoutSession(session);
    }
  }

  /** The email the hosted page knows for a session, if any. */
  sessionEmail(session: TCheckoutSession): string | null {
    if (typeof session.customer === 'string') {
      const customer = this.find(session.customer);
      if (customer?.object === 'customer' && customer.email) return customer.email;
    }
    return session.customer_email ?? session.customer_details?.email ?? null;
  }

  /**
   * What pressing "Pay" does: the session completes and is paid; a payment-mode session gets a PaymentIntent and
   * a Charge; a subscription-mode session gets a customer (if it had none), an active Subscription and its first,
   * paid Invoice. Returns the success URL with `{CHECKOUT_SESSION_ID}` filled in, as Stripe redirects.
   */
  completeCheckout(session: TCheckoutSession, input: { email?: string | null } = {}): string {
    this.sweepExpiredSessions();
    if (session.status !== 'open') {
      throw new Error(`Checkout session ${session.id} is ${session.status}, not open; it cannot be paid.`);
    }
    const email = this.sessionEmail(session) ?? input.email ?? null;
    if (!email) throw new Error(`Checkout session ${session.id} needs an email to complete.`);
    const extras = this.sessionExtras.get(session.id);
    const lineItems = this.sessionItems.get(session.id) ?? [];
    const now = this.now();

    let customer: TCustomer | null =
      typeof session.customer === 'string' ? this.get<TCustomer>(session.customer, 'customer') : null;
    if (!customer && (session.mode === 'subscription' || session.customer_creation === 'always')) {
      customer = this.createCustomer({
        email,
        name: null,
        description: null,
        phone: null,
        metadata: {},
        preferredLocales: [],
        invoicePrefix: null,
      });
    }
    const paymentMethodId = newId('pm');
    const details = {
      address: null,
      business_name: null,
      email,
      individual_name: null,
      name: null,
      phone: null,
      tax_exempt: 'none' as const,
      tax_ids: [],
    };

    if (session.mode === 'payment') {
      const { paymentIntent, charge } = this.createPayment({
        amount: session.amount_total ?? 0,
        currency: session.currency ?? 'usd',
        customer: customer?.id ?? null,
        description: extras?.paymentIntentDescription ?? null,
        metadata: extras?.paymentIntentMetadata ?? {},
        email: extras?.receiptEmail ?? email,
        paymentMethodId,
      });
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: paymentIntent.id,
        customer: customer?.id ?? null,
        customer_details: details,
        url: null,
      });
      this.emit('charge.succeeded', charge);
      this.emit('payment_intent.succeeded', paymentIntent);
      this.emit('checkout.session.completed', session);
    } else {
      if (!customer) throw new Error('unreachable: subscription checkout without customer');
      const { price, quantity } = lineItems[0];
      const recurring = price.recurring ?? { interval: 'month' as const, interval_count: 1 };
      const subscriptionId = newId('sub');
      const itemId = newId('si');
      const invoiceId = newId('in');
      const periodEnd = addInterval(now, recurring.interval, recurring.interval_count);
      const item = buildSubscriptionItem({
        id: itemId,
        created: now,
        subscriptionId,
        price,
        quantity,
        periodStart: now,
        periodEnd,
      });
      const metadata = extras?.subscriptionMetadata ?? {};
      const { paymentIntent, charge } = this.createPayment({
        amount: (price.unit_amount ?? 0) * quantity,
        currency: price.currency,
        customer: customer.id,
        description: 'Subscription creation',
        metadata: {},
        email,
        paymentMethodId,
      });
      const invoice = this.putInvoice(
        buildInvoice({
          id: invoiceId,
          created: now,
          customer,
          subscription: { id: subscriptionId, metadata },
          subscriptionItemId: itemId,
          price,
          productName: this.productOf(price)?.name ?? null,
          quantity,
          periodStart: now,
          periodEnd,
          billingReason: 'subscription_create',
          number: this.nextInvoiceNumber(customer),
          paid: true,
          paymentIntentId: paymentIntent.id,
        }),
      );
      const subscription = this.put(
        buildSubscription({
          id: subscriptionId,
          created: now,
          customer: customer.id,
          item,
          latestInvoice: invoiceId,
          metadata,
          description: extras?.subscriptionDescription ?? null,
          defaultPaymentMethod: paymentMethodId,
        }),
      );
      this.subscriptionPeriodIndex.set(subscriptionId, 0);
      Object.assign(session, {
        status: 'complete',
        payment_status: 'paid',
        subscription: subscription.id,
        invoice: invoice.id,
        customer: customer.id,
        customer_details: details,
        url: null,
      });
      this.emit('charge.succeeded', charge);
      this.emit('payment_intent.succeeded', paymentIntent);
      this.emit('customer.subscription.created', subscription);
      this.emit('invoice.paid', invoice);
      this.emit('invoice.payment_succeeded', invoice);
      this.emit('checkout.session.completed', session);
    }
    return (session.success_url ?? '').split('{CHECKOUT_SESSION_ID}').join(session.id);
  }

  private createPayment(input: {
    amount: number;
    currency: string;
    customer: string | null;
    description: string | null;
    metadata: Record<string, string>;
    email: string | null;
    paymentMethodId: string;
  }): { paymentIntent: TPaymentIntent; charge: TCharge } {
    const now = this.now();
    const paymentIntentId = newId('pi');
    const chargeId = newId('ch');
    const paymentIntent = this.put(
      buildPaymentIntent({
        id: paymentIntentId,
        created: now,
        amount: input.amount,
        currency: input.currency,
        customer: input.customer,
        chargeId,
        description: input.description,
        metadata: input.metadata,
        receiptEmail: input.email,
        paymentMethodId: input.paymentMethodId,
      }),
    );
    const charge = this.put(
      buildCharge({
        id: chargeId,
        created: now,
        amount: input.amount,
        currency: input.currency,
        customer: input.customer,
        paymentIntentId,
        description: input.description,
        metadata: input.metadata,
        email: input.email,
        paymentMethodId: input.paymentMethodId,
      }),
    );
    return { paymentIntent, charge };
  }

  /** Stores an invoice and its invoice payments, which Stripe also serves on their own (`/v1/invoice_payments`). */
  private putInvoice(invoice: TEmulatedInvoice): TEmulatedInvoice {
    this.put(invoice);
    for (const payment of invoice.payments?.data ?? []) this.put(payment);
    return invoice;
  }

  private nextInvoiceNumber(customer: TCustomer): string {
    const n = customer.next_invoice_sequence ?? 1;
    customer.next_invoice_sequence = n + 1;
    return `${customer.invoice_prefix ?? 'EMU'}-${String(n).padStart(4, '0')}`;
  }

  // ---- subscriptions ------------------------------------------------------------------------------------

  updateSubscription(
    subscription: TEmulatedSubscription,
    changes: {
      cancelAtPeriodEnd?: boolean;
      metadata?: Record<string, string>;
      description?: string | null;
      cancellationDetails?: { comment?: string | null; feedback?: string | null };
    },
  ): TEmulatedSubscription {
    if (
      subscription.status === 'canceled' &&
      (changes.cancelAtPeriodEnd !== undefined || changes.description !== undefined)
    ) {
      throw errors.invalid('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const next: Partial<TEmulatedSubscription> = {};
    if (changes.metadata) next.metadata = changes.metadata;
    if (changes.description !== undefined) next.description = changes.description;
    const details = {
      ...(subscription.cancellation_details ?? {
        comment: null,
        feedback: null,
        feedback_option: null,
        reason: null,
      }),
    };
    if (changes.cancellationDetails?.comment !== undefined)
      details.comment = changes.cancellationDetails.comment;
    if (changes.cancellationDetails?.feedback !== undefined) {
      details.feedback = changes.cancellationDetails.feedback as typeof details.feedback;
    }
    if (changes.cancelAtPeriodEnd === true && !subscription.cancel_at_period_end) {
      next.cancel_at_period_end = true;
      next.cancel_at = subscription.current_period_end;
      next.canceled_at = this.now();
      details.reason = 'cancellation_requested';
    } else if (changes.cancelAtPeriodEnd === false && subscription.cancel_at_period_end) {
      next.cancel_at_period_end = false;
      next.cancel_at = null;
      next.canceled_at = null;
      details.reason = null;
    }
    next.cancellation_details = details;
    const previous = this.applyChanges(subscription, next);
    if (previous) this.emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  cancelSubscription(
    subscription: TEmulatedSubscription,
    input: { comment?: string | null; feedback?: string | null } = {},
    reason: 'cancellation_requested' | 'payment_failed' = 'cancellation_requested',
  ): TEmulatedSubscription {
    if (subscription.status === 'canceled') {
      throw errors.invalid(
        `This subscription (${subscription.id}) is already canceled.`,
        undefined,
        'resource_missing',
      );
    }
    const now = this.now();
    subscription.status = 'canceled';
    subscription.canceled_at = subscription.canceled_at ?? now;
    subscription.ended_at = now;
    subscription.cancel_at = subscription.cancel_at ?? null;
    subscription.cancellation_details = {
      comment: input.comment ?? subscription.cancellation_details?.comment ?? null,
      feedback: (input.feedback ?? subscription.cancellation_details?.feedback ?? null) as 'other' | null,
      feedback_option: null,
      reason,
    };
    this.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  /**
   * The end of the current period, as Stripe runs it: the clock moves to the period end; a subscription set to
   * cancel at period end is canceled (customer.subscription.deleted); a past-due one whose retry now succeeds is
   * paid; otherwise a new period starts with a new paid invoice.
   */
  renewSubscription(subscription: TEmulatedSubscription): TEmulatedSubscription {
    if (subscription.status === 'canceled') throw new Error(`Subscription ${subscription.id} is canceled.`);
    const latest =
      typeof subscription.latest_invoice === 'string' ? this.find(subscription.latest_invoice) : undefined;
    if (subscription.status === 'past_due' && latest?.object === 'invoice' && latest.status === 'open') {
      return this.payOpenInvoice(subscription, latest as TEmulatedInvoice);
    }
    this.moveClockTo(subscription.current_period_end);
    if (subscription.cancel_at_period_end) return this.cancelSubscription(subscription);
    return this.startNextPeriod(subscription, true);
  }

  /** A renewal whose payment fails: a new period starts with an open invoice, and the subscription goes past_due. */
  failRenewal(subscription: TEmulatedSubscription): TEmulatedSubscription {
    if (subscription.status === 'canceled') throw new Error(`Subscription ${subscription.id} is canceled.`);
    this.moveClockTo(subscription.current_period_end);
    return this.startNextPeriod(subscription, false);
  }

  private startNextPeriod(subscription: TEmulatedSubscription, paid: boolean): TEmulatedSubscription {
    const item = subscription.items.data[0];
    const price = item.price;
    const recurring = price.recurring ?? { interval: 'month' as const, interval_count: 1 };
    const index = (this.subscriptionPeriodIndex.get(subscription.id) ?? 0) + 1;
    this.subscriptionPeriodIndex.set(subscription.id, index);
    const anchor = subscription.billing_cycle_anchor;
    const periodStart = addInterval(anchor, recurring.interval, recurring.interval_count * index);
    const periodEnd = addInterval(anchor, recurring.interval, recurring.interval_count * (index + 1));
    const customer = this.get<TCustomer>(subscription.customer as string, 'customer');
    const quantity = item.quantity ?? 1;
    const payment = paid
      ? this.createPayment({
          amount: (price.unit_amount ?? 0) * quantity,
          currency: price.currency,
          customer: customer.id,
          description: 'Subscription update',
          metadata: {},
          email: customer.email,
          paymentMethodId:
            typeof subscription.default_payment_method === 'string'
              ? subscription.default_payment_method
              : newId('pm'),
        })
      : null;
    const previousPeriod = { start: item.current_period_start, end: item.current_period_end };
    const invoice = this.putInvoice(
      buildInvoice({
        id: newId('in'),
        created: this.now(),
        customer,
        subscription: { id: subscription.id, metadata: subscription.metadata },
        subscriptionItemId: item.id,
        price,
        productName: this.productOf(price)?.name ?? null,
        quantity,
        periodStart,
        periodEnd,
        billingReason: 'subscription_cycle',
        number: this.nextInvoiceNumber(customer),
        paid,
        paymentIntentId: payment?.paymentIntent.id ?? null,
        previousPeriod,
      }),
    );
    const previous: Record<string, unknown> = {
      current_period_start: subscription.current_period_start,
      current_period_end: subscription.current_period_end,
      items: structuredClone(subscription.items),
      latest_invoice: subscription.latest_invoice,
    };
    item.current_period_start = periodStart;
    item.current_period_end = periodEnd;
    subscription.current_period_start = periodStart;
    subscription.current_period_end = periodEnd;
    subscription.latest_invoice = invoice.id;
    const status = paid ? 'active' : 'past_due';
    if (subscription.status !== status) {
      previous.status = subscription.status;
      subscription.status = status;
    }
    if (payment) {
      this.emit('charge.succeeded', payment.charge);
      this.emit('payment_intent.succeeded', payment.paymentIntent);
      this.emit('invoice.paid', invoice);
      this.emit('invoice.payment_succeeded', invoice);
    } else {
      this.emit('invoice.payment_failed', invoice);
    }
    this.emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  private payOpenInvoice(
    subscription: TEmulatedSubscription,
    invoice: TEmulatedInvoice,
  ): TEmulatedSubscription {
    const customer = this.get<TCustomer>(subscription.customer as string, 'customer');
    const { paymentIntent, charge } = this.createPayment({
      amount: invoice.amount_due,
      currency: invoice.currency,
      customer: customer.id,
      description: 'Subscription update',
      metadata: {},
      email: customer.email,
      paymentMethodId:
        typeof subscription.default_payment_method === 'string'
          ? subscription.default_payment_method
          : newId('pm'),
    });
    const now = this.now();
    const previousInvoice = {
      status: invoice.status,
      amount_paid: invoice.amount_paid,
      amount_remaining: invoice.amount_remaining,
    };
    Object.assign(invoice, {
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_remaining: 0,
      attempt_count: invoice.attempt_count + 1,
      next_payment_attempt: null,
      auto_advance: false,
      status_transitions: { ...invoice.status_transitions, paid_at: now },
    });
    const invoicePayment = this.put(
      buildInvoicePayment({
        id: newId('inpay'),
        created: now,
        invoiceId: invoice.id,
        currency: invoice.currency,
        amount: invoice.amount_due,
        paymentIntentId: paymentIntent.id,
        paidAt: now,
      }),
    );
    invoice.payments = {
      object: 'list',
      data: [invoicePayment],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${invoice.id}`,
    } as TEmulatedInvoice['payments'];
    this.emit('charge.succeeded', charge);
    this.emit('payment_intent.succeeded', paymentIntent);
    this.emit('invoice.paid', invoice, previousInvoice);
    this.emit('invoice.payment_succeeded', invoice, previousInvoice);
    const previous = { status: subscription.status };
    subscription.status = 'active';
    this.emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  // ---- refunds and disputes -----------------------------------------------------------------------------

  createRefund(input: {
    charge: TCharge;
    amount: number | null;
    reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
    metadata: Record<string, string>;
  }): TRefund {
    const { charge } = input;
    if (charge.disputed) {
      throw errors.invalid(
        `Charge ${charge.id} has been charged back; cannot issue a refund.`,
        undefined,
        'charge_disputed',
      );
    }
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining <= 0) {
      throw errors.invalid(
        `Charge ${charge.id} has already been refunded.`,
        undefined,
        'charge_already_refunded',
      );
    }
    const amount = input.amount ?? remaining;
    if (amount <= 0) throw errors.invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer');
    if (amount > remaining) {
      throw errors.invalid(
        `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
        'amount',
        'amount_too_large',
      );
    }
    const refund = this.put(
      buildRefund({
        id: newId('re'),
        created: this.now(),
        amount,
        charge,
        reason: input.reason,
        metadata: input.metadata,
      }),
    );
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    this.emit('refund.created', refund);
    this.emit('charge.refunded', charge, previous);
    return refund;
  }

  chargeForPaymentIntent(paymentIntentId: string, param: string): TCharge {
    const paymentIntent = this.ref<TPaymentIntent>(paymentIntentId, 'payment_intent', param);
    const chargeId = typeof paymentIntent.latest_charge === 'string' ? paymentIntent.latest_charge : null;
    if (!chargeId) {
      throw errors.invalid(
        `This PaymentIntent (${paymentIntentId}) does not have a successful charge to refund.`,
        param,
        'charge_not_refundable',
      );
    }
    return this.get<TCharge>(chargeId, 'charge');
  }

  createDispute(charge: TCharge, reason = 'fraudulent'): TDispute {
    if (charge.disputed) throw new Error(`Charge ${charge.id} is already disputed.`);
    const dispute = this.put(buildDispute({ id: newId('dp'), created: this.now(), charge, reason }));
    charge.disputed = true;
    this.emit('charge.dispute.created', dispute);
    return dispute;
  }

  // ---- billing portal -----------------------------------------------------------------------------------

  createPortalSession(customer: TCustomer, returnUrl: string | null): TPortalSession {
    const id = newId('bps');
    return this.put(
      buildPortalSession({
        id,
        created: this.now(),
        customer: customer.id,
        returnUrl,
        url: `${this.options.publicBaseUrl()}/p/session/${id}`,
      }),
    );
  }
}

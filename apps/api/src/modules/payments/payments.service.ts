import Stripe from 'stripe';
import type { TPremiumOffer } from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import type { TDb } from '../../lib/db';
import type { TLogger } from '../../lib/logger';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  ServiceUnavailableError,
  ValidationError,
} from '../../lib/errors';
import { hashToken } from '../auth/tokens';
import type { TAuthUser } from '../auth/user-record';
import { enqueueEmail } from '../mail/outbox';
import { emails } from '../mail/templates';
import { hasActivePremium } from '../premium/access';
import { recomputeAccess, type TAccessChange } from './access.service';
import type { PriceCatalog, TPriceEntry } from './price-catalog';
import type { Prisma } from '../../generated/prisma/client';
import { ERROR_CODES } from '@polski/contracts';

type Tx = Prisma.TransactionClient;

export interface TPaymentsDeps {
  db: TDb;
  stripe: Stripe;
  catalog: PriceCatalog;
  clock: TClock;
  logger: TLogger;
  offer: TPremiumOffer;
  publicUrl: string;
  webhookSecret: string;
  graceDays: number;
  onEmailQueued?: () => void;
  /** Called before a write to what the user cache holds of a user (roles, premium fields, Stripe customer). */
}

export const ALREADY_PREMIUM = 'You already have an active Premium membership.';
export const NO_BILLING_ACCOUNT = 'You have no billing account yet: it is created with your first purchase.';

/** Events the webhook applies; every other type is recorded and answered 200. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'charge.refunded',
  'charge.dispute.created',
]);

const YEAR_MS = 365 * 86_400_000;

function idOf(v: string | { id: string } | null | undefined): string | null {
  if (!v) return null;
  return typeof v === 'string' ? v : v.id;
}

/** Period end of a subscription: on its first item in current API versions, on the subscription in older ones. */
function periodEnd(sub: Stripe.Subscription): Date | null {
  const item = sub.items?.data?.[0] as
    (Stripe.SubscriptionItem & { current_period_end?: number }) | undefined;
  const seconds =
    item?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end;
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  const parent = (
    invoice as unknown as { parent?: { subscription_details?: { subscription?: string | { id: string } } } }
  ).parent?.subscription_details?.subscription;
  return idOf(parent ?? legacy ?? null);
}

/** Stripe's network or server trouble -> 503 for our client; its refusals of our request are bugs -> rethrown. */
function stripeUnavailable(err: unknown): never {
  if (err instanceof Stripe.errors.StripeConnectionError || err instanceof Stripe.errors.StripeAPIError) {
    throw new ServiceUnavailableError(
      ERROR_CODES.paymentsUnavailable,
      'The payment service is not answering right now. Please try again in a moment.',
      10,
    );
  }
  throw err;
}

/**
 * A signed event is well formed in practice; checked anyway, so a malformed one is a 400 rather than a failed insert
 * (webhook_events.created holds Unix seconds in a 32-bit integer).
 */
function wellFormedEvent(event: Stripe.Event): boolean {
  const e = event as unknown as {
    id?: unknown;
    type?: unknown;
    created?: unknown;
    data?: { object?: unknown };
  };
  const created = e.created;
  return (
    typeof e.id === 'string' &&
    e.id.length > 0 &&
    e.id.length <= 255 &&
    typeof e.type === 'string' &&
    typeof created === 'number' &&
    Number.isInteger(created) &&
    created >= 0 &&
    created <= 2_147_483_647 &&
    typeof e.data?.object === 'object' &&
    e.data.object !== null
  );
}

export class PaymentsService {
  constructor(private readonly d: TPaymentsDeps) {}

  private now(): Date {
    return this.d.clock.now();
  }

  // ---- prices -------------------------------------------------------------------------------------------------
  async prices(): Promise<TPriceEntry[]> {
    return this.d.catalog.list();
  }

  // ---- checkout -----------------------------------------------------------------------------------------------
  /**
   * Creates (or, for a double click, returns the still-open) hosted checkout session for the signed-in user.
   * `handle` is the opaque saved-session handle from save-session; it must belong to this user and carries the
   * user across the redirect.
   */
  async createCheckout(
    user: TAuthUser,
    input: { priceId: string; userId: string },
    offer: TPremiumOffer,
  ): Promise<{ sessionId: string; url: string }> {
    if (offer !== this.d.offer) {
      throw new BadRequestError(
        ERROR_CODES.offerNotAvailable,
        'This checkout belongs to the other premium offer and is not available.',
      );
    }
    const price = await this.d.catalog.find(input.priceId);
    if (!price) throw ValidationError.field('priceId', 'This price is not part of the current offer.');
    if (hasActivePremium(user, this.now()))
      throw new ConflictError(ERROR_CODES.alreadyPremium, ALREADY_PREMIUM);
    const saved = await this.d.db.savedSession.findUnique({ where: { handleHash: hashToken(input.userId) } });
    if (!saved || saved.userId !== user.id || saved.usedAt || saved.expiresAt <= this.now()) {
      throw ValidationError.field('userId', 'Your checkout session has expired. Please start again.');
    }
    if (price.recurring) {
      const other = await this.d.db.subscription.findFirst({
        where: { userId: user.id, NOT: { currency: price.currency } },
        select: { currency: true },
      });
      if (other) {
        throw new BadRequestError(
          ERROR_CODES.currencyMismatch,
          `Your account is billed in ${other.currency}. Please choose a price in ${other.currency}.`,
        );
      }
    }
    const customerId = await this.ensureCustomer(user);
    // one checkout at a time per user: a double click waits here and then gets the session the first one created
    return this.d.db.$transaction(
      async (tx) => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`checkout:${user.id}`}))`;
        const open = await tx.checkoutSession.findFirst({
          where: {
            userId: user.id,
            priceId: price.id,
            status: 'open',
            createdAt: { gt: new Date(this.now().getTime() - 3_600_000) },
          },
          orderBy: { createdAt: 'desc' },
        });
        if (open) {
          const existing = await this.d.stripe.checkout.sessions
            .retrieve(open.stripeSessionId)
            .catch(stripeUnavailable);
          if (existing.status === 'open' && existing.url)
            return { sessionId: existing.id, url: existing.url };
          await tx.checkoutSession.update({
            where: { id: open.id },
            data: { status: existing.status ?? 'expired' },
          });
        }
        const back = this.d.offer === 'subscription' ? '/premium-member' : '/success';
        const successUrl = `${this.d.publicUrl}${back}?from=stripe&userId=${encodeURIComponent(input.userId)}&session_id={CHECKOUT_SESSION_ID}`;
        const metadata = { userId: user.id, plan: price.plan, offer: this.d.offer };
        const session = await this.d.stripe.checkout.sessions
          .create({
            mode: price.recurring ? 'subscription' : 'payment',
            customer: customerId,
            client_reference_id: user.id,
            line_items: [{ price: price.id, quantity: 1 }],
            metadata,
            ...(price.recurring
              ? { subscription_data: { metadata } }
              : { payment_intent_data: { metadata } }),
            success_url: successUrl,
            cancel_url: `${this.d.publicUrl}/premium-member?canceled=1`,
          })
          .catch(stripeUnavailable);
        await tx.checkoutSession.create({
          data: {
            stripeSessionId: session.id,
            userId: user.id,
            priceId: price.id,
            mode: session.mode,
            plan: price.plan,
            currency: price.currency,
            amount: price.unitAmount,
            status: 'open',
            createdAt: this.now(),
          },
        });
        if (!session.url)
          throw new ServiceUnavailableError(
            ERROR_CODES.paymentsUnavailable,
            'The payment service returned no checkout page.',
          );
        return { sessionId: session.id, url: session.url };
      },
      { timeout: 20_000, maxWait: 10_000 },
    );
  }

  /** One Stripe customer per user, created before the first checkout; concurrent calls share one (idempotency key). */
  async ensureCustomer(user: TAuthUser): Promise<string> {
    const existing = await this.d.db.paymentCustomer.findUnique({ where: { userId: user.id } });
    if (existing) return existing.stripeCustomerId;
    const create = () =>
      this.d.stripe.customers.create(
        { email: user.email, name: user.username, metadata: { userId: user.id } },
        { idempotencyKey: `customer-for-user-${user.id}` },
      );
    // the same key from a concurrent request: Stripe answers 409 while the first is in flight; ask again shortly
    const customer = await create()
      .catch(async (err) => {
        if (
          err instanceof Stripe.errors.StripeIdempotencyError ||
          (err as { statusCode?: number }).statusCode === 409
        ) {
          await new Promise((r) => setTimeout(r, 200));
          return create();
        }
        throw err;
      })
      .catch(stripeUnavailable);
    // a concurrent first checkout may have stored its customer meanwhile: the first one stays
    await this.d.db.paymentCustomer.createMany({
      data: [{ userId: user.id, stripeCustomerId: customer.id, createdAt: this.now() }],
      skipDuplicates: true,
    });
    const stored = await this.d.db.paymentCustomer.findUniqueOrThrow({ where: { userId: user.id } });
    return stored.stripeCustomerId;
  }

  // ---- fulfilment ---------------------------------------------------------------------------------------------
  /**
   * The one idempotent fulfilment, called by the webhook and by the return page: reads the session from Stripe and
   * applies it. Returns the outcome; calling it again changes nothing.
   */
  async fulfil(sessionId: string, forUserId?: string): Promise<'fulfilled' | 'already' | 'not-paid'> {
    if (forUserId) {
      const row = await this.d.db.checkoutSession.findUnique({ where: { stripeSessionId: sessionId } });
      if (!row || row.userId !== forUserId)
        throw new NotFoundError(ERROR_CODES.checkoutNotFound, 'Checkout session not found');
    }
    const session = await this.retrieveSession(sessionId);
    return this.d.db.$transaction((tx) => this.applyCheckoutSession(tx, session), {
      timeout: 20_000,
      maxWait: 10_000,
    });
  }

  private async retrieveSession(id: string): Promise<Stripe.Checkout.Session> {
    return this.d.stripe.checkout.sessions
      .retrieve(id, { expand: ['subscription', 'payment_intent'] })
      .catch(stripeUnavailable);
  }

  private async applyCheckoutSession(
    tx: Tx,
    session: Stripe.Checkout.Session,
  ): Promise<'fulfilled' | 'already' | 'not-paid'> {
    const rows = await tx.$queryRaw<
      { id: string; user_id: string; fulfilled_at: Date | null; plan: string }[]
    >`
      SELECT id, user_id, fulfilled_at, plan FROM checkout_sessions WHERE stripe_session_id = ${session.id} FOR UPDATE`;
    let row = rows[0];
    if (!row) {
      // a session we did not record (created before a restore, or by the dashboard): adopt it if it names a user
      const userId = session.client_reference_id ?? session.metadata?.userId;
      if (!userId || !(await tx.user.findUnique({ where: { id: userId } }))) return 'not-paid';
      const created = await tx.checkoutSession.create({
        data: {
          stripeSessionId: session.id,
          userId,
          priceId: session.metadata?.priceId ?? 'unknown',
          mode: session.mode,
          plan: session.metadata?.plan ?? 'yearly',
          currency: (session.currency ?? 'usd').toUpperCase(),
          amount: session.amount_total ?? 0,
          status: session.status ?? 'open',
        },
      });
      row = { id: created.id, user_id: userId, fulfilled_at: null, plan: created.plan };
    }
    const paid =
      session.status === 'complete' &&
      (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
    if (!paid) {
      if (session.status === 'expired')
        await tx.checkoutSession.update({ where: { id: row.id }, data: { status: 'expired' } });
      return 'not-paid';
    }
    if (row.fulfilled_at) return 'already';
    const now = this.now();
    if (session.mode === 'payment') {
      const pi = session.payment_intent;
      const paidAt = typeof pi === 'object' && pi ? new Date(pi.created * 1000) : now;
      await tx.payment.upsert({
        where: { stripeSessionId: session.id },
        create: {
          userId: row.user_id,
          stripeSessionId: session.id,
          stripePaymentIntentId: idOf(pi),
          plan: row.plan,
          currency: (session.currency ?? 'usd').toUpperCase(),
          amount: session.amount_total ?? 0,
          status: 'paid',
          paidAt,
          accessUntil: row.plan === 'lifetime' ? null : new Date(paidAt.getTime() + YEAR_MS),
        },
        // a refund or dispute applied earlier (events out of order) stays as it is
        update: {},
      });
    } else if (session.subscription) {
      const sub =
        typeof session.subscription === 'string'
          ? await this.d.stripe.subscriptions.retrieve(session.subscription).catch(stripeUnavailable)
          : session.subscription;
      await this.upsertSubscription(tx, sub, row.user_id, Math.floor(now.getTime() / 1000));
    }
    await tx.checkoutSession.update({
      where: { id: row.id },
      data: { status: 'complete', fulfilledAt: now },
    });
    await this.recompute(tx, row.user_id);
    return 'fulfilled';
  }

  private async upsertSubscription(
    tx: Tx,
    sub: Stripe.Subscription,
    knownUserId: string | null,
    eventCreated: number,
  ) {
    let userId: string | null = knownUserId ?? sub.metadata?.userId ?? null;
    if (!userId) {
      const c = await tx.paymentCustomer.findUnique({
        where: { stripeCustomerId: idOf(sub.customer) ?? '' },
      });
      userId = c?.userId ?? null;
    }
    if (!userId || !(await tx.user.findUnique({ where: { id: userId } }))) {
      this.d.logger.warn({ subscription: sub.id }, 'subscription of an unknown user ignored');
      return null;
    }
    const item = sub.items?.data?.[0];
    const data = {
      status: sub.status,
      priceId: item?.price?.id ?? 'unknown',
      plan: item?.price?.metadata?.plan ?? sub.metadata?.plan ?? 'monthly',
      currency: (item?.price?.currency ?? sub.currency ?? 'usd').toUpperCase(),
      currentPeriodEnd: periodEnd(sub),
      cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
      lastEventAt: eventCreated,
    };
    await tx.subscription.upsert({
      where: { stripeSubscriptionId: sub.id },
      create: { userId, stripeSubscriptionId: sub.id, ...data },
      update: data,
    });
    return userId;
  }

  private async recompute(tx: Tx, userId: string): Promise<TAccessChange> {
    const change = await recomputeAccess(tx, userId, this.now(), this.d.graceDays);
    if (change.before !== change.after) {
      const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
      const message = change.after
        ? emails.premiumGranted(
            user.email,
            user.username,
            change.premiumLifetime
              ? 'for the life of the platform'
              : `until ${change.premiumUntil!.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' })}`,
          )
        : emails.premiumEnded(
            user.email,
            user.username,
            'the payment was refunded, disputed, or the subscription ended.',
          );
      await enqueueEmail(tx, message, this.now());
      this.d.onEmailQueued?.();
    }
    return change;
  }

  // ---- webhooks -----------------------------------------------------------------------------------------------
  /**
   * Verifies the signature on the raw body, then applies the event and records its id in one transaction, so a
   * duplicate (or the same event reaching two processes at once) is applied once. State that the effect needs is
   * read fresh from Stripe first, so events arriving late or out of order converge on Stripe's current state.
   */
  async handleWebhook(
    rawBody: Buffer,
    signature: string | undefined,
  ): Promise<{ received: true; duplicate?: true; ignored?: true }> {
    if (!signature) throw new BadRequestError(ERROR_CODES.invalidWebhook, 'Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.d.stripe.webhooks.constructEvent(rawBody, signature, this.d.webhookSecret);
    } catch {
      throw new BadRequestError(ERROR_CODES.invalidWebhook, 'Invalid Stripe signature');
    }
    if (!wellFormedEvent(event))
      throw new BadRequestError(ERROR_CODES.invalidWebhook, 'Malformed Stripe event');
    if (await this.d.db.webhookEvent.findUnique({ where: { id: event.id } }))
      return { received: true, duplicate: true };
    const prepared = HANDLED_EVENTS.has(event.type) ? await this.prepare(event) : undefined;
    let duplicate = false;
    await this.d.db.$transaction(
      async (tx) => {
        const inserted = await tx.$executeRaw`
          INSERT INTO webhook_events (id, type, created, processed_at) VALUES (${event.id}, ${event.type}, ${event.created}, ${this.now()})
          ON CONFLICT (id) DO NOTHING`;
        if (inserted === 0) {
          duplicate = true;
          return;
        }
        if (prepared) await this.apply(tx, event, prepared);
      },
      { timeout: 20_000, maxWait: 10_000 },
    );
    if (duplicate) return { received: true, duplicate: true };
    return prepared ? { received: true } : { received: true, ignored: true };
  }

  private async prepare(event: Stripe.Event): Promise<TPrepared> {
    const obj = event.data.object as unknown as Record<string, unknown> & { id: string };
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        return { session: await this.retrieveSession(obj.id) };
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return {
          subscription: await this.latestSubscription(obj.id, event.data.object as Stripe.Subscription),
        };
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const subId = invoiceSubscriptionId(event.data.object as Stripe.Invoice);
        return subId ? { subscription: await this.latestSubscription(subId) } : {};
      }
      case 'charge.refunded':
      case 'charge.dispute.created': {
        const chargeId =
          event.type === 'charge.refunded' ? obj.id : idOf((obj as { charge?: string }).charge ?? null);
        if (!chargeId) return {};
        const charge = await this.d.stripe.charges.retrieve(chargeId).catch(stripeUnavailable);
        const piId = idOf(charge.payment_intent);
        let session: Stripe.Checkout.Session | undefined;
        if (piId) {
          const list = await this.d.stripe.checkout.sessions
            .list({ payment_intent: piId, limit: 1 })
            .catch(stripeUnavailable);
          if (list.data[0]) session = await this.retrieveSession(list.data[0].id);
        }
        return { charge, session };
      }
      default:
        return {};
    }
  }

  private async latestSubscription(id: string, fallback?: Stripe.Subscription): Promise<Stripe.Subscription> {
    try {
      return await this.d.stripe.subscriptions.retrieve(id);
    } catch (err) {
      if (fallback && err instanceof Stripe.errors.StripeInvalidRequestError) return fallback;
      return stripeUnavailable(err);
    }
  }

  private async apply(tx: Tx, event: Stripe.Event, p: TPrepared): Promise<void> {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        await this.applyCheckoutSession(tx, p.session!);
        return;
      case 'checkout.session.async_payment_failed':
      case 'checkout.session.expired':
        await tx.checkoutSession.updateMany({
          where: { stripeSessionId: p.session!.id, fulfilledAt: null },
          data: { status: event.type.endsWith('failed') ? 'failed' : 'expired' },
        });
        return;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        if (!p.subscription) return;
        const userId = await this.upsertSubscription(tx, p.subscription, null, event.created);
        if (userId) await this.recompute(tx, userId);
        return;
      }
      case 'charge.refunded':
      case 'charge.dispute.created': {
        const charge = p.charge;
        if (!charge) return;
        // the purchase may not be recorded yet when the refund arrives first: record it, then end it
        if (p.session) await this.applyCheckoutSession(tx, p.session);
        const piId = idOf(charge.payment_intent);
        const payment = piId ? await tx.payment.findUnique({ where: { stripePaymentIntentId: piId } }) : null;
        if (!payment) return;
        const fullyRefunded = charge.refunded || charge.amount_refunded >= charge.amount;
        if (event.type === 'charge.refunded' && !fullyRefunded) return;
        await tx.payment.update({
          where: { id: payment.id },
          data: { status: event.type === 'charge.refunded' ? 'refunded' : 'disputed', endedAt: this.now() },
        });
        await this.recompute(tx, payment.userId);
        return;
      }
    }
  }

  // ---- portal and admin -----------------------------------------------------------------------------------------
  async portalUrl(user: TAuthUser): Promise<string> {
    if (!user.stripeCustomerId) throw new BadRequestError(ERROR_CODES.noBillingAccount, NO_BILLING_ACCOUNT);
    const session = await this.d.stripe.billingPortal.sessions
      .create({ customer: user.stripeCustomerId, return_url: `${this.d.publicUrl}/settings` })
      .catch(stripeUnavailable);
    return session.url;
  }

  /** Subscriptions and one-time payments as Stripe has them, with the users they belong to (admin). */
  async stripeOverview() {
    const customers = await this.d.db.paymentCustomer.findMany({ include: { user: true } });
    const byCustomer = new Map(customers.map((c) => [c.stripeCustomerId, c.user]));
    const who = (customer: string | null) => {
      const u = customer ? byCustomer.get(customer) : undefined;
      return u ? { username: u.username, email: u.email } : null;
    };
    const subscriptions = [];
    for await (const s of this.d.stripe.subscriptions.list({ status: 'all', limit: 100 })) {
      const item = s.items.data[0];
      subscriptions.push({
        id: s.id,
        status: s.status,
        customer: idOf(s.customer),
        user: who(idOf(s.customer)),
        priceId: item?.price.id ?? null,
        currency: (item?.price.currency ?? '').toUpperCase(),
        currentPeriodEnd: periodEnd(s)?.toISOString() ?? null,
        cancelAtPeriodEnd: s.cancel_at_period_end,
      });
      if (subscriptions.length >= 1000) break;
    }
    const payments = [];
    for await (const cs of this.d.stripe.checkout.sessions.list({ limit: 100 })) {
      if (cs.mode !== 'payment' || cs.payment_status !== 'paid') continue;
      const local = await this.d.db.payment.findUnique({ where: { stripeSessionId: cs.id } });
      payments.push({
        sessionId: cs.id,
        customer: idOf(cs.customer),
        user: who(idOf(cs.customer)),
        plan: cs.metadata?.plan ?? null,
        amount: cs.amount_total,
        currency: (cs.currency ?? '').toUpperCase(),
        status: local?.status ?? 'not recorded',
        created: new Date(cs.created * 1000).toISOString(),
      });
      if (payments.length >= 1000) break;
    }
    return { subscriptions, payments };
  }

  /**
   * Reconciles every customer's premium with Stripe: records any subscription or paid session the webhooks missed,
   * marks refunded purchases, recomputes access, and reports what changed (admin).
   */
  async syncRoles() {
    const customers = await this.d.db.paymentCustomer.findMany({ include: { user: true } });
    const changes: {
      username: string;
      email: string;
      before: boolean;
      after: boolean;
      premiumUntil: string | null;
      premiumLifetime: boolean;
    }[] = [];
    for (const c of customers) {
      const subs: Stripe.Subscription[] = [];
      for await (const s of this.d.stripe.subscriptions.list({
        customer: c.stripeCustomerId,
        status: 'all',
        limit: 100,
      }))
        subs.push(s);
      const sessions: Stripe.Checkout.Session[] = [];
      for await (const s of this.d.stripe.checkout.sessions.list({
        customer: c.stripeCustomerId,
        limit: 100,
      })) {
        if (s.status === 'complete') sessions.push(await this.retrieveSession(s.id));
      }
      const refundedIntents = new Set<string>();
      for await (const ch of this.d.stripe.charges.list({ customer: c.stripeCustomerId, limit: 100 })) {
        const pi = idOf(ch.payment_intent);
        if (pi && (ch.refunded || ch.amount_refunded >= ch.amount || ch.disputed)) refundedIntents.add(pi);
      }
      const change = await this.d.db.$transaction(
        async (tx) => {
          const start = await tx.user.findUniqueOrThrow({
            where: { id: c.userId },
            include: { roles: { include: { role: true } } },
          });
          const before = hasActivePremium(
            {
              premiumUntil: start.premiumUntil,
              premiumLifetime: start.premiumLifetime,
              roles: start.roles.map((r) => r.role.name),
            },
            this.now(),
          );
          for (const s of sessions) await this.applyCheckoutSession(tx, s);
          for (const s of subs)
            await this.upsertSubscription(tx, s, c.userId, Math.floor(this.now().getTime() / 1000));
          if (refundedIntents.size) {
            await tx.payment.updateMany({
              where: {
                userId: c.userId,
                status: 'paid',
                stripePaymentIntentId: { in: [...refundedIntents] },
              },
              data: { status: 'refunded', endedAt: this.now() },
            });
          }
          return { ...(await this.recompute(tx, c.userId)), before };
        },
        { timeout: 30_000, maxWait: 10_000 },
      );
      if (change.before !== change.after) {
        changes.push({
          username: c.user.username,
          email: c.user.email,
          before: change.before,
          after: change.after,
          premiumUntil: change.premiumUntil?.toISOString() ?? null,
          premiumLifetime: change.premiumLifetime,
        });
      }
    }
    return { checked: customers.length, changed: changes.length, changes };
  }
}

interface TPrepared {
  session?: Stripe.Checkout.Session;
  subscription?: Stripe.Subscription;
  charge?: Stripe.Charge;
}

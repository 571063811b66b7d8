import express, { type Express, type Request, type Response } from 'express';
import { StripeApiError, errors } from './api-errors';
import { EmulatorState } from './emulator-state';
import { FormEncodingError, parseStripeForm, type TFormObject } from './form-encoding';
import {
  describeInterval,
  formatAmount,
  renderCheckoutPage,
  renderMessagePage,
  renderPortalPage,
  type TPortalPageView,
} from './hosted-pages';
import { applyExpand, paginate } from './list-and-expand';
import { newRequestId, type TEmulatedSubscription } from './objects';
import * as P from './param-specs';
import {
  applyMetadata,
  checkParams,
  expandParam,
  nullableString,
  optionalArray,
  optionalBoolean,
  optionalEnum,
  optionalInteger,
  optionalObject,
  optionalString,
  optionalStringArray,
  requiredString,
  validateEmail,
  validateUrl,
  type TParamSpec,
} from './params';
import type { TEmulatorLogger } from './webhook-dispatcher';
import type {
  TCharge,
  TCheckoutSession,
  TCustomer,
  TEvent,
  TInvoice,
  TInvoicePayment,
  TJson,
  TPaymentIntent,
  TPortalSession,
  TPrice,
  TProduct,
  TRefund,
} from './wire-types';

interface TApiContext {
  params: TFormObject;
  path: Record<string, string>;
}

type TApiHandler = (ctx: TApiContext) => object;

interface TIdempotencyRecord {
  fingerprint: string;
  status: number;
  body: string;
  createdAt: number;
}

const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

function rawBody(req: Request): string {
  return Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
}

function queryString(req: Request): string {
  const q = req.originalUrl.indexOf('?');
  return q === -1 ? '' : req.originalUrl.slice(q + 1);
}

/** The Express app behind the emulator: Stripe's REST API under /v1 and the hosted pages under /c and /p. */
export function createEmulatorApp(deps: {
  state: EmulatorState;
  apiVersion: string;
  logger?: TEmulatorLogger;
}): Express {
  const { state, apiVersion, logger } = deps;
  const idempotency = new Map<string, TIdempotencyRecord>();
  let warnedVersion = false;

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use(express.raw({ type: () => true, limit: '1mb' }));

  // ---- plumbing: auth, parsing, idempotency, expansion, errors -------------------------------------------------

  function sendJson(res: Response, status: number, body: string): void {
    res.status(status).type('application/json').send(body);
  }

  function authenticate(req: Request): void {
    const header = firstHeader(req.headers.authorization);
    if (!header) throw errors.noApiKey();
    let key: string | undefined;
    const bearer = /^Bearer\s+(.+)$/i.exec(header);
    const basic = /^Basic\s+(.+)$/i.exec(header);
    if (bearer) key = bearer[1].trim();
    else if (basic) key = Buffer.from(basic[1], 'base64').toString('utf8').split(':')[0];
    if (!key) throw errors.noApiKey();
    if (/^(sk|rk)_live_/.test(key)) throw errors.liveKey();
    if (!/^(sk|rk)_test_\w+/.test(key)) throw errors.invalidApiKey(key);
  }

  function readParams(req: Request): TFormObject {
    const type = (firstHeader(req.headers['content-type']) ?? '').split(';')[0].trim().toLowerCase();
    const body = rawBody(req);
    if (body !== '' && type !== '' && type !== 'application/x-www-form-urlencoded') {
      throw errors.unsupportedContentType(type);
    }
    return { ...parseStripeForm(queryString(req)), ...parseStripeForm(body) };
  }

  function resolveForExpand(id: string): TJson | undefined {
    return state.find(id) as TJson | undefined;
  }

  function includable(owner: { [key: string]: TJson }, field: string): TJson | undefined {
    if (owner.object === 'checkout.session' && field === 'line_items' && typeof owner.id === 'string') {
      return {
        object: 'list',
        data: state.checkoutLineItems(owner.id) as unknown as TJson[],
        has_more: false,
        url: `/v1/checkout/sessions/${owner.id}/line_items`,
      };
    }
    return undefined;
  }

  function route(
    method: 'get' | 'post' | 'delete',
    path: string,
    spec: TParamSpec,
    handler: TApiHandler,
  ): void {
    app[method](path, (req: Request, res: Response) => {
      const requestId = newRequestId();
      const requestedVersion = firstHeader(req.headers['stripe-version']);
      res.setHeader('Request-Id', requestId);
      res.setHeader('Stripe-Version', requestedVersion ?? apiVersion);
      res.setHeader('Cache-Control', 'no-cache, no-store');
      if (requestedVersion && requestedVersion !== apiVersion && !warnedVersion) {
        warnedVersion = true;
        logger?.warn(
          { requestedVersion, emulatedVersion: apiVersion },
          'stripe emulator: client asked for another API version; objects follow the installed SDK version',
        );
      }
      const idempotencyKey = method === 'post' ? firstHeader(req.headers['idempotency-key']) : undefined;
      try {
        authenticate(req);
        const params = readParams(req);
        let fingerprint = '';
        if (idempotencyKey !== undefined) {
          if (idempotencyKey.length > 255) {
            throw errors.invalid(
              'Idempotency keys must be at most 255 characters long.',
              undefined,
              'idempotency_key_in_use',
            );
          }
          res.setHeader('Idempotency-Key', idempotencyKey);
          fingerprint = `${req.method} ${req.path} ${canonical(params)}`;
          const previous = idempotency.get(idempotencyKey);
          if (previous && previous.createdAt + IDEMPOTENCY_TTL_SECONDS > state.now()) {
            if (previous.fingerprint !== fingerprint) throw errors.idempotencyMismatch(idempotencyKey);
            res.setHeader('Idempotent-Replayed', 'true');
            sendJson(res, previous.status, previous.body);
            return;
          }
        }
        // Expiry is Stripe's own doing: its events carry no request, so sweep before this request's context is set.
        state.sweepExpiredSessions();
        state.requestContext = { id: requestId, idempotency_key: idempotencyKey ?? null };
        checkParams(params, spec);
        const result = handler({ params, path: req.params as Record<string, string> });
        const expanded = applyExpand(
          result as unknown as TJson,
          expandParam(params),
          resolveForExpand,
          includable,
        );
        const body = JSON.stringify(expanded, null, 2);
        if (idempotencyKey !== undefined) {
          // Like Stripe, only a request that ran is saved; a refused one may be retried with the same key.
          idempotency.set(idempotencyKey, { fingerprint, status: 200, body, createdAt: state.now() });
        }
        sendJson(res, 200, body);
      } catch (e) {
        const error =
          e instanceof StripeApiError
            ? e
            : e instanceof FormEncodingError
              ? errors.invalid(e.message)
              : new StripeApiError(500, 'api_error', 'An unknown error occurred in the Stripe emulator.');
        if (!(e instanceof StripeApiError) && !(e instanceof FormEncodingError)) {
          logger?.warn({ err: e, path: req.path }, 'stripe emulator: internal error');
        }
        if (error.status >= 500) res.setHeader('Stripe-Should-Retry', 'false');
        sendJson(res, error.status, JSON.stringify(error.toBody(requestId), null, 2));
      } finally {
        state.requestContext = { id: null, idempotency_key: null };
      }
    });
  }

  // ---- customers ------------------------------------------------------------------------------------------

  route('post', '/v1/customers', P.CUSTOMER_CREATE, ({ params }) => {
    const email = nullableString(params, 'email');
    return state.createCustomer({
      email: email ? validateEmail(email, 'email') : null,
      name: nullableString(params, 'name') ?? null,
      description: nullableString(params, 'description') ?? null,
      phone: nullableString(params, 'phone') ?? null,
      metadata: applyMetadata({}, params.metadata),
      preferredLocales: optionalStringArray(params, 'preferred_locales') ?? [],
      invoicePrefix: optionalString(params, 'invoice_prefix') ?? null,
    });
  });

  route('get', '/v1/customers/:id', P.RETRIEVE, ({ path }) => state.get<TCustomer>(path.id, 'customer'));

  route('post', '/v1/customers/:id', P.CUSTOMER_UPDATE, ({ params, path }) => {
    const customer = state.get<TCustomer>(path.id, 'customer');
    const email = nullableString(params, 'email');
    return state.updateCustomer(customer, {
      email: email ? validateEmail(email, 'email') : email,
      name: nullableString(params, 'name'),
      description: nullableString(params, 'description'),
      phone: nullableString(params, 'phone'),
      metadata: params.metadata === undefined ? undefined : applyMetadata(customer.metadata, params.metadata),
      preferred_locales: optionalStringArray(params, 'preferred_locales'),
    });
  });

  route('get', '/v1/customers', P.CUSTOMER_LIST, ({ params }) => {
    const email = optionalString(params, 'email');
    // Stripe's email filter is exact and case-sensitive.
    const items = state.list<TCustomer>('customer', (c) => email === undefined || c.email === email);
    return paginate(items, params, '/v1/customers');
  });

  // ---- products and prices --------------------------------------------------------------------------------

  route('post', '/v1/products', P.PRODUCT_CREATE, ({ params }) =>
    state.createProduct({
      id: optionalString(params, 'id') ?? null,
      name: requiredString(params, 'name'),
      description: nullableString(params, 'description') ?? null,
      metadata: applyMetadata({}, params.metadata),
      active: optionalBoolean(params, 'active') ?? true,
    }),
  );

  route('get', '/v1/products/:id', P.RETRIEVE, ({ path }) => state.get<TProduct>(path.id, 'product'));

  route('get', '/v1/products', P.PRODUCT_LIST, ({ params }) => {
    const active = optionalBoolean(params, 'active');
    const ids = optionalStringArray(params, 'ids');
    const items = state.list<TProduct>(
      'product',
      (p) => (active === undefined || p.active === active) && (ids === undefined || ids.includes(p.id)),
    );
    return paginate(items, params, '/v1/products');
  });

  route('post', '/v1/prices', P.PRICE_CREATE, ({ params }) => {
    const currency = requiredString(params, 'currency').toLowerCase();
    if (!/^[a-z]{3}$/.test(currency)) throw errors.invalid(`Invalid currency: ${currency}`, 'currency');
    const productId = optionalString(params, 'product');
    const productData = optionalObject(params, 'product_data');
    if (productId && productData) {
      throw errors.invalid('You may only specify one of these parameters: product, product_data.', 'product');
    }
    let product: TProduct;
    if (productId) product = state.ref<TProduct>(productId, 'product', 'product');
    else if (productData) {
      product = state.createProduct({
        id: null,
        name: requiredString(productData, 'name', 'product_data[name]'),
        description: null,
        metadata: applyMetadata({}, productData.metadata, 'product_data[metadata]'),
        active: true,
      });
    } else throw errors.missingParam('product');
    const unitAmount = optionalInteger(params, 'unit_amount');
    if (unitAmount === undefined) throw errors.missingParam('unit_amount');
    if (unitAmount < 0) throw errors.invalid('This value must be greater than or equal to 0.', 'unit_amount');
    const recurringRaw = optionalObject(params, 'recurring');
    let recurring: { interval: 'day' | 'week' | 'month' | 'year'; intervalCount: number } | null = null;
    if (recurringRaw) {
      const interval = optionalEnum(
        recurringRaw,
        'interval',
        ['day', 'week', 'month', 'year'] as const,
        'recurring[interval]',
      );
      if (!interval) throw errors.missingParam('recurring[interval]');
      const intervalCount = optionalInteger(recurringRaw, 'interval_count', 'recurring[interval_count]') ?? 1;
      const maxMonths = interval === 'year' ? intervalCount * 12 : interval === 'month' ? intervalCount : 0;
      if (intervalCount < 1 || maxMonths > 36) {
        throw errors.invalid('The interval must be at most 3 years.', 'recurring[interval_count]');
      }
      recurring = { interval, intervalCount };
    }
    return state.createPrice({
      product,
      currency,
      unitAmount,
      recurring,
      lookupKey: optionalString(params, 'lookup_key') ?? null,
      transferLookupKey: optionalBoolean(params, 'transfer_lookup_key') ?? false,
      nickname: optionalString(params, 'nickname') ?? null,
      metadata: applyMetadata({}, params.metadata),
      active: optionalBoolean(params, 'active') ?? true,
    });
  });

  route('get', '/v1/prices/:id', P.RETRIEVE, ({ path }) => state.get<TPrice>(path.id, 'price'));

  route('get', '/v1/prices', P.PRICE_LIST, ({ params }) => {
    const active = optionalBoolean(params, 'active');
    const currency = optionalString(params, 'currency')?.toLowerCase();
    const lookupKeys = optionalStringArray(params, 'lookup_keys');
    if (lookupKeys && lookupKeys.length > 10) {
      throw errors.invalid('You may only specify up to 10 lookup keys.', 'lookup_keys');
    }
    const product = optionalString(params, 'product');
    const type = optionalEnum(params, 'type', ['one_time', 'recurring'] as const);
    const items = state.list<TPrice>(
      'price',
      (p) =>
        (active === undefined || p.active === active) &&
        (currency === undefined || p.currency === currency) &&
        (lookupKeys === undefined || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))) &&
        (product === undefined || p.product === product) &&
        (type === undefined || p.type === type),
    );
    return paginate(items, params, '/v1/prices');
  });

  // ---- checkout sessions ----------------------------------------------------------------------------------

  route('post', '/v1/checkout/sessions', P.CHECKOUT_SESSION_CREATE, ({ params }) => {
    const mode = optionalEnum(params, 'mode', ['payment', 'setup', 'subscription'] as const);
    if (!mode) throw errors.missingParam('mode');
    if (mode === 'setup') throw errors.notEmulated('mode=setup');
    const uiMode = optionalString(params, 'ui_mode');
    if (uiMode !== undefined && uiMode !== 'hosted' && uiMode !== 'hosted_page')
      throw errors.notEmulated(`ui_mode=${uiMode}`);

    const rawItems = optionalArray(params, 'line_items');
    if (!rawItems || rawItems.length === 0) throw errors.missingParam('line_items');
    const lineItems = rawItems.map((raw, i) => {
      const param = `line_items[${i}]`;
      if (typeof raw !== 'object' || Array.isArray(raw)) throw errors.invalid('Invalid object', param);
      for (const key of Object.keys(raw)) {
        if ((P.CHECKOUT_LINE_ITEM.accepted as readonly string[]).includes(key)) continue;
        if ((P.CHECKOUT_LINE_ITEM.real as readonly string[]).includes(key))
          throw errors.notEmulated(`${param}[${key}]`);
        throw errors.unknownParam(`${param}[${key}]`);
      }
      const priceId = requiredString(raw, 'price', `${param}[price]`);
      const price = state.ref<TPrice>(priceId, 'price', `${param}[price]`);
      if (!price.active) {
        throw errors.invalid(
          'The price specified is inactive. This field only accepts active prices.',
          `${param}[price]`,
        );
      }
      const quantity = optionalInteger(raw, 'quantity', `${param}[quantity]`);
      if (quantity === undefined) throw errors.missingParam(`${param}[quantity]`);
      if (quantity < 1)
        throw errors.invalid('This value must be greater than or equal to 1.', `${param}[quantity]`);
      return { price, quantity };
    });
    const currencies = new Set(lineItems.map((li) => li.price.currency));
    if (currencies.size > 1) {
      throw errors.invalid('All prices on a Checkout Session must have the same currency.', 'line_items');
    }
    if (mode === 'payment') {
      const i = lineItems.findIndex((li) => li.price.type === 'recurring');
      if (i !== -1) {
        throw errors.invalid(
          'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
          `line_items[${i}][price]`,
        );
      }
    } else {
      if (!lineItems.some((li) => li.price.type === 'recurring')) {
        throw errors.invalid(
          'You must provide at least one recurring price in `subscription` mode when using prices.',
          'line_items',
        );
      }
      if (lineItems.length > 1)
        throw errors.notEmulated('line_items[1] (subscription mode with several line items)');
    }

    const customerId = optionalString(params, 'customer');
    const customerEmail = optionalString(params, 'customer_email');
    if (customerId && customerEmail) {
      throw errors.invalid(
        'You may only specify one of these parameters: customer, customer_email.',
        'customer_email',
      );
    }
    const customer = customerId ? state.ref<TCustomer>(customerId, 'customer', 'customer') : null;
    const customerCreation = optionalEnum(params, 'customer_creation', ['always', 'if_required'] as const);
    if (customerCreation && mode !== 'payment') {
      throw errors.invalid('`customer_creation` can only be used in `payment` mode.', 'customer_creation');
    }
    if (customerCreation && customer) {
      throw errors.invalid(
        'You may only specify one of these parameters: customer, customer_creation.',
        'customer_creation',
      );
    }
    const successUrl = validateUrl(requiredString(params, 'success_url'), 'success_url');
    const cancelUrlRaw = optionalString(params, 'cancel_url');
    const cancelUrl = cancelUrlRaw ? validateUrl(cancelUrlRaw, 'cancel_url') : null;
    const clientReferenceId = optionalString(params, 'client_reference_id') ?? null;
    if (clientReferenceId && clientReferenceId.length > 200) {
      throw errors.invalid('client_reference_id must be at most 200 characters.', 'client_reference_id');
    }
    const expiresAt = optionalInteger(params, 'expires_at') ?? null;
    if (expiresAt !== null) {
      const now = state.now();
      if (expiresAt < now + 30 * 60) {
        throw errors.invalid(
          'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
          'expires_at',
        );
      }
      if (expiresAt > now + 24 * 3600) {
        throw errors.invalid(
          'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
          'expires_at',
        );
      }
    }
    const subscriptionData = optionalObject(params, 'subscription_data') ?? {};
    const paymentIntentData = optionalObject(params, 'payment_intent_data') ?? {};
    if (Object.keys(subscriptionData).length && mode !== 'subscription') {
      throw errors.invalid(
        '`subscription_data` can only be used in `subscription` mode.',
        'subscription_data',
      );
    }
    if (Object.keys(paymentIntentData).length && mode !== 'payment') {
      throw errors.invalid(
        '`payment_intent_data` can only be used in `payment` mode.',
        'payment_intent_data',
      );
    }
    for (const [name, data, allowed] of [
      ['subscription_data', subscriptionData, P.CHECKOUT_SUBSCRIPTION_DATA],
      ['payment_intent_data', paymentIntentData, P.CHECKOUT_PAYMENT_INTENT_DATA],
    ] as const) {
      for (const key of Object.keys(data)) {
        if ((allowed.accepted as readonly string[]).includes(key)) continue;
        if ((allowed.real as readonly string[]).includes(key)) throw errors.notEmulated(`${name}[${key}]`);
        throw errors.unknownParam(`${name}[${key}]`);
      }
    }
    const paymentMethodTypes = optionalStringArray(params, 'payment_method_types');
    if (paymentMethodTypes && paymentMethodTypes.some((t) => t !== 'card')) {
      throw errors.notEmulated('payment_method_types (other than card)');
    }
    optionalEnum(params, 'billing_address_collection', ['auto', 'required'] as const);
    optionalEnum(params, 'submit_type', ['auto', 'book', 'donate', 'pay', 'subscribe'] as const);
    const receiptEmail = optionalString(
      paymentIntentData,
      'receipt_email',
      'payment_intent_data[receipt_email]',
    );

    return state.createCheckoutSession({
      mode,
      lineItems,
      customer,
      customerEmail: customerEmail ? validateEmail(customerEmail, 'customer_email') : null,
      clientReferenceId,
      metadata: applyMetadata({}, params.metadata),
      successUrl,
      cancelUrl,
      allowPromotionCodes: optionalBoolean(params, 'allow_promotion_codes') ?? null,
      expiresAt,
      customerCreation: customerCreation ?? null,
      locale: optionalString(params, 'locale') ?? null,
      subscriptionData: {
        metadata: applyMetadata({}, subscriptionData.metadata, 'subscription_data[metadata]'),
        description:
          optionalString(subscriptionData, 'description', 'subscription_data[description]') ?? null,
      },
      paymentIntentData: {
        metadata: applyMetadata({}, paymentIntentData.metadata, 'payment_intent_data[metadata]'),
        description:
          optionalString(paymentIntentData, 'description', 'payment_intent_data[description]') ?? null,
        receiptEmail: receiptEmail ? validateEmail(receiptEmail, 'payment_intent_data[receipt_email]') : null,
      },
    });
  });

  route('get', '/v1/checkout/sessions/:id', P.RETRIEVE, ({ path }) =>
    state.get<TCheckoutSession>(path.id, 'checkout.session'),
  );

  route('get', '/v1/checkout/sessions/:id/line_items', P.CHECKOUT_LINE_ITEMS_LIST, ({ params, path }) => {
    state.get<TCheckoutSession>(path.id, 'checkout.session');
    return paginate(state.checkoutLineItems(path.id), params, `/v1/checkout/sessions/${path.id}/line_items`);
  });

  route('get', '/v1/checkout/sessions', P.CHECKOUT_SESSION_LIST, ({ params }) => {
    const customer = optionalString(params, 'customer');
    const paymentIntent = optionalString(params, 'payment_intent');
    const subscription = optionalString(params, 'subscription');
    const status = optionalEnum(params, 'status', ['open', 'complete', 'expired'] as const);
    const items = state.list<TCheckoutSession>(
      'checkout.session',
      (s) =>
        (customer === undefined || s.customer === customer) &&
        (paymentIntent === undefined || s.payment_intent === paymentIntent) &&
        (subscription === undefined || s.subscription === subscription) &&
        (status === undefined || s.status === status),
    );
    return paginate(items, params, '/v1/checkout/sessions');
  });

  route('post', '/v1/checkout/sessions/:id/expire', P.RETRIEVE, ({ path }) =>
    state.expireCheckoutSession(state.get<TCheckoutSession>(path.id, 'checkout.session')),
  );

  // ---- subscriptions --------------------------------------------------------------------------------------

  const SUBSCRIPTION_STATUSES = [
    'active',
    'all',
    'canceled',
    'ended',
    'incomplete',
    'incomplete_expired',
    'past_due',
    'paused',
    'trialing',
    'unpaid',
  ] as const;

  route('get', '/v1/subscriptions', P.SUBSCRIPTION_LIST, ({ params }) => {
    const customer = optionalString(params, 'customer');
    const price = optionalString(params, 'price');
    const status = optionalEnum(params, 'status', SUBSCRIPTION_STATUSES);
    const items = state.list<TEmulatedSubscription>('subscription', (s) => {
      if (customer !== undefined && s.customer !== customer) return false;
      if (price !== undefined && !s.items.data.some((i) => i.price.id === price)) return false;
      // Without a status filter Stripe lists every subscription that is not canceled.
      if (status === undefined) return s.status !== 'canceled';
      if (status === 'all') return true;
      if (status === 'ended') return s.status === 'canceled' || s.status === 'incomplete_expired';
      return s.status === status;
    });
    return paginate(items, params, '/v1/subscriptions');
  });

  route('get', '/v1/subscriptions/:id', P.RETRIEVE, ({ path }) =>
    state.get<TEmulatedSubscription>(path.id, 'subscription'),
  );

  function cancellationDetails(
    params: TFormObject,
  ): { comment?: string | null; feedback?: string | null } | undefined {
    const raw = optionalObject(params, 'cancellation_details');
    if (!raw) return undefined;
    for (const key of Object.keys(raw)) {
      if (key !== 'comment' && key !== 'feedback') throw errors.unknownParam(`cancellation_details[${key}]`);
    }
    return {
      comment: nullableString(raw, 'comment', 'cancellation_details[comment]'),
      feedback: optionalEnum(
        raw,
        'feedback',
        [
          'customer_service',
          'low_quality',
          'missing_features',
          'other',
          'switched_service',
          'too_complex',
          'too_expensive',
          'unused',
        ] as const,
        'cancellation_details[feedback]',
      ),
    };
  }

  route('post', '/v1/subscriptions/:id', P.SUBSCRIPTION_UPDATE, ({ params, path }) => {
    const subscription = state.get<TEmulatedSubscription>(path.id, 'subscription');
    optionalEnum(params, 'proration_behavior', ['always_invoice', 'create_prorations', 'none'] as const);
    return state.updateSubscription(subscription, {
      cancelAtPeriodEnd: optionalBoolean(params, 'cancel_at_period_end'),
      metadata:
        params.metadata === undefined ? undefined : applyMetadata(subscription.metadata, params.metadata),
      description: nullableString(params, 'description'),
      cancellationDetails: cancellationDetails(params),
    });
  });

  route('delete', '/v1/subscriptions/:id', P.SUBSCRIPTION_CANCEL, ({ params, path }) => {
    const subscription = state.get<TEmulatedSubscription>(path.id, 'subscription');
    if (optionalBoolean(params, 'invoice_now') === true) throw errors.notEmulated('invoice_now');
    if (optionalBoolean(params, 'prorate') === true) throw errors.notEmulated('prorate');
    return state.cancelSubscription(subscription, cancellationDetails(params) ?? {});
  });

  // ---- invoices, payment intents, charges, refunds, disputes ---------------------------------------------

  route('get', '/v1/invoices', P.INVOICE_LIST, ({ params }) => {
    const customer = optionalString(params, 'customer');
    const subscription = optionalString(params, 'subscription');
    const status = optionalEnum(params, 'status', [
      'draft',
      'open',
      'paid',
      'uncollectible',
      'void',
    ] as const);
    const items = state.list<TInvoice>(
      'invoice',
      (i) =>
        (customer === undefined || i.customer === customer) &&
        (subscription === undefined || i.parent?.subscription_details?.subscription === subscription) &&
        (status === undefined || i.status === status),
    );
    return paginate(items, params, '/v1/invoices');
  });

  route('get', '/v1/invoices/:id', P.RETRIEVE, ({ path }) => state.get<TInvoice>(path.id, 'invoice'));

  route('get', '/v1/invoice_payments', P.INVOICE_PAYMENT_LIST, ({ params }) => {
    const invoice = optionalString(params, 'invoice');
    const status = optionalEnum(params, 'status', ['canceled', 'open', 'paid'] as const);
    const payment = optionalObject(params, 'payment');
    let paymentIntent: string | undefined;
    if (payment) {
      for (const key of Object.keys(payment)) {
        if (key !== 'type' && key !== 'payment_intent' && key !== 'payment_record')
          throw errors.unknownParam(`payment[${key}]`);
      }
      const type = optionalEnum(
        payment,
        'type',
        ['payment_intent', 'payment_record'] as const,
        'payment[type]',
      );
      if (!type) throw errors.missingParam('payment[type]');
      if (type === 'payment_record' || payment.payment_record !== undefined)
        throw errors.notEmulated('payment[payment_record]');
      paymentIntent = optionalString(payment, 'payment_intent', 'payment[payment_intent]');
    }
    const items = state.list<TInvoicePayment>(
      'invoice_payment',
      (p) =>
        (invoice === undefined || p.invoice === invoice) &&
        (status === undefined || p.status === status) &&
        (paymentIntent === undefined || p.payment.payment_intent === paymentIntent),
    );
    return paginate(items, params, '/v1/invoice_payments');
  });

  route('get', '/v1/invoice_payments/:id', P.RETRIEVE, ({ path }) =>
    state.get<TInvoicePayment>(path.id, 'invoice_payment'),
  );

  route('get', '/v1/payment_intents/:id', P.PAYMENT_INTENT_RETRIEVE, ({ path }) =>
    state.get<TPaymentIntent>(path.id, 'payment_intent'),
  );

  route('get', '/v1/payment_intents', P.PAYMENT_INTENT_LIST, ({ params }) => {
    const customer = optionalString(params, 'customer');
    const items = state.list<TPaymentIntent>(
      'payment_intent',
      (p) => customer === undefined || p.customer === customer,
    );
    return paginate(items, params, '/v1/payment_intents');
  });

  route('get', '/v1/charges/:id', P.RETRIEVE, ({ path }) => state.get<TCharge>(path.id, 'charge'));

  route('get', '/v1/charges', P.CHARGE_LIST, ({ params }) => {
    const customer = optionalString(params, 'customer');
    const paymentIntent = optionalString(params, 'payment_intent');
    const items = state.list<TCharge>(
      'charge',
      (c) =>
        (customer === undefined || c.customer === customer) &&
        (paymentIntent === undefined || c.payment_intent === paymentIntent),
    );
    return paginate(items, params, '/v1/charges');
  });

  route('post', '/v1/refunds', P.REFUND_CREATE, ({ params }) => {
    const paymentIntentId = optionalString(params, 'payment_intent');
    const chargeId = optionalString(params, 'charge');
    if (paymentIntentId && chargeId) {
      throw errors.invalid(
        'You may only specify one of these parameters: charge, payment_intent.',
        'payment_intent',
      );
    }
    if (!paymentIntentId && !chargeId) {
      throw errors.invalid(
        'One of the following params should be provided for this request: payment_intent or charge.',
      );
    }
    const charge = chargeId
      ? state.ref<TCharge>(chargeId, 'charge', 'charge')
      : state.chargeForPaymentIntent(paymentIntentId as string, 'payment_intent');
    return state.createRefund({
      charge,
      amount: optionalInteger(params, 'amount') ?? null,
      reason:
        optionalEnum(params, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
      metadata: applyMetadata({}, params.metadata),
    });
  });

  route('get', '/v1/refunds/:id', P.RETRIEVE, ({ path }) => state.get<TRefund>(path.id, 'refund'));

  route('get', '/v1/refunds', P.REFUND_LIST, ({ params }) => {
    const charge = optionalString(params, 'charge');
    const paymentIntent = optionalString(params, 'payment_intent');
    const items = state.list<TRefund>(
      'refund',
      (r) =>
        (charge === undefined || r.charge === charge) &&
        (paymentIntent === undefined || r.payment_intent === paymentIntent),
    );
    return paginate(items, params, '/v1/refunds');
  });

  route('get', '/v1/disputes/:id', P.RETRIEVE, ({ path }) => state.get(path.id, 'dispute'));

  // ---- billing portal -------------------------------------------------------------------------------------

  route('post', '/v1/billing_portal/sessions', P.PORTAL_SESSION_CREATE, ({ params }) => {
    const customer = state.ref<TCustomer>(requiredString(params, 'customer'), 'customer', 'customer');
    const returnUrl = optionalString(params, 'return_url');
    return state.createPortalSession(customer, returnUrl ? validateUrl(returnUrl, 'return_url') : null);
  });

  // ---- events ---------------------------------------------------------------------------------------------

  route('get', '/v1/events', P.EVENT_LIST, ({ params }) => {
    const type = optionalString(params, 'type');
    const types = optionalStringArray(params, 'types');
    if (type && types)
      throw errors.invalid('You may only specify one of these parameters: type, types.', 'types');
    // `type` accepts a `*` wildcard, e.g. `customer.subscription.*`.
    const pattern = type
      ? new RegExp(`^${type.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`)
      : null;
    const items = state.list<TEvent>(
      'event',
      (e) => (pattern === null || pattern.test(e.type)) && (types === undefined || types.includes(e.type)),
    );
    return paginate(items, params, '/v1/events');
  });

  route('get', '/v1/events/:id', P.RETRIEVE, ({ path }) => state.get<TEvent>(path.id, 'event'));

  // Anything else under /v1 is Stripe's "Unrecognized request URL" (after authentication, as Stripe checks it first).
  app.use('/v1', (req: Request, res: Response) => {
    const requestId = newRequestId();
    res.setHeader('Request-Id', requestId);
    let error: StripeApiError;
    try {
      authenticate(req);
      error = errors.unrecognizedUrl(req.method, req.originalUrl.split('?')[0]);
    } catch (e) {
      error = e as StripeApiError;
    }
    sendJson(res, error.status, JSON.stringify(error.toBody(requestId), null, 2));
  });

  // ---- hosted pages ---------------------------------------------------------------------------------------

  function sendHtml(res: Response, status: number, html: string): void {
    res
      .status(status)
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy':
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'",
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      })
      .send(html);
  }

  function checkoutView(session: TCheckoutSession, error?: string) {
    const items = state.checkoutLineItems(session.id).map((li) => ({
      name: li.description ?? li.price?.id ?? 'Item',
      quantity: li.quantity ?? 1,
      amount: li.amount_total,
      interval: describeInterval(li.price?.recurring ?? null),
    }));
    return {
      sessionId: session.id,
      items,
      amountTotal: session.amount_total ?? 0,
      currency: session.currency ?? 'usd',
      interval: items.length === 1 ? items[0].interval : null,
      email: state.sessionEmail(session),
      cancelUrl: session.cancel_url,
      error,
    };
  }

  function findSession(id: string): TCheckoutSession | null {
    const found = state.find(id);
    return found?.object === 'checkout.session' ? found : null;
  }

  function closedSessionPage(res: Response, session: TCheckoutSession): void {
    if (session.status === 'complete') {
      const success = (session.success_url ?? '').split('{CHECKOUT_SESSION_ID}').join(session.id);
      sendHtml(
        res,
        200,
        renderMessagePage('Payment complete', 'This checkout session has already been paid.', {
          href: success,
          label: 'Continue',
        }),
      );
      return;
    }
    sendHtml(
      res,
      410,
      renderMessagePage(
        'Checkout session expired',
        'This checkout session has expired. Return to the site to start again.',
        session.cancel_url ? { href: session.cancel_url, label: 'Return' } : undefined,
      ),
    );
  }

  app.get('/c/pay/:id', (req: Request, res: Response) => {
    state.sweepExpiredSessions();
    const session = findSession(req.params.id as string);
    if (!session) {
      sendHtml(res, 404, renderMessagePage('Not found', 'There is no checkout session at this address.'));
      return;
    }
    if (session.status !== 'open') {
      closedSessionPage(res, session);
      return;
    }
    sendHtml(res, 200, renderCheckoutPage(checkoutView(session)));
  });

  app.post('/c/pay/:id', (req: Request, res: Response) => {
    state.sweepExpiredSessions();
    const session = findSession(req.params.id as string);
    if (!session) {
      sendHtml(res, 404, renderMessagePage('Not found', 'There is no checkout session at this address.'));
      return;
    }
    if (session.status === 'complete') {
      // A second press of "Pay" (or a resubmitted form) lands on the success page again, as Stripe does.
      res.redirect(303, (session.success_url ?? '').split('{CHECKOUT_SESSION_ID}').join(session.id));
      return;
    }
    if (session.status !== 'open') {
      closedSessionPage(res, session);
      return;
    }
    let form: TFormObject;
    try {
      form = parseStripeForm(rawBody(req));
    } catch {
      form = {};
    }
    const known = state.sessionEmail(session);
    const entered = typeof form.email === 'string' ? form.email.trim() : '';
    if (!known && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(entered)) {
      sendHtml(res, 400, renderCheckoutPage(checkoutView(session, 'Enter a valid email address.')));
      return;
    }
    const redirect = state.completeCheckout(session, { email: known ?? entered });
    res.redirect(303, redirect);
  });

  function portalView(portal: TPortalSession): TPortalPageView {
    const customer = state.get<TCustomer>(portal.customer, 'customer');
    const subscriptions = state
      .list<TEmulatedSubscription>('subscription', (s) => s.customer === customer.id)
      .map((s) => {
        const item = s.items.data[0];
        const product = state.productOf(item.price);
        return {
          id: s.id,
          name: product?.name ?? item.price.id,
          amount:
            `${formatAmount(item.price.unit_amount ?? 0, item.price.currency)} ${describeInterval(item.price.recurring) ?? ''}`.trim(),
          status: s.status,
          cancelAtPeriodEnd: s.cancel_at_period_end,
          currentPeriodEnd: item.current_period_end,
          endedAt: s.ended_at,
        };
      });
    const payments = state
      .list<TCheckoutSession>(
        'checkout.session',
        (s) => s.customer === customer.id && s.mode === 'payment' && s.status === 'complete',
      )
      .flatMap((s) => {
        const pi = typeof s.payment_intent === 'string' ? state.find(s.payment_intent) : undefined;
        const chargeId =
          pi?.object === 'payment_intent' && typeof pi.latest_charge === 'string' ? pi.latest_charge : null;
        const charge = chargeId ? (state.find(chargeId) as TCharge | undefined) : undefined;
        if (!charge) return [];
        const stateLabel = charge.disputed
          ? 'Disputed'
          : charge.refunded
            ? 'Refunded'
            : charge.amount_refunded > 0
              ? 'Partially refunded'
              : 'Paid';
        return [
          {
            id: charge.id,
            description: state
              .checkoutLineItems(s.id)
              .map((li) => li.description ?? 'Item')
              .join(', '),
            amount: formatAmount(charge.amount, charge.currency),
            created: charge.created,
            state: stateLabel,
          },
        ];
      });
    return {
      portalSessionId: portal.id,
      email: customer.email,
      returnUrl: portal.return_url,
      subscriptions,
      payments,
    };
  }

  function findPortal(id: string): TPortalSession | null {
    const found = state.find(id);
    return found?.object === 'billing_portal.session' ? found : null;
  }

  app.get('/p/session/:id', (req: Request, res: Response) => {
    const portal = findPortal(req.params.id as string);
    if (!portal) {
      sendHtml(res, 404, renderMessagePage('Not found', 'This billing link is not valid.'));
      return;
    }
    sendHtml(res, 200, renderPortalPage(portalView(portal)));
  });

  app.post('/p/session/:id/subscriptions/:sub/:action', (req: Request, res: Response) => {
    const portal = findPortal(req.params.id as string);
    const found = state.find(req.params.sub as string);
    const action = req.params.action;
    if (
      !portal ||
      found?.object !== 'subscription' ||
      found.customer !== portal.customer ||
      (action !== 'cancel' && action !== 'renew')
    ) {
      sendHtml(res, 404, renderMessagePage('Not found', 'This billing link is not valid.'));
      return;
    }
    const subscription = found as TEmulatedSubscription;
    if (subscription.status !== 'canceled') {
      state.updateSubscription(subscription, { cancelAtPeriodEnd: action === 'cancel' });
    }
    res.redirect(303, `/p/session/${encodeURIComponent(portal.id)}`);
  });

  // Body-parser failures (e.g. a body over the limit) still answer in Stripe's shape under /v1.
  app.use(
    (
      err: { status?: number; message?: string },
      req: Request,
      res: Response,
      next: (e?: unknown) => void,
    ) => {
      if (!req.path.startsWith('/v1')) {
        next(err);
        return;
      }
      const status = err.status && err.status >= 400 && err.status < 500 ? err.status : 500;
      const error = new StripeApiError(
        status,
        status >= 500 ? 'api_error' : 'invalid_request_error',
        err.message ?? 'Invalid request',
      );
      sendJson(res, status, JSON.stringify(error.toBody(), null, 2));
    },
  );

  app.get('/', (_req: Request, res: Response) => {
    sendHtml(
      res,
      200,
      renderMessagePage(
        'Stripe emulator',
        `A local stand-in for Stripe's API (version ${apiVersion}) used by Polski Stories when no Stripe keys are configured.`,
      ),
    );
  });

  return app;
}

import { randomBytes } from 'node:crypto';
import type {
  TCharge,
  TCheckoutLineItem,
  TCheckoutSession,
  TPortalSession,
  TRefund,
  TCustomer,
  TDispute,
  TInvoice,
  TInvoiceLineItem,
  TInvoicePayment,
  TPaymentIntent,
  TPlan,
  TPrice,
  TProduct,
  TSubscription,
  TSubscriptionItem,
} from './wire-types';

/**
 * Builders for Stripe objects in the shape of the SDK's API version. Each returns the full object with every field
 * the SDK's type requires; fields the emulator has no behaviour for carry Stripe's "nothing set" values.
 */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomToken(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i] % ALPHABET.length];
  return out;
}

/** Stripe-like ids: `cus_` + 14 characters, `cs_test_` + 58, others + 24. */
export function newId(prefix: string): string {
  if (prefix === 'cs_test') return `cs_test_a1${randomToken(56)}`;
  if (prefix === 'cus') return `cus_${randomToken(14)}`;
  return `${prefix}_${randomToken(24)}`;
}

export function newRequestId(): string {
  return `req_${randomToken(14)}`;
}

/** Adds calendar intervals the way Stripe bills: anchored on the start, clamped to the month's last day. */
export function addInterval(anchor: number, interval: string, count: number): number {
  if (interval === 'day') return anchor + count * 86_400;
  if (interval === 'week') return anchor + count * 7 * 86_400;
  const months = interval === 'year' ? count * 12 : count;
  const d = new Date(anchor * 1000);
  const day = d.getUTCDate();
  const target = new Date(
    Date.UTC(
      d.getUTCFullYear(),
      d.getUTCMonth() + months,
      1,
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

export function buildCustomer(input: {
  id: string;
  created: number;
  email: string | null;
  name: string | null;
  description: string | null;
  phone: string | null;
  metadata: Record<string, string>;
  preferredLocales: string[];
  invoicePrefix: string;
}): TCustomer {
  return {
    id: input.id,
    object: 'customer',
    address: null,
    balance: 0,
    created: input.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: input.description,
    discount: null,
    email: input.email,
    invoice_prefix: input.invoicePrefix,
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: input.metadata,
    name: input.name,
    next_invoice_sequence: 1,
    phone: input.phone,
    preferred_locales: input.preferredLocales,
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  };
}

export function buildProduct(input: {
  id: string;
  created: number;
  name: string;
  description: string | null;
  metadata: Record<string, string>;
  active: boolean;
}): TProduct {
  return {
    id: input.id,
    object: 'product',
    active: input.active,
    created: input.created,
    default_price: null,
    description: input.description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: input.metadata,
    name: input.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: input.created,
    url: null,
  };
}

export function buildPrice(input: {
  id: string;
  created: number;
  product: string;
  currency: string;
  unitAmount: number;
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; intervalCount: number } | null;
  lookupKey: string | null;
  nickname: string | null;
  metadata: Record<string, string>;
  active: boolean;
}): TPrice {
  return {
    id: input.id,
    object: 'price',
    active: input.active,
    billing_scheme: 'per_unit',
    created: input.created,
    currency: input.currency.toLowerCase(),
    custom_unit_amount: null,
    livemode: false,
    lookup_key: input.lookupKey,
    metadata: input.metadata,
    nickname: input.nickname,
    product: input.product,
    recurring: input.recurring
      ? {
          interval: input.recurring.interval,
          interval_count: input.recurring.intervalCount,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: input.recurring ? 'recurring' : 'one_time',
    unit_amount: input.unitAmount,
    unit_amount_decimal: String(input.unitAmount),
  };
}

/** The legacy `plan` that Stripe still mirrors on every subscription item. */
export function planFromPrice(price: TPrice): TPlan {
  const recurring = price.recurring ?? { interval: 'month' as const, interval_count: 1 };
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: recurring.interval,
    interval_count: recurring.interval_count,
    livemode: false,
    metadata: price.metadata,
    meter: null,
    nickname: price.nickname,
    product: typeof price.product === 'string' ? price.product : price.product.id,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function buildCheckoutLineItem(
  price: TPrice,
  quantity: number,
  productName: string | null,
): TCheckoutLineItem {
  const amount = (price.unit_amount ?? 0) * quantity;
  return {
    id: newId('li'),
    object: 'item',
    adjustable_quantity: null,
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: price.currency,
    description: productName,
    metadata: {},
    price,
    quantity,
  };
}

export function buildPaymentIntent(input: {
  id: string;
  created: number;
  amount: number;
  currency: string;
  customer: string | null;
  chargeId: string;
  description: string | null;
  metadata: Record<string, string>;
  receiptEmail: string | null;
  paymentMethodId: string;
}): TPaymentIntent {
  return {
    id: input.id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: input.amount,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic_async',
    client_secret: `${input.id}_secret_${randomToken(24)}`,
    confirmation_method: 'automatic',
    created: input.created,
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: input.chargeId,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethodId,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: input.receiptEmail,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

export function buildCharge(input: {
  id: string;
  created: number;
  amount: number;
  currency: string;
  customer: string | null;
  paymentIntentId: string;
  description: string | null;
  metadata: Record<string, string>;
  email: string | null;
  paymentMethodId: string;
}): TCharge {
  const expYear = new Date(input.created * 1000).getUTCFullYear() + 3;
  return {
    id: input.id,
    object: 'charge',
    amount: input.amount,
    amount_captured: input.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { address: null, email: input.email, name: null, phone: null, tax_id: null },
    calculated_statement_descriptor: 'POLSKI STORIES',
    captured: true,
    created: input.created,
    currency: input.currency,
    customer: input.customer,
    description: input.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: input.metadata,
    on_behalf_of: null,
    outcome: {
      advice_code: null,
      network_advice_code: null,
      network_decline_code: null,
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      risk_score: 12,
      seller_message: 'Payment complete.',
      type: 'authorized',
    },
    paid: true,
    payment_intent: input.paymentIntentId,
    payment_method: input.paymentMethodId,
    payment_method_details: {
      type: 'card',
      card: {
        amount_authorized: input.amount,
        authorization_code: null,
        brand: 'visa',
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        electronic_commerce_indicator: null,
        exp_month: 12,
        exp_year: expYear,
        funding: 'credit',
        installments: null,
        last4: '4242',
        mandate: null,
        network: 'visa',
        network_transaction_id: randomToken(15),
        regulated_status: 'unregulated',
        three_d_secure: null,
        transaction_link_id: null,
        wallet: null,
      },
    },
    receipt_email: input.email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

export function buildSubscriptionItem(input: {
  id: string;
  created: number;
  subscriptionId: string;
  price: TPrice;
  quantity: number;
  periodStart: number;
  periodEnd: number;
}): TSubscriptionItem {
  return {
    id: input.id,
    object: 'subscription_item',
    billing_thresholds: null,
    created: input.created,
    current_period_end: input.periodEnd,
    current_period_start: input.periodStart,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planFromPrice(input.price),
    price: input.price,
    quantity: input.quantity,
    subscription: input.subscriptionId,
    tax_rates: [],
  };
}

/**
 * A subscription. Current API versions keep the billing period on each item (`items.data[i].current_period_*`);
 * the emulator also mirrors it as `current_period_start` / `current_period_end` on the subscription (the shape of
 * API versions before 2025-03-31) for callers that read it there, but code talking to real Stripe with this SDK
 * must read the item's fields: the SDK's `Stripe.Subscription` type has no top-level period.
 */
export type TEmulatedSubscription = TSubscription & {
  current_period_start: number;
  current_period_end: number;
};

export function buildSubscription(input: {
  id: string;
  created: number;
  customer: string;
  item: TSubscriptionItem;
  latestInvoice: string;
  metadata: Record<string, string>;
  description: string | null;
  defaultPaymentMethod: string;
}): TEmulatedSubscription {
  return {
    id: input.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: input.item.current_period_start,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
    collection_method: 'charge_automatically',
    created: input.created,
    currency: input.item.price.currency,
    current_period_end: input.item.current_period_end,
    current_period_start: input.item.current_period_start,
    customer: input.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: input.defaultPaymentMethod,
    default_source: null,
    default_tax_rates: [],
    description: input.description,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    },
    items: {
      object: 'list',
      data: [input.item],
      has_more: false,
      url: `/v1/subscription_items?subscription=${input.id}`,
    } as TSubscription['items'],
    latest_invoice: input.latestInvoice,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method: 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: input.created,
    status: 'active',
    test_clock: null,
    transfer_data: null,
    trial_end: null,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' },
    },
    trial_start: null,
  };
}

/**
 * An invoice of a subscription. Current API versions name its subscription in
 * `parent.subscription_details.subscription` (the SDK's `Stripe.Invoice` has no top-level `subscription`); the
 * emulator mirrors it at the top level too for callers written against older versions.
 */
export type TEmulatedInvoice = TInvoice & { subscription: string | null };

export function buildInvoice(input: {
  id: string;
  created: number;
  customer: TCustomer;
  subscription: { id: string; metadata: Record<string, string> };
  subscriptionItemId: string;
  price: TPrice;
  productName: string | null;
  quantity: number;
  periodStart: number;
  periodEnd: number;
  billingReason: 'subscription_create' | 'subscription_cycle';
  number: string;
  paid: boolean;
  paymentIntentId: string | null;
  /** For renewals: the period just ended, which Stripe reports as the invoice's own period. */
  previousPeriod?: { start: number; end: number };
}): TEmulatedInvoice {
  const amount = (input.price.unit_amount ?? 0) * input.quantity;
  const line: TInvoiceLineItem = {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: input.price.currency,
    description: `${input.quantity} × ${input.productName ?? input.price.id}`,
    discount_amounts: [],
    discountable: true,
    discounts: [],
    invoice: input.id,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration: false,
        proration_details: { credited_items: null },
        subscription: input.subscription.id,
        subscription_item: input.subscriptionItemId,
      },
    },
    period: { start: input.periodStart, end: input.periodEnd },
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: {
        price: input.price.id,
        product: typeof input.price.product === 'string' ? input.price.product : input.price.product.id,
      },
      unit_amount_decimal: input.price.unit_amount_decimal,
    },
    quantity: input.quantity,
    quantity_decimal: String(input.quantity),
    subscription: input.subscription.id,
    subtotal: amount,
    taxes: [],
  };
  const paidAt = input.paid ? input.created : null;
  return {
    id: input.id,
    object: 'invoice',
    account_country: 'PL',
    account_name: 'Polski Stories (Stripe emulator)',
    account_tax_ids: null,
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: input.paid ? amount : 0,
    amount_remaining: input.paid ? 0 : amount,
    amount_shipping: 0,
    application: null,
    attempt_count: 1,
    attempted: true,
    auto_advance: !input.paid,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: 'charge_automatically',
    created: input.created,
    currency: input.price.currency,
    custom_fields: null,
    customer: input.customer.id,
    customer_account: null,
    customer_address: null,
    customer_email: input.customer.email,
    customer_name: input.customer.name ?? null,
    customer_phone: input.customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: null,
    discounts: [],
    due_date: null,
    effective_at: input.created,
    ending_balance: 0,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: {
      object: 'list',
      data: [line],
      has_more: false,
      url: `/v1/invoices/${input.id}/lines`,
    } as TInvoice['lines'],
    livemode: false,
    metadata: {},
    next_payment_attempt: input.paid ? null : input.created + 3 * 86_400,
    number: input.number,
    on_behalf_of: null,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { metadata: input.subscription.metadata, subscription: input.subscription.id },
    },
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    payments: {
      object: 'list',
      data: input.paymentIntentId
        ? [
            buildInvoicePayment({
              id: newId('inpay'),
              created: input.created,
              invoiceId: input.id,
              currency: input.price.currency,
              amount,
              paymentIntentId: input.paymentIntentId,
              paidAt,
            }),
          ]
        : [],
      has_more: false,
      url: `/v1/invoice_payments?invoice=${input.id}`,
    } as TInvoice['payments'],
    period_end: input.previousPeriod?.end ?? input.created,
    period_start: input.previousPeriod?.start ?? input.created,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: input.paid ? 'paid' : 'open',
    status_transitions: {
      finalized_at: input.created,
      marked_uncollectible_at: null,
      paid_at: paidAt,
      voided_at: null,
    },
    subscription: input.subscription.id,
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_discount_amounts: [],
    total_excluding_tax: amount,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: null,
  };
}

/**
 * The link between an invoice and the PaymentIntent that paid it (current API versions: neither a Charge nor a
 * PaymentIntent names its invoice; `GET /v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=`
 * finds it).
 */
export function buildInvoicePayment(input: {
  id: string;
  created: number;
  invoiceId: string;
  currency: string;
  amount: number;
  paymentIntentId: string;
  /** Unix seconds when paid; null while the payment is open. */
  paidAt: number | null;
}): TInvoicePayment {
  return {
    id: input.id,
    object: 'invoice_payment',
    amount_paid: input.paidAt === null ? null : input.amount,
    amount_requested: input.amount,
    created: input.created,
    currency: input.currency,
    invoice: input.invoiceId,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: input.paymentIntentId },
    status: input.paidAt === null ? 'open' : 'paid',
    status_transitions: { canceled_at: null, paid_at: input.paidAt },
  };
}

export function buildDispute(input: {
  id: string;
  created: number;
  charge: TCharge;
  reason: string;
}): TDispute {
  return {
    id: input.id,
    object: 'dispute',
    amount: input.charge.amount,
    balance_transactions: [],
    charge: input.charge.id,
    created: input.created,
    currency: input.charge.currency,
    enhanced_eligibility_types: [],
    evidence: {
      access_activity_log: null,
      billing_address: null,
      cancellation_policy: null,
      cancellation_policy_disclosure: null,
      cancellation_rebuttal: null,
      customer_communication: null,
      customer_email_address: null,
      customer_name: null,
      customer_purchase_ip: null,
      customer_signature: null,
      duplicate_charge_documentation: null,
      duplicate_charge_explanation: null,
      duplicate_charge_id: null,
      enhanced_evidence: {},
      product_description: null,
      receipt: null,
      refund_policy: null,
      refund_policy_disclosure: null,
      refund_refusal_explanation: null,
      service_date: null,
      service_documentation: null,
      shipping_address: null,
      shipping_carrier: null,
      shipping_date: null,
      shipping_documentation: null,
      shipping_tracking_number: null,
      uncategorized_file: null,
      uncategorized_text: null,
    },
    evidence_details: {
      due_by: input.created + 7 * 86_400,
      enhanced_eligibility: {},
      has_evidence: false,
      past_due: false,
      submission_count: 0,
      submission_method: 'not_submitted',
    },
    intended_submission_method: null,
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: typeof input.charge.payment_intent === 'string' ? input.charge.payment_intent : null,
    reason: input.reason,
    status: 'needs_response',
  };
}

export function buildCheckoutSession(input: {
  id: string;
  created: number;
  expiresAt: number;
  mode: 'payment' | 'subscription';
  url: string;
  currency: string;
  amountTotal: number;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string | null;
  allowPromotionCodes: boolean | null;
  customerCreation: 'always' | 'if_required' | null;
  locale: string | null;
}): TCheckoutSession {
  return {
    id: input.id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: input.allowPromotionCodes,
    allowed_payment_method_types: null,
    amount_subtotal: input.amountTotal,
    amount_total: input.amountTotal,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: input.cancelUrl,
    client_reference_id: input.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: input.created,
    currency: input.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer: input.customer,
    customer_account: null,
    customer_creation: input.customerCreation,
    customer_details: input.customerEmail
      ? {
          address: null,
          business_name: null,
          email: input.customerEmail,
          individual_name: null,
          name: null,
          phone: null,
          tax_exempt: 'none',
          tax_ids: null,
        }
      : null,
    customer_email: input.customerEmail,
    discounts: [],
    expires_at: input.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation:
      input.mode === 'payment'
        ? {
            enabled: false,
            invoice_data: {
              account_tax_ids: null,
              custom_fields: null,
              description: null,
              footer: null,
              issuer: null,
              metadata: {},
              rendering_options: null,
            },
          }
        : null,
    livemode: false,
    locale: input.locale as TCheckoutSession['locale'],
    managed_payments: null,
    metadata: input.metadata,
    mode: input.mode,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: input.mode === 'subscription' ? 'always' : null,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: input.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: input.url,
    wallet_options: null,
  };
}

export function buildPortalSession(input: {
  id: string;
  created: number;
  customer: string;
  returnUrl: string | null;
  url: string;
}): TPortalSession {
  return {
    id: input.id,
    object: 'billing_portal.session',
    configuration: 'bpc_emulator_default',
    created: input.created,
    customer: input.customer,
    customer_account: null,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: input.returnUrl,
    url: input.url,
  };
}

export function buildRefund(input: {
  id: string;
  created: number;
  amount: number;
  charge: TCharge;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  metadata: Record<string, string>;
}): TRefund {
  return {
    id: input.id,
    object: 'refund',
    amount: input.amount,
    balance_transaction: null,
    charge: input.charge.id,
    created: input.created,
    currency: input.charge.currency,
    customer: typeof input.charge.customer === 'string' ? input.charge.customer : null,
    customer_account: null,
    destination_details: {
      type: 'card',
      card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
    },
    metadata: input.metadata,
    payment_intent: typeof input.charge.payment_intent === 'string' ? input.charge.payment_intent : null,
    payment_method: input.charge.payment_method,
    reason: input.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

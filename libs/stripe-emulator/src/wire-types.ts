import type Stripe from 'stripe';

/**
 * The JSON Stripe sends, typed from the installed SDK's own object types so a missing or mistyped field is a
 * compile error here. The one difference from the SDK's types: decimal fields travel as strings ("999") and the
 * SDK turns them into `Stripe.Decimal` only after parsing.
 */
export type TWire<T> = T extends string | number | boolean | bigint | symbol | null | undefined
  ? T
  : T extends Stripe.Decimal
    ? string
    : T extends (infer U)[]
      ? TWire<U>[]
      : T extends object
        ? { [K in keyof T]: TWire<T[K]> }
        : T;

export type TCustomer = TWire<Stripe.Customer>;
export type TProduct = TWire<Stripe.Product>;
export type TPrice = TWire<Stripe.Price>;
export type TPlan = TWire<Stripe.Plan>;
export type TCheckoutSession = TWire<Stripe.Checkout.Session>;
export type TCheckoutLineItem = TWire<Stripe.LineItem>;
export type TSubscription = TWire<Stripe.Subscription>;
export type TSubscriptionItem = TWire<Stripe.SubscriptionItem>;
export type TInvoice = TWire<Stripe.Invoice>;
export type TInvoiceLineItem = TWire<Stripe.InvoiceLineItem>;
export type TInvoicePayment = TWire<Stripe.InvoicePayment>;
export type TPaymentIntent = TWire<Stripe.PaymentIntent>;
export type TCharge = TWire<Stripe.Charge>;
export type TRefund = TWire<Stripe.Refund>;
export type TDispute = TWire<Stripe.Dispute>;
export type TPortalSession = TWire<Stripe.BillingPortal.Session>;
export type TEventType = Stripe.Event.Type;

/** Stripe's event envelope. `data.object` is a snapshot of the object when the event happened. */
export interface TEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: TStoredObject; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: TEventType;
}

export type TStoredObject =
  | TCustomer
  | TProduct
  | TPrice
  | TCheckoutSession
  | TSubscription
  | TInvoice
  | TInvoicePayment
  | TPaymentIntent
  | TCharge
  | TRefund
  | TDispute
  | TPortalSession
  | TEvent;

export interface TList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/** Any JSON value we hand back; used where expansion walks objects generically. */
export type TJson = string | number | boolean | null | TJson[] | { [key: string]: TJson };

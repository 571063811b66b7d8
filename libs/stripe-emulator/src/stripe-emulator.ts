import type { AddressInfo } from 'node:net';
import http from 'node:http';
import Stripe from 'stripe';
import type { TPremiumOffer } from '@polski/contracts';
import { defaultCatalogue, type TEmulatorCatalogue } from './catalogue';
import { createEmulatorApp } from './emulator-app';
import { EmulatorState } from './emulator-state';
import type { TEmulatedSubscription } from './objects';
import {
  WebhookDispatcher,
  type TDeliveryAttempt,
  type TEmulatorLogger,
  type TFlushOrder,
  type TWebhookEndpoint,
} from './webhook-dispatcher';
import type { TCharge, TCheckoutSession, TDispute, TEvent } from './wire-types';

/** The secret key the API uses against the emulator. Any `sk_test_...` key is accepted; live keys are refused. */
export const EMULATOR_SECRET_KEY = 'sk_test_emulator';

/** The API version the installed SDK sends by default; the emulator renders objects and events in it. */
export const EMULATOR_API_VERSION: string = Stripe.API_VERSION;

export interface TStripeEmulatorOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Interface to listen on; loopback by default. */
  host?: string;
  /** A catalogue, or which variant's default catalogue to seed ('both' when omitted). */
  catalogue?: TEmulatorCatalogue | TPremiumOffer | 'both';
  webhook?: TWebhookEndpoint | null;
  /** Base of the URLs handed to browsers (hosted checkout, portal) when it differs from where the API reaches it. */
  publicBaseUrl?: string;
  /** Milliseconds since the epoch, like Date.now (the default). `advanceTime` moves on from it. */
  clock?: () => number;
  /** Delays before each webhook retry; its length is the number of retries. */
  retryDelaysMs?: number[];
  /** How long one webhook delivery may take before it counts as failed. */
  webhookTimeoutMs?: number;
  logger?: TEmulatorLogger;
}

export interface TStripeEmulator {
  /** Where the emulator listens, e.g. http://127.0.0.1:41234. */
  baseUrl: string;
  port: number;
  apiVersion: string;
  /** A real SDK client pointed at the emulator. */
  stripe(secretKey?: string): Stripe;
  /** The SDK options that point a client at the emulator: `new Stripe(key, emulator.clientOptions())`. */
  clientOptions(): { host: string; port: number; protocol: 'http' };
  close(): Promise<void>;

  /** Where events go from now on (the API may only know its own URL after it listens). */
  setWebhook(endpoint: TWebhookEndpoint | null): void;
  pauseDelivery(): void;
  resumeDelivery(): void;
  /** Sends an already-sent event once more: same id, same body, a fresh signature. */
  deliverAgain(eventId: string): void;
  /** Events the endpoint acknowledged with 2xx, in delivery order (a redelivered event appears again). */
  deliveredEvents(): TEvent[];
  /** Events queued and not yet delivered (e.g. while paused). */
  pendingEvents(): TEvent[];
  /** Events whose every attempt failed. */
  failedEvents(): TEvent[];
  /** Every delivery attempt with its outcome. */
  deliveryAttempts(): TDeliveryAttempt[];
  /** Delivers what is pending now in the given order (even while paused) and resolves when done. */
  flush(options?: { order?: TFlushOrder }): Promise<void>;
  /** `flush({ order: 'reverse' })`: the pending events arrive newest first. */
  deliverOutOfOrder(): Promise<void>;
  /** Resolves when no delivery is under way and nothing deliverable is queued. */
  waitForIdle(): Promise<void>;
  /** Every event so far, oldest first. */
  events(): TEvent[];

  /** Unix seconds on the emulator's clock. */
  now(): number;
  advanceTime(seconds: number): void;
  /** Ends the current period (see EmulatorState.renewSubscription). */
  renewSubscription(subscriptionId: string): TEmulatedSubscription;
  failRenewal(subscriptionId: string): TEmulatedSubscription;
  createDispute(chargeId: string, reason?: string): TDispute;
  /** Same as pressing "Pay" on the hosted page; returns the URL the browser would be sent to. */
  completeCheckout(sessionId: string, options?: { email?: string }): string;
}

/**
 * Starts a Stripe-compatible emulator on loopback for local development and tests: the real `stripe` SDK talks to
 * it over HTTP. Never used in production; see docs/stripe-emulator.md.
 */
export async function startStripeEmulator(options: TStripeEmulatorOptions = {}): Promise<TStripeEmulator> {
  const host = options.host ?? '127.0.0.1';
  const clientHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  let baseUrl = '';
  const catalogue =
    typeof options.catalogue === 'object' ? options.catalogue : defaultCatalogue(options.catalogue ?? 'both');

  let state: EmulatorState | null = null;
  const dispatcher = new WebhookDispatcher({
    retryDelaysMs: options.retryDelaysMs ?? [1_000, 5_000, 30_000, 120_000, 600_000],
    timeoutMs: options.webhookTimeoutMs ?? 10_000,
    logger: options.logger,
    onDelivered: (eventId) => {
      const event = state?.find(eventId);
      if (event?.object === 'event' && event.pending_webhooks > 0) event.pending_webhooks -= 1;
    },
  });
  if (options.webhook) dispatcher.setEndpoint(options.webhook);

  state = new EmulatorState({
    clock: options.clock ?? Date.now,
    apiVersion: EMULATOR_API_VERSION,
    publicBaseUrl: () => options.publicBaseUrl?.replace(/\/+$/, '') ?? baseUrl,
    catalogue,
    onEvent: (event) => dispatcher.enqueue(event),
    webhookEndpointCount: () => (dispatcher.hasEndpoint() ? 1 : 0),
  });
  const s = state;

  const app = createEmulatorApp({ state: s, apiVersion: EMULATOR_API_VERSION, logger: options.logger });
  const server = http.createServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://${clientHost.includes(':') ? `[${clientHost}]` : clientHost}:${port}`;
  options.logger?.info(
    { baseUrl, apiVersion: EMULATOR_API_VERSION },
    'stripe emulator listening (test mode)',
  );

  function find<T extends { object: string }>(id: string, object: T['object']): T {
    const found = s.find(id);
    if (!found || found.object !== object) throw new Error(`Stripe emulator: no ${object} ${id}`);
    return found as unknown as T;
  }

  const clientOptions = () => ({ host: clientHost, port, protocol: 'http' as const });

  return {
    baseUrl,
    port,
    apiVersion: EMULATOR_API_VERSION,
    stripe: (secretKey = EMULATOR_SECRET_KEY) =>
      new Stripe(secretKey, { ...clientOptions(), telemetry: false }),
    clientOptions,
    close: async () => {
      dispatcher.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
    setWebhook: (endpoint) => dispatcher.setEndpoint(endpoint),
    pauseDelivery: () => dispatcher.pause(),
    resumeDelivery: () => dispatcher.resume(),
    deliverAgain: (eventId) => dispatcher.redeliver(find<TEvent>(eventId, 'event')),
    deliveredEvents: () => [...dispatcher.delivered],
    pendingEvents: () => dispatcher.pending(),
    failedEvents: () => [...dispatcher.failed],
    deliveryAttempts: () => [...dispatcher.attempts],
    flush: (opts) => dispatcher.flush(opts?.order ?? 'queued'),
    deliverOutOfOrder: () => dispatcher.flush('reverse'),
    waitForIdle: () => dispatcher.waitForIdle(),
    events: () => s.list<TEvent>('event').reverse(),
    now: () => s.now(),
    advanceTime: (seconds) => s.advanceTime(seconds),
    renewSubscription: (id) => s.renewSubscription(find<TEmulatedSubscription>(id, 'subscription')),
    failRenewal: (id) => s.failRenewal(find<TEmulatedSubscription>(id, 'subscription')),
    createDispute: (chargeId, reason) => s.createDispute(find<TCharge>(chargeId, 'charge'), reason),
    completeCheckout: (sessionId, opts) =>
      s.completeCheckout(find<TCheckoutSession>(sessionId, 'checkout.session'), opts),
  };
}

import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { TEvent } from './wire-types';

export interface TEmulatorLogger {
  debug?(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

export interface TWebhookEndpoint {
  url: string;
  /** The endpoint's signing secret, `whsec_...`. */
  secret: string;
}

export interface TDeliveryAttempt {
  eventId: string;
  type: string;
  attempt: number;
  /** HTTP status of the answer, or null when the endpoint could not be reached. */
  status: number | null;
  error: string | null;
  ok: boolean;
}

export type TFlushOrder = 'queued' | 'reverse' | 'shuffle';

/**
 * Stripe's `Stripe-Signature` header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed by the
 * endpoint secret>`. The whole `whsec_...` string is the key, exactly as Stripe and the SDK's verifier use it.
 */
export function signWebhookPayload(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/**
 * Delivers events to one webhook endpoint: asynchronously, one at a time in the order they happened, each
 * retried after the configured delays while the endpoint answers non-2xx or cannot be reached. A later event
 * waits for the one before it (strict order, unlike Stripe, which makes no ordering promise; use `flush` with
 * `order: 'reverse'` to test out-of-order arrival). After its last retry an event is recorded as failed and
 * delivery moves on.
 */
export class WebhookDispatcher {
  private endpoint: TWebhookEndpoint | null = null;
  private readonly queue: TEvent[] = [];
  /** The payload as first queued, so a redelivery is byte-for-byte the same event. */
  private readonly snapshots = new Map<string, TEvent>();
  private paused = false;
  private running = false;
  private closed = false;
  private idleWaiters: (() => void)[] = [];
  private readonly sleeps = new Map<NodeJS.Timeout, () => void>();
  readonly delivered: TEvent[] = [];
  readonly failed: TEvent[] = [];
  readonly attempts: TDeliveryAttempt[] = [];

  constructor(
    private readonly options: {
      retryDelaysMs: number[];
      timeoutMs: number;
      logger?: TEmulatorLogger;
      onDelivered: (eventId: string) => void;
    },
  ) {}

  setEndpoint(endpoint: TWebhookEndpoint | null): void {
    if (endpoint && !endpoint.secret.startsWith('whsec_')) {
      throw new Error('Stripe emulator: a webhook signing secret starts with whsec_');
    }
    this.endpoint = endpoint;
  }

  hasEndpoint(): boolean {
    return this.endpoint !== null;
  }

  /** Queues a new event. Without an endpoint nothing is queued: Stripe only sends events to endpoints that exist. */
  enqueue(event: TEvent): void {
    if (!this.endpoint || this.closed) return;
    const snapshot = structuredClone(event);
    this.snapshots.set(event.id, snapshot);
    this.queue.push(snapshot);
    this.kick();
  }

  /** Queues another delivery of an event already sent (Stripe delivers at least once; duplicates happen). */
  redeliver(event: TEvent): void {
    if (!this.endpoint) throw new Error('Stripe emulator: no webhook endpoint is configured');
    this.queue.push(this.snapshots.get(event.id) ?? structuredClone(event));
    this.kick();
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.kick();
  }

  pending(): TEvent[] {
    return [...this.queue];
  }

  /** Resolves when no delivery is under way and nothing is queued (or delivery is paused). */
  waitForIdle(): Promise<void> {
    if (!this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Delivers everything queued now, in the given order, even while paused, and resolves when done. The paused
   * state is kept, so later events queue again.
   */
  async flush(order: TFlushOrder = 'queued'): Promise<void> {
    while (this.running) await this.waitForIdle();
    const batch = this.queue.splice(0);
    if (order === 'reverse') batch.reverse();
    if (order === 'shuffle') {
      for (let i = batch.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [batch[i], batch[j]] = [batch[j], batch[i]];
      }
    }
    this.running = true;
    try {
      for (const event of batch) await this.deliver(event);
    } finally {
      this.running = false;
      this.notifyIdle();
      this.kick();
    }
  }

  close(): void {
    this.closed = true;
    this.queue.length = 0;
    for (const [timer, wake] of this.sleeps) {
      clearTimeout(timer);
      wake();
    }
    this.sleeps.clear();
  }

  private kick(): void {
    if (this.running) return;
    if (this.paused || this.closed || this.queue.length === 0) {
      this.notifyIdle();
      return;
    }
    this.running = true;
    void (async () => {
      try {
        while (!this.paused && !this.closed) {
          const event = this.queue.shift();
          if (!event) break;
          await this.deliver(event);
        }
      } finally {
        this.running = false;
        this.notifyIdle();
      }
    })();
  }

  private notifyIdle(): void {
    if (this.running) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }

  private async deliver(event: TEvent): Promise<boolean> {
    // Stripe sends pretty-printed JSON; a receiver must verify the raw bytes, never a re-serialisation.
    const payload = JSON.stringify(event, null, 2);
    for (let attempt = 1; ; attempt++) {
      const endpoint = this.endpoint;
      if (this.closed || !endpoint) return false;
      const header = signWebhookPayload(payload, endpoint.secret, Math.floor(Date.now() / 1000));
      const result = await this.post(endpoint.url, payload, header);
      const ok = result.status !== null && result.status >= 200 && result.status < 300;
      this.attempts.push({
        eventId: event.id,
        type: event.type,
        attempt,
        status: result.status,
        error: result.error,
        ok,
      });
      if (ok) {
        this.delivered.push(event);
        this.options.onDelivered(event.id);
        this.options.logger?.debug?.(
          { eventId: event.id, type: event.type, attempt },
          'stripe emulator: webhook delivered',
        );
        return true;
      }
      const delay = this.options.retryDelaysMs[attempt - 1];
      this.options.logger?.warn(
        {
          eventId: event.id,
          type: event.type,
          attempt,
          status: result.status,
          error: result.error,
          retryInMs: delay ?? null,
        },
        'stripe emulator: webhook delivery failed',
      );
      if (delay === undefined) {
        this.failed.push(event);
        return false;
      }
      await this.sleep(delay);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.sleeps.delete(timer);
        resolve();
      }, ms);
      this.sleeps.set(timer, resolve);
    });
  }

  private post(
    url: string,
    payload: string,
    signature: string,
  ): Promise<{ status: number | null; error: string | null }> {
    return new Promise((resolve) => {
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        resolve({ status: null, error: `invalid webhook URL: ${url}` });
        return;
      }
      const client = target.protocol === 'https:' ? https : http;
      const req = client.request(
        target,
        {
          method: 'POST',
          agent: false,
          timeout: this.options.timeoutMs,
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Length': Buffer.byteLength(payload),
            'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            'Cache-Control': 'no-cache',
            Accept: '*/*; q=0.5, application/xml',
            'Stripe-Signature': signature,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
          res.on('error', (e) => resolve({ status: res.statusCode ?? null, error: e.message }));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`timed out after ${this.options.timeoutMs} ms`)));
      req.on('error', (e) => resolve({ status: null, error: e.message }));
      req.end(payload);
    });
  }
}

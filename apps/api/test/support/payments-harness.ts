import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { createTestApp, type TTestApp } from './test-app';
import type { TClock } from '../../src/lib/clock';
import type { TModuleFactory } from '../../src/module';
import type { TServiceOverrides } from '../../src/services';
import { contentModule } from '../../src/modules/content';
import { createPaymentsModule, type TPaymentsModule } from '../../src/modules/payments';
import { startStripeEmulator, type TStripeEmulator } from '@polski/stripe-emulator';

export interface TPaymentsHarness {
  t: TTestApp;
  emulator: TStripeEmulator;
  payments: TPaymentsModule;
  baseUrl: string;
  close(): Promise<void>;
  signUp(
    overrides?: Record<string, string>,
  ): Promise<{ token: string; userId: string; email: string; username: string }>;
  handle(token: string): Promise<string>;
  checkout(token: string, priceId: string, path?: string): Promise<request.Response>;
  /** Signs up, checks out and pays; waits for the webhooks. */
  buy(priceId: string): Promise<{
    token: string;
    userId: string;
    email: string;
    username: string;
    sessionId: string;
    redirect: string;
  }>;
}

/**
 * The API on a real port with a real database and the Stripe emulator delivering signed webhooks to it over HTTP,
 * driven by the real Stripe SDK.
 */
export async function startPaymentsHarness(
  options: {
    env?: NodeJS.ProcessEnv;
    clock?: TClock;
    overrides?: TServiceOverrides;
    /** More feature modules, mounted after payments (learning, reminders). */
    modules?: TModuleFactory[];
  } = {},
): Promise<TPaymentsHarness> {
  const emulator = await startStripeEmulator({ retryDelaysMs: [20, 50, 100] });
  const webhookSecret = 'whsec_test_harness_secret_0123456789';
  let paymentsModule!: TPaymentsModule;
  const factory = createPaymentsModule({ emulator, webhookSecret });
  const t = await createTestApp({
    env: { TRUST_PROXY: 'true', ...options.env },
    clock: options.clock,
    overrides: options.overrides,
    modules: [
      contentModule,
      async (deps) => (paymentsModule = await factory(deps)),
      ...(options.modules ?? []),
    ],
  });
  const server: Server = createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  emulator.setWebhook({ url: `${baseUrl}/api/payments/webhook`, secret: webhookSecret });

  const h: TPaymentsHarness = {
    t,
    emulator,
    payments: paymentsModule,
    baseUrl,
    async close() {
      await emulator.waitForIdle().catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await t.close();
      await emulator.close();
    },
    async signUp(overrides = {}) {
      const body = makeRegisterRequest(overrides);
      const res = await request(t.app).post('/api/account/register').send(body);
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      const row = await t.database.db.user.findUniqueOrThrow({
        where: { emailKey: body.email.toLowerCase() },
      });
      return { token: res.body.token, userId: row.id, email: body.email, username: body.username };
    },
    async handle(token) {
      const res = await request(t.app)
        .post('/api/account/save-session')
        .set('Authorization', `Bearer ${token}`)
        .send({});
      return res.body.userId;
    },
    async checkout(token, priceId, path) {
      const endpoint =
        path ??
        (t.config.PREMIUM_OFFER === 'subscription'
          ? '/api/payments/create-checkout-session'
          : '/api/payments/create-checkout-session2');
      return request(t.app)
        .post(endpoint)
        .set('Authorization', `Bearer ${token}`)
        .send({ priceId, userEmail: 'ignored@example.test', userId: await h.handle(token) });
    },
    async buy(priceId) {
      const user = await h.signUp();
      const res = await h.checkout(user.token, priceId);
      if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`);
      const redirect = emulator.completeCheckout(res.body.sessionId);
      await emulator.waitForIdle();
      return { ...user, sessionId: res.body.sessionId, redirect };
    },
  };
  return h;
}

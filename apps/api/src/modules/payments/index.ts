import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { paymentsInTestMode, ROUTES } from '@polski/contracts';
import type { TModule, TModuleDeps, TModuleFactory } from '../../module';
import { CountryLocator } from './geo';
import { PAGE_BOOT_MODULES } from '../../middleware/web-app';
import { paymentsConfig, paymentsRouter } from './payments.router';
import { PaymentsService } from './payments.service';
import { PriceCatalog } from './price-catalog';
import { loadStripeEmulator, type TStripeEmulator } from './stripe-stand-in';

/** The premium page, and the web app's module for it (its files are preloaded in the page, web-app.ts). */
export const PREMIUM_PAGE = '/premium-member';
export const PREMIUM_PAGE_MODULE = 'src/app/routes/premium-member.tsx';

/** How often each process looks for refunds and cancellations to retry (each has its own backoff). */
const PAYMENT_ACTION_POLL_MS = 30_000;

export interface TPaymentsModuleOptions {
  /** Use this emulator (tests drive it); the module then neither starts nor stops one. */
  emulator?: TStripeEmulator;
  /** Webhook signing secret to use with a given emulator. */
  webhookSecret?: string;
}

export interface TPaymentsModule extends TModule {
  payments: PaymentsService;
  stripe: Stripe;
  emulator?: TStripeEmulator;
  webhookSecret: string;
}

/**
 * Payments through the official Stripe SDK. With STRIPE_SECRET_KEY it talks to Stripe. Without keys (local runs
 * and tests; never production, which refuses to start without them) it starts the Stripe emulator on loopback and
 * points the same SDK at it; once the API listens, the emulator delivers signed webhooks to it. The emulator is
 * libs/stripe-emulator, loaded through the stand-in seam (stripe-stand-in.ts) only on that path.
 */
export function createPaymentsModule(options: TPaymentsModuleOptions = {}) {
  return async (deps: TModuleDeps): Promise<TPaymentsModule> => {
    const { config, logger } = deps;
    let emulator = options.emulator;
    let ownsEmulator = false;
    let stripe: Stripe;
    let webhookSecret: string;
    if (config.STRIPE_SECRET_KEY && !emulator) {
      stripe = new Stripe(config.STRIPE_SECRET_KEY, {
        maxNetworkRetries: 2,
        timeout: 15_000,
        appInfo: { name: 'polski-stories' },
      });
      webhookSecret = config.STRIPE_WEBHOOK_SECRET!;
    } else {
      if (config.isProduction)
        throw new Error('The Stripe emulator cannot run in production: set STRIPE_SECRET_KEY');
      // loaded only here, on demand: with a Stripe key the emulator's code is never loaded (stripe-stand-in.ts)
      const { EMULATOR_SECRET_KEY, startStripeEmulator } = await loadStripeEmulator();
      if (!emulator) {
        emulator = await startStripeEmulator({
          port: config.STRIPE_EMULATOR_PORT,
          host: '127.0.0.1',
          logger: logger.child({ component: 'stripe-emulator' }),
        });
        ownsEmulator = true;
        logger.warn({ url: emulator.baseUrl }, 'payments use the built-in Stripe emulator (test mode)');
      }
      stripe = new Stripe(EMULATOR_SECRET_KEY, {
        ...emulator.clientOptions(),
        maxNetworkRetries: 1,
        timeout: 10_000,
      });
      webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`;
    }
    const catalog = new PriceCatalog(
      stripe,
      config.PREMIUM_OFFER,
      config.STRIPE_PRICE_IDS,
      config.PRICE_CACHE_SECONDS,
    );
    const payments = new PaymentsService({
      db: deps.database.db,
      stripe,
      catalog,
      clock: deps.clock,
      logger,
      offer: config.PREMIUM_OFFER,
      publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
      webhookSecret,
      graceDays: config.PAST_DUE_GRACE_DAYS,
      testPayments: paymentsInTestMode(config.STRIPE_SECRET_KEY),
      onEmailQueued: () => deps.services.mailWorker?.kick(),
    });
    const geo = new CountryLocator();
    // refunds and cancellations that incidents call for are tried at once; those Stripe did not take are retried
    // from here (every process polls; rows are claimed with SKIP LOCKED, so each is worked on by one at a time)
    let retries: NodeJS.Timeout | undefined;
    let running: Promise<unknown> | undefined;
    return {
      name: 'payments',
      payments,
      stripe,
      emulator,
      webhookSecret,
      routers: [paymentsRouter({ payments, geo, config, clock: deps.clock })],
      // the premium page's layout depends on the offer (its route loader asks for it before drawing): the page is
      // sent with the answer, and names its code, so it draws without a round trip to the API
      pageData: (pathname) =>
        pathname === PREMIUM_PAGE
          ? {
              key: ROUTES.payments.config.path,
              body: Buffer.from(JSON.stringify(paymentsConfig(config)), 'utf8'),
              modules: [PREMIUM_PAGE_MODULE, ...PAGE_BOOT_MODULES],
            }
          : undefined,
      async beforeAccountDeletion(userId) {
        return { cancelledSubscriptions: (await payments.closeForDeletedAccount(userId)).cancelled.length };
      },
      start({ url }) {
        if (emulator && ownsEmulator)
          emulator.setWebhook({ url: `${url}/api/payments/webhook`, secret: webhookSecret });
        retries = setInterval(() => {
          running ??= payments
            .runPendingActions()
            .catch((err) => logger.warn({ err }, 'payment actions: retry run failed'))
            .finally(() => (running = undefined));
        }, PAYMENT_ACTION_POLL_MS);
        retries.unref?.();
      },
      async stop() {
        if (retries) clearInterval(retries);
        await running;
        if (emulator && ownsEmulator) await emulator.close();
      },
    };
  };
}

export const paymentsModule: TModuleFactory = createPaymentsModule();

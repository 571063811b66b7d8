import express, { type Response } from 'express';
import {
  API_CONTRACT,
  API_PREFIX,
  paymentsInTestMode,
  type TSelectedPrices2Response,
} from '@polski/contracts';
import type { TConfig } from '../../config/env';
import type { TClock } from '../../lib/clock';
import { contractRouter } from '../../middleware/contract-router';
import type { CountryLocator } from './geo';
import type { PaymentsService } from './payments.service';

const c = API_CONTRACT.payments;
const admin = API_CONTRACT.admin;

/** Payments and the administrators' reconciliation (libs/contracts payments.contract.ts, admin.contract.ts). */
/**
 * The offer and whether payments are in test mode: the same for everybody (the premium page is sent with it,
 * index.ts). Test mode: no real money moves (the emulator, or Stripe test keys: the marker, and the hidden test payment).
 */
export function paymentsConfig(config: Pick<TConfig, 'PREMIUM_OFFER' | 'STRIPE_SECRET_KEY'>) {
  return { offer: config.PREMIUM_OFFER, testMode: paymentsInTestMode(config.STRIPE_SECRET_KEY) };
}

export function paymentsRouter(deps: {
  payments: PaymentsService;
  geo: CountryLocator;
  config: TConfig;
  clock: TClock;
}) {
  const { payments, geo, config } = deps;
  const r = contractRouter({ mountedAt: API_PREFIX, clock: deps.clock, checkAnswers: config.checkAnswers });
  const publicCache = (res: Response) =>
    res.setHeader('Cache-Control', `public, max-age=${Math.min(300, config.PRICE_CACHE_SECONDS)}`);

  // Stripe's webhooks: the signature is computed over the raw bytes, so this route reads the body unparsed (app.ts
  // leaves it to this route)
  r.add(c.webhook, express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const sig = req.headers['stripe-signature'];
    res.reply(200, await payments.handleWebhook(body, Array.isArray(sig) ? sig[0] : sig));
  });

  r.add(c.config, (_req, res) => {
    res.reply(200, paymentsConfig(config));
  });

  r.add(c.selectedPrices, async (_req, res) => {
    const prices = await payments.prices();
    publicCache(res);
    res.reply(
      200,
      prices.map(({ id, currency, amount, plan }) => ({ id, currency, amount, plan })),
    );
  });

  r.add(c.selectedPrices2, async (_req, res) => {
    const grouped: TSelectedPrices2Response = {};
    for (const { id, currency, amount, plan } of await payments.prices()) {
      (grouped[currency.toUpperCase()] ??= {})[id] = { id, currency: currency.toUpperCase(), amount, plan };
    }
    publicCache(res);
    res.reply(200, grouped);
  });

  r.add(c.userLocation, (req, res) => {
    let country: string | null = null;
    if (config.TRUST_CDN_COUNTRY_HEADER) {
      const h = req.headers[config.CDN_COUNTRY_HEADER.toLowerCase()];
      const v = (Array.isArray(h) ? h[0] : h)?.trim().toUpperCase();
      if (v && /^[A-Z]{2}$/.test(v) && v !== 'XX' && v !== 'T1') country = v;
    }
    country ??= geo.country(req.ip);
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.setHeader('Vary', config.TRUST_CDN_COUNTRY_HEADER ? config.CDN_COUNTRY_HEADER : 'X-Forwarded-For');
    res.reply(200, { countryCode: country ?? 'US' });
  });

  r.add(c.createCheckoutSession, async (req, res) => {
    res.reply(200, await payments.createCheckout(req.user, req.body, 'subscription'));
  });

  r.add(c.createCheckoutSession2, async (req, res) => {
    res.reply(200, await payments.createCheckout(req.user, req.body, 'one-time'));
  });

  /** The return page calls this so the buyer sees premium at once even when the webhook is late. */
  r.add(c.fulfil, async (req, res) => {
    res.reply(200, { status: await payments.fulfil(req.body.sessionId, req.user.id) });
  });

  r.add(c.customerPortal, async (req, res) => {
    res.reply(200, { url: await payments.portalUrl(req.user) });
  });

  r.add(admin.fetchStripeSubs, async (_req, res) => {
    res.reply(200, await payments.stripeOverview());
  });

  r.add(admin.syncRoles, async (_req, res) => {
    res.reply(200, await payments.syncRoles());
  });

  return r;
}

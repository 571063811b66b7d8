import express, { Router } from 'express';
import { z } from 'zod';
import {
  ZCheckoutSessionRequestSchema,
  ZFulfilRequestSchema,
  type TCheckoutSessionResponse,
  type TLocationResponse,
  type TPaymentsConfigResponse,
  type TSelectedPrices2Response,
} from '@polski/contracts';
import type { TConfig } from '../../config/env';
import { validate } from '../../middleware/validate';
import { currentUser, requireAdmin, requireUser } from '../auth/auth.middleware';
import type { CountryLocator } from './geo';
import type { PaymentsService } from './payments.service';

const ZNoQuerySchema = z.object({ cacheBuster: z.string().max(32).optional() }).loose();

export function paymentsRouter(deps: {
  payments: PaymentsService;
  geo: CountryLocator;
  config: TConfig;
}): Router {
  const { payments, geo, config } = deps;
  const r = Router();
  const publicCache = (res: express.Response) =>
    res.setHeader('Cache-Control', `public, max-age=${Math.min(300, config.PRICE_CACHE_SECONDS)}`);

  r.get('/payments/config', (_req, res) => {
    res.json({
      offer: config.PREMIUM_OFFER,
      testMode: config.stripeEmulated,
    } satisfies TPaymentsConfigResponse);
  });

  r.get('/payments/get-selected-prices', validate(ZNoQuerySchema, 'query'), async (_req, res) => {
    const prices = await payments.prices();
    publicCache(res);
    res.json(prices.map(({ id, currency, amount, plan }) => ({ id, currency, amount, plan })));
  });

  r.get('/payments/get-selected-prices2', validate(ZNoQuerySchema, 'query'), async (_req, res) => {
    const grouped: TSelectedPrices2Response = {};
    for (const { id, currency, amount, plan } of await payments.prices()) {
      (grouped[currency.toUpperCase()] ??= {})[id] = { id, currency: currency.toUpperCase(), amount, plan };
    }
    publicCache(res);
    res.json(grouped);
  });

  r.get('/payments/get-user-location', (req, res) => {
    let country: string | null = null;
    if (config.TRUST_CDN_COUNTRY_HEADER) {
      const h = req.headers[config.CDN_COUNTRY_HEADER.toLowerCase()];
      const v = (Array.isArray(h) ? h[0] : h)?.trim().toUpperCase();
      if (v && /^[A-Z]{2}$/.test(v) && v !== 'XX' && v !== 'T1') country = v;
    }
    country ??= geo.country(req.ip);
    res.setHeader('Cache-Control', 'private, max-age=3600');
    res.setHeader('Vary', config.TRUST_CDN_COUNTRY_HEADER ? config.CDN_COUNTRY_HEADER : 'X-Forwarded-For');
    res.json({ countryCode: country ?? 'US' } satisfies TLocationResponse);
  });

  r.post(
    '/payments/create-checkout-session',
    requireUser,
    validate(ZCheckoutSessionRequestSchema),
    async (req, res) => {
      const out: TCheckoutSessionResponse = await payments.createCheckout(
        currentUser(req),
        req.body,
        'subscription',
      );
      res.json(out);
    },
  );

  r.post(
    '/payments/create-checkout-session2',
    requireUser,
    validate(ZCheckoutSessionRequestSchema),
    async (req, res) => {
      const out: TCheckoutSessionResponse = await payments.createCheckout(
        currentUser(req),
        req.body,
        'one-time',
      );
      res.json(out);
    },
  );

  /** The return page calls this so the buyer sees premium at once even when the webhook is late. */
  r.post('/payments/fulfil', requireUser, validate(ZFulfilRequestSchema), async (req, res) => {
    res.json({ status: await payments.fulfil(req.body.sessionId, currentUser(req).id) });
  });

  r.get('/payments/customer-portal', requireUser, async (req, res) => {
    res.json({ url: await payments.portalUrl(currentUser(req)) });
  });

  r.get('/payments/fetch-stripe-subs', requireAdmin, async (_req, res) => {
    res.json(await payments.stripeOverview());
  });

  r.post('/payments/sync-roles', requireAdmin, async (_req, res) => {
    res.json(await payments.syncRoles());
  });

  return r;
}

/** Stripe webhooks: the signature is computed over the raw bytes, so this route gets the body unparsed. */
export function webhookRouter(payments: PaymentsService): Router {
  const r = Router();
  r.post('/payments/webhook', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const sig = req.headers['stripe-signature'];
    res.json(await payments.handleWebhook(body, Array.isArray(sig) ? sig[0] : sig));
  });
  return r;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express, type Router } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { API_CONTRACT, API_PREFIX } from '@polski/contracts';
import { createMetrics } from './lib/metrics';
import { redactRequest } from './lib/redact-url';
import { contractRouter } from './middleware/contract-router';
import { corsForOrigin } from './middleware/cors';
import { captureHeaders, fastLane, requestIdOf } from './middleware/fast-lane';
import { apiNotFound, errorHandler } from './middleware/error-handler';
import { serveWebApp } from './middleware/web-app';
import { authenticate } from './modules/auth/auth.middleware';
import type { TModule } from './module';
import type { TBaseDeps, TServices } from './services';

/** Everything the app needs from outside; tests build their own. */
export interface TAppDeps extends TBaseDeps {
  services: TServices;
  /** The product's modules (health, account, content, payments, ...): see modules.ts. */
  modules?: TModule[];
  /** Extra routers mounted under /api after the product's own (tests of the shell itself). */
  routers?: Router[];
}

/**
 * The app as the HTTP server calls it: the fast lane first (answers that are already bytes), then Express. Also
 * a plain function, so supertest and http.createServer take it as it is.
 */
export type TApp = ((req: IncomingMessage, res: ServerResponse) => void) & {
  /** The Express application behind the fast lane (its router stack lists every route: see app.routes.spec). */
  express: Express;
};

export function createApp(deps: TAppDeps): TApp {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  // a hop count or addresses (config/env.ts refuses `true` in production: any client could pick its address)
  if (config.trustProxy !== false) app.set('trust proxy', config.trustProxy);

  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // the YouTube IFrame Player API of a video story, loaded only when the learner asks for the video
        // (docs/content.md, "Video Stories: scenes and illustrations"); its player runs in a youtube-nocookie frame
        scriptSrc: ["'self'", 'https://www.youtube.com'],
        // the toast library injects its stylesheet at run time; no inline scripts anywhere
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://i.ytimg.com'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        frameSrc: ['https://www.youtube-nocookie.com'],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: config.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });

  const metrics = createMetrics(config.METRICS_TOKEN);
  app.use(metrics.middleware);
  // exactly /metrics (case-sensitive, no trailing slash); any other spelling answers 404 below
  const site = contractRouter({
    mountedAt: '',
    clock: deps.clock,
    checkAnswers: config.checkAnswers,
    exact: true,
  });
  site.add(API_CONTRACT.site.metrics, (req, res, next) => void metrics.handler(req, res, next));
  app.use(site.router);

  app.use(
    pinoHttp({
      logger: deps.logger,
      // tokens and handles in the URL, query, params and Referer never reach the log (lib/redact-url.ts)
      serializers: { req: redactRequest },
      genReqId: (req, res) => {
        const id = requestIdOf(req.headers['x-request-id']);
        res.setHeader('X-Request-Id', id);
        return id;
      },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      autoLogging: { ignore: (req) => req.url === '/api/health/live' },
    }),
  );

  app.use(securityHeaders);
  // /METRICS, /metrics/, //metrics, ...: 404 as a refused scrape, logged (a probe), never the metrics nor the web app
  app.use(metrics.refuseOtherSpellings);

  const api = express.Router();
  api.use(corsForOrigin(config.PUBLIC_URL));
  const json = express.json({ limit: config.BODY_LIMIT, strict: true });
  // the Stripe webhook verifies its signature over the raw body: its route parses its own
  const webhookPath = API_CONTRACT.payments.webhook.path.slice(API_PREFIX.length);
  api.use((req, res, next) => (req.path === webhookPath ? next() : json(req, res, next)));
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  const modules = deps.modules ?? [];
  for (const m of modules) for (const r of m.openRouters ?? []) api.use(r.router);
  const { services } = deps;
  api.use(
    authenticate({ db: deps.database.db, tokens: services.tokens, users: services.users, clock: deps.clock }),
  );
  for (const m of modules) for (const r of m.routers ?? []) api.use(r.router);
  for (const r of deps.routers ?? []) api.use(r);
  api.use(apiNotFound);
  app.use(API_PREFIX, api);
  for (const m of modules) for (const r of m.pageRouters ?? []) app.use(r.router);

  serveWebApp(
    app,
    config.webDistDir,
    modules.flatMap((m) => (m.pageData ? [m.pageData] : [])),
  );
  app.use(errorHandler({ checkAnswers: config.checkAnswers }));

  // answers that are already bytes skip Express entirely: its request setup and router cost more than the answer
  // (the lane adds the same headers, log line and metrics itself)
  const fastRoutes = modules.flatMap((m) => m.fastRoutes ?? []);
  const serveFast =
    fastRoutes.length && config.FAST_LANE !== false
      ? fastLane({
          routes: fastRoutes,
          securityHeaders: captureHeaders(securityHeaders),
          logger: deps.logger,
          observe: metrics.observe,
        })
      : () => false;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    if (!serveFast(req, res, () => app(req, res))) app(req, res);
  };
  return Object.assign(handle, { express: app });
}

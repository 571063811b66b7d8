import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Express, type Router } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { API_PREFIX } from '@polski/contracts';
import { createMetrics } from './lib/metrics';
import { corsForOrigin } from './middleware/cors';
import { captureHeaders, fastLane, requestIdOf } from './middleware/fast-lane';
import { apiNotFound, errorHandler } from './middleware/error-handler';
import { serveWebApp } from './middleware/web-app';
import { accountRouter } from './modules/account/account.router';
import { authenticate } from './modules/auth/auth.middleware';
import { devMailApiRouter, devMailPageRouter } from './modules/mail/dev-mail.router';
import { healthRouter } from './modules/health/health.router';
import type { TModule } from './module';
import type { TBaseDeps, TServices } from './services';

export { systemClock, type TClock } from './services';

/** Everything the app needs from outside; tests build their own. */
export interface TAppDeps extends TBaseDeps {
  services: TServices;
  /** Feature modules (content, payments, translation, ...): see modules.ts. */
  modules?: TModule[];
  /** Extra routers mounted under /api after the product's own (tests). */
  routers?: Router[];
}

export function createApp(deps: TAppDeps): Express {
  const { config } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  if (config.TRUST_PROXY) {
    const v = config.TRUST_PROXY;
    app.set('trust proxy', /^\d+$/.test(v) ? Number(v) : v === 'true' ? true : v);
  }

  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  // answers that are already bytes skip Express entirely: its request setup and router cost more than the answer
  // (the lane adds the same headers, log line and metrics itself)
  const fastRoutes = (deps.modules ?? []).flatMap((m) => m.fastRoutes ?? []);
  if (fastRoutes.length && config.FAST_LANE !== false) {
    const serveFast = fastLane({
      routes: fastRoutes,
      securityHeaders: captureHeaders(securityHeaders),
      logger: deps.logger,
      observe: metrics.observe,
    });
    const expressApp = app as unknown as {
      handle: (req: IncomingMessage, res: ServerResponse, next?: unknown) => void;
    };
    const handle = expressApp.handle.bind(app);
    expressApp.handle = (req, res, next) => {
      if (!serveFast(req, res)) handle(req, res, next);
    };
  }
  app.use(metrics.middleware);
  app.get('/metrics', metrics.handler);

  app.use(
    pinoHttp({
      logger: deps.logger,
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

  const api = express.Router();
  api.use(corsForOrigin(config.PUBLIC_URL));
  const json = express.json({ limit: config.BODY_LIMIT, strict: true });
  // the Stripe webhook verifies its signature over the raw body: it parses its own
  api.use((req, res, next) => (req.path === '/payments/webhook' ? next() : json(req, res, next)));
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.use(healthRouter(deps));
  const { services } = deps;
  const db = deps.database.db;
  api.use(authenticate({ db, tokens: services.tokens, users: services.users }));
  api.use(accountRouter({ accounts: services.accounts, tokens: services.tokens, clock: deps.clock }));
  if (config.devMailEnabled) api.use(devMailApiRouter(db));
  for (const m of deps.modules ?? []) for (const r of m.routers ?? []) api.use(r);
  for (const r of deps.routers ?? []) api.use(r);
  api.use(apiNotFound);
  app.use(API_PREFIX, api);
  if (config.devMailEnabled) app.use(devMailPageRouter(db));
  for (const m of deps.modules ?? []) for (const r of m.pageRouters ?? []) app.use(r);

  serveWebApp(
    app,
    config.webDistDir,
    (deps.modules ?? []).flatMap((m) => (m.pageData ? [m.pageData] : [])),
  );
  app.use(errorHandler);
  return app;
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export interface TMetrics {
  registry: Registry;
  middleware: RequestHandler;
  handler: RequestHandler;
  /**
   * Any other spelling of /metrics (another case, a trailing or repeated slash, a sub-path) answers 404 as a refused
   * scrape does, never the metrics nor the web app: the route itself is matched exactly (app.ts).
   */
  refuseOtherSpellings: RequestHandler;
  /** Records a request answered outside Express (the fast lane). */
  observe(method: string, route: string, status: number, seconds: number): void;
}

function routeOf(req: Request): string {
  // the matched route pattern keeps the label set small; unmatched paths (404s, probes) share one label
  const route = (req as Request & { route?: { path?: string } }).route?.path;
  return route ? `${req.baseUrl}${typeof route === 'string' ? route : ''}` : 'unmatched';
}

const LOCAL_ADDRESS =
  /^(::1|127\.|::ffff:127\.|10\.|::ffff:10\.|192\.168\.|::ffff:192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::ffff:172\.(1[6-9]|2\d|3[01])\.)/;
const OTHER_SPELLING = /^\/+metrics(?:\/|$)/i;

const digest = (s: string) => createHash('sha256').update(s).digest();

function notFound(res: Response): void {
  res.status(404).json({ status: 404, code: 'not_found', message: 'Not found' });
}

/**
 * Prometheus metrics (prom-client): process defaults plus a request latency histogram by method, route pattern and
 * status. Served at exactly /metrics to anyone presenting METRICS_TOKEN (required in production: config/env.ts), or,
 * where no token is set (outside production), to loopback and private addresses.
 */
export function createMetrics(token?: string): TMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const middleware: RequestHandler = (req, res, next) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      const labels = { method: req.method, route: routeOf(req), status: String(res.statusCode) };
      end(labels);
      requests.inc(labels);
    });
    next();
  };
  const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
  const handler: RequestHandler = async (req, res) => {
    const allowed = expected
      ? timingSafeEqual(digest(req.headers.authorization ?? ''), expected)
      : LOCAL_ADDRESS.test(req.socket.remoteAddress ?? '');
    if (!allowed) return notFound(res);
    res.setHeader('Content-Type', registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(await registry.metrics());
  };
  const refuseOtherSpellings: RequestHandler = (req, res, next) =>
    OTHER_SPELLING.test(req.path) ? notFound(res) : next();
  // the fast lane's few label sets, resolved once (prom-client hashes the label object on every call otherwise)
  const children = new Map<string, { duration: { observe(v: number): void }; requests: { inc(): void } }>();
  const observe = (method: string, route: string, status: number, seconds: number) => {
    const key = `${method} ${route} ${status}`;
    let child = children.get(key);
    if (!child) {
      const labels = { method, route, status: String(status) };
      child = { duration: duration.labels(labels), requests: requests.labels(labels) };
      children.set(key, child);
    }
    child.duration.observe(seconds);
    child.requests.inc();
  };
  return { registry, middleware, handler, refuseOtherSpellings, observe };
}

import type { Request, RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export interface TMetrics {
  registry: Registry;
  middleware: RequestHandler;
  handler: RequestHandler;
  /** Records a request answered outside Express (the fast lane). */
  observe(method: string, route: string, status: number, seconds: number): void;
}

function routeOf(req: Request): string {
  // the matched route pattern keeps the label set small; unmatched paths (404s, probes) share one label
  const route = (req as Request & { route?: { path?: string } }).route?.path;
  return route ? `${req.baseUrl}${typeof route === 'string' ? route : ''}` : 'unmatched';
}

/**
 * Prometheus metrics (prom-client): process defaults plus a request latency histogram by method, route pattern and
 * status. Served at /metrics to loopback and private addresses, or to anyone presenting METRICS_TOKEN.
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
  const handler: RequestHandler = async (req, res) => {
    const address = req.socket.remoteAddress ?? '';
    const local =
      /^(::1|127\.|::ffff:127\.|10\.|::ffff:10\.|192\.168\.|::ffff:192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::ffff:172\.(1[6-9]|2\d|3[01])\.)/.test(
        address,
      );
    const presented = req.headers.authorization === `Bearer ${token}`;
    if (token ? !presented : !local) {
      res.status(404).json({ status: 404, code: 'not_found', message: 'Not found' });
      return;
    }
    res.setHeader('Content-Type', registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(await registry.metrics());
  };
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
  return { registry, middleware, handler, observe };
}

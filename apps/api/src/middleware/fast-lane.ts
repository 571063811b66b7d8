import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { TLogger } from '../lib/logger';
import { redactUrl } from '../lib/redact-url';

/** A ready answer: JSON bytes serialised once, with everything its headers need. */
export interface TFastAnswer {
  body: Buffer;
  etag: string;
  cacheControl: string;
  vary: string;
  /** The route pattern, as the latency histogram labels Express routes ('/api/content/hubs/:hub'). */
  route: string;
}

/**
 * A module's answer for a request it can serve without Express, or null to let Express handle it (the first
 * request of an item, anything unusual). `url` is the raw request target. A route that needs the database answers
 * with a promise: when it resolves to null or fails, Express handles the request after all (a GET has no body to
 * lose, and Express's own answer, error or not, is the reference), so a fast route only ever serves a success.
 */
export type TFastRoute = (
  url: string,
  authorization: string | undefined,
  headers: IncomingMessage['headers'],
) => TFastAnswer | Promise<TFastAnswer | null> | null;

export interface TFastLaneOptions {
  routes: TFastRoute[];
  /** The security headers the Express stack sets on every answer (captured from the same helmet instance). */
  securityHeaders: [string, string][];
  logger: TLogger;
  observe(method: string, route: string, status: number, seconds: number): void;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** fresh 2.0 (what Express's req.fresh uses) for an answer with a strong ETag and no Last-Modified. */
export function isFresh(headers: IncomingMessage['headers'], etag: string): boolean {
  const noneMatch = headers['if-none-match'];
  // with If-Modified-Since and no Last-Modified, Express never answers 304
  if (!noneMatch || headers['if-modified-since']) return false;
  const cacheControl = headers['cache-control'];
  if (cacheControl && /(?:^|,)\s*?no-cache\s*?(?:,|$)/.test(cacheControl)) return false;
  if (noneMatch.trim() === '*') return true;
  for (const token of noneMatch.split(',')) {
    const t = token.trim();
    if (t === etag || t === `W/${etag}` || `W/${t}` === etag) return true;
  }
  return false;
}

/** The headers a helmet middleware sets, by running it once against a recording response. */
export function captureHeaders(middleware: RequestHandler): [string, string][] {
  const headers = new Map<string, [string, string]>();
  const res = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), [name, String(value)]);
      return res;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader(name: string) {
      return headers.get(name.toLowerCase())?.[1];
    },
  };
  let called = false;
  void middleware({ headers: {}, method: 'GET', url: '/' } as never, res as never, () => {
    called = true;
  });
  if (!called) throw new Error('the security header middleware did not finish synchronously');
  return [...headers.values()];
}

/**
 * Serves answers that are already bytes (public catalogue items, and lessons for a signed-in user whom the user
 * cache knows) before Express sees the request (true: answered; false: hand it to Express), which costs several times the work of the answer itself (see
 * docs/performance.md). What the stack would add is added here: the same security headers, request id, Vary,
 * Cache-Control, ETag with 304 for a matching If-None-Match, HEAD without a body, the latency histogram and the
 * request log line. Only GET and HEAD without an Origin header (CORS stays with Express) are considered, and only
 * exact URLs a module recognises; everything else goes on to Express unchanged.
 */
export function fastLane(
  options: TFastLaneOptions,
): (req: IncomingMessage, res: ServerResponse, express: () => void) => boolean {
  const { routes, logger, observe } = options;
  const security = options.securityHeaders.flat();
  return (req, res, express) => {
    const started = performance.now();
    const method = req.method;
    if ((method !== 'GET' && method !== 'HEAD') || req.headers.origin !== undefined) return false;
    const url = req.url ?? '';
    const authorization = req.headers.authorization;
    let answer: TFastAnswer | Promise<TFastAnswer | null> | null = null;
    try {
      for (const route of routes) {
        answer = route(url, authorization, req.headers);
        if (answer) break;
      }
    } catch (err) {
      // a route that throws (a malformed percent-escape, a bug) must not take the process down with it: Express
      // answers the request as it would without the lane
      logger.warn({ err, url: redactUrl(url) }, 'fast lane route failed; Express answers');
      return false;
    }
    if (!answer) return false;
    if (!(answer instanceof Promise)) {
      send(req, res, answer, started);
      return true;
    }
    answer.then(
      (a) => {
        if (res.headersSent || res.destroyed) return;
        if (a) send(req, res, a, started);
        else express();
      },
      () => {
        if (!res.headersSent && !res.destroyed) express();
      },
    );
    return true;
  };

  function send(req: IncomingMessage, res: ServerResponse, a: TFastAnswer, started: number): void {
    const id = requestIdOf(req.headers['x-request-id']);
    const notModified = isFresh(req.headers, a.etag);
    const status = notModified ? 304 : 200;
    const headers = [
      ...security,
      'X-Request-Id',
      id,
      'Vary',
      a.vary,
      'Cache-Control',
      a.cacheControl,
      'ETag',
      a.etag,
    ];
    if (!notModified)
      headers.push(
        'Content-Type',
        'application/json; charset=utf-8',
        'Content-Length',
        String(a.body.length),
      );
    res.writeHead(status, headers);
    res.end(notModified || req.method === 'HEAD' ? undefined : a.body);
    const seconds = (performance.now() - started) / 1000;
    observe(req.method ?? 'GET', a.route, status, seconds);
    if (logger.isLevelEnabled('info')) {
      logger.info(
        {
          // the logger's request serializer redacts the URL's secrets (lib/redact-url.ts)
          req: { id, method: req.method, url: req.url },
          res: { statusCode: status },
          responseTime: seconds * 1000,
        },
        'request completed',
      );
    }
  }
}

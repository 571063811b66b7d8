/**
 * Secrets that travel in URLs, kept out of every log line (docs/reliability.md, "Security (issue 13)", item 8): the
 * one-time tokens of the confirmation and reset links, the saved-session handles of `get-session/<handle>` and of
 * the checkout return (`/success?userId=<handle>`, `/premium-member?userId=<handle>`), and any token-like query
 * value. A redacted URL keeps its path (but for a secret segment) and the names of its query parameters, so the
 * route stays recognisable in the logs.
 */
export const REDACTED = '[redacted]';

/** Paths whose next segment is a secret (Express matches them in any case and with repeated slashes). */
const SECRET_SEGMENT = [/^(\/+api\/+account\/+get-session\/+)([^/]+)/i];

/** Pages every query value of which is secret (the email links and the checkout return), but for these names. */
const SECRET_QUERY_PAGES = [
  '/confirmemail',
  '/reset-password',
  '/confirm-email-change',
  '/success',
  '/premium-member',
];
const HARMLESS_ON_SECRET_PAGES = new Set(['from', 'canceled']);

/** Query names whose values are secret on any path. */
const SECRET_QUERY_NAME =
  /token|secret|passw|api[-_]?key|apikey|^key$|signature|^sig$|^code$|session|handle|^userid$|^user_id$|auth/i;

function decoded(s: string): string {
  try {
    return decodeURIComponent(s.replace(/\+/g, ' '));
  } catch {
    return s;
  }
}

function redactQuery(query: string, everyValue: boolean): string {
  return query
    .split('&')
    .map((pair) => {
      if (pair === '') return pair;
      const eq = pair.indexOf('=');
      if (eq < 0) return everyValue ? REDACTED : pair;
      const name = pair.slice(0, eq);
      const plain = decoded(name);
      const secret = everyValue
        ? !HARMLESS_ON_SECRET_PAGES.has(plain.toLowerCase())
        : SECRET_QUERY_NAME.test(plain);
      return secret ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/** The path of a URL as the pages above are compared: lower case, one slash, none at the end. */
function pageOf(path: string): string {
  return (
    decoded(path)
      .toLowerCase()
      .replace(/\/{2,}/g, '/')
      .replace(/(.)\/+$/, '$1') || '/'
  );
}

/**
 * The URL (a request target such as `/confirmemail?token=...`, or an absolute URL such as a Referer) with its
 * secrets replaced by `[redacted]`. A fragment is dropped to `#[redacted]` (it never reaches a server on its own).
 */
export function redactUrl(url: string): string {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  let rest = url.slice(origin.length);
  let fragment = '';
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    fragment = `#${REDACTED}`;
    rest = rest.slice(0, hash);
  }
  const q = rest.indexOf('?');
  let path = q >= 0 ? rest.slice(0, q) : rest;
  const query = q >= 0 ? rest.slice(q + 1) : undefined;
  for (const pattern of SECRET_SEGMENT) path = path.replace(pattern, `$1${REDACTED}`);
  const everyValue = SECRET_QUERY_PAGES.includes(pageOf(path));
  return `${origin}${path}${query === undefined ? '' : `?${redactQuery(query, everyValue)}`}${fragment}`;
}

/** Query or params of a request as logged, with the values of secret names (or of a secret page) redacted. */
function redactValues(values: unknown, secretRoute: boolean): unknown {
  if (!values || typeof values !== 'object') return values;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values as Record<string, unknown>)) {
    const secret = secretRoute ? !HARMLESS_ON_SECRET_PAGES.has(k.toLowerCase()) : SECRET_QUERY_NAME.test(k);
    out[k] = secret ? REDACTED : v;
  }
  return out;
}

/** What pino-http logs of a request (pino-std-serializers' shape), as far as redaction needs it. */
interface TLoggedRequest {
  url?: unknown;
  query?: unknown;
  params?: unknown;
  headers?: unknown;
}

/**
 * The request serializer of the access log: URL, parsed query, route params and the Referer header (a page of an
 * emailed link sends its own URL as the Referer of the API calls it makes) redacted. Every line logged through
 * `req.log` (the error handler's too) carries this object.
 */
export function redactRequest<T extends object>(serialized: T): T {
  const req = serialized as TLoggedRequest;
  const url = typeof req.url === 'string' ? req.url : '';
  const path = url.split(/[?#]/)[0];
  const secretRoute = SECRET_QUERY_PAGES.includes(pageOf(path)) || SECRET_SEGMENT.some((p) => p.test(path));
  // the serialized request keeps its prototype (pino-std-serializers hides the raw request there)
  const out = Object.assign(Object.create(Object.getPrototypeOf(serialized)), serialized) as TLoggedRequest;
  if (typeof req.url === 'string') out.url = redactUrl(url);
  if (Object.hasOwn(req, 'query')) out.query = redactValues(req.query, secretRoute);
  if (Object.hasOwn(req, 'params')) out.params = redactValues(req.params, secretRoute);
  if (req.headers && typeof req.headers === 'object') {
    const headers: Record<string, unknown> = { ...req.headers };
    for (const name of ['referer', 'referrer']) {
      const v = headers[name];
      if (typeof v === 'string') headers[name] = redactUrl(v);
    }
    out.headers = headers;
  }
  return out as T;
}

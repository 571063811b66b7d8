import { gzipSync } from 'node:zlib';
import fc from 'fast-check';

/**
 * fast-check generators of hostile HTTP requests for every endpoint of the API. The generators know the routes and
 * their field names (from the routers), so a good share of requests gets past the first check and into the
 * services; the rest is malformed on purpose: wrong types, missing and extra fields, huge strings, unusual unicode,
 * invalid JSON, wrong content types, forged tokens and path tricks.
 */

export interface TFuzzContext {
  /** Authorization header values of real users (member, premium, admin, ...). */
  realAuth: string[];
  /**
   * Authorization header values of real users of their own, for the routes that end sessions (logout, sign out
   * everywhere): those never get the tokens of realAuth, which must keep working for the whole run.
   */
  disposableAuth: string[];
  /** Authorization header values that must be refused: forged, expired, alg none, wrong audience, ... */
  hostileAuth: string[];
  userIds: string[];
  usernames: string[];
  emails: string[];
  /** Saved-session handles issued by save-session. */
  handles: string[];
  hubs: string[];
  lessons: [string, string][];
  podcast: string[];
  /** Media file names from the episodes' audio URLs. */
  podcastFiles: string[];
  blog: string[];
  priceIds: string[];
  /** Signs a webhook payload with the real secret (what only Stripe can do). */
  signWebhook(payload: string): string;
  publicUrl: string;
}

export interface TFuzzRequest {
  /** Route template, for statistics. */
  endpoint: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

interface TEndpoint {
  method: string;
  path: string;
  body?: string[];
  query?: string[];
  webhook?: true;
  /** Ends the session of its token: real tokens come from disposableAuth. */
  endsSessions?: true;
}

/** Every route of the API and the site-root routes, from the routers (account, payments, content, ...). */
export const ENDPOINTS: TEndpoint[] = [
  { method: 'GET', path: '/api/health' },
  { method: 'GET', path: '/api/health/ready' },
  { method: 'GET', path: '/api/health/live' },
  {
    method: 'POST',
    path: '/api/account/register',
    body: ['username', 'email', 'lang', 'password', 'confirmPassword'],
  },
  { method: 'POST', path: '/api/account/login', body: ['usernameOrEmail', 'password'] },
  { method: 'POST', path: '/api/account/confirmemail', body: ['token', 'userid'] },
  { method: 'POST', path: '/api/account/sendemailconfirmationlink', body: [] },
  { method: 'POST', path: '/api/account/forgotpassword', body: ['email'] },
  {
    method: 'POST',
    path: '/api/account/resetpassword',
    body: ['password', 'confirmPassword', 'token', 'userid'],
  },
  { method: 'PUT', path: '/api/account/changelanguage', body: ['newLanguage'] },
  { method: 'GET', path: '/api/account/settings' },
  { method: 'POST', path: '/api/account/save-session', body: [] },
  { method: 'GET', path: '/api/account/get-session/:handle' },
  { method: 'POST', path: '/api/account/logout', body: [], endsSessions: true },
  { method: 'POST', path: '/api/account/logout-everywhere', body: [], endsSessions: true },
  { method: 'GET', path: '/api/payments/user-updated-roles', query: ['cacheBuster'] },
  { method: 'GET', path: '/api/payments/config' },
  { method: 'GET', path: '/api/payments/get-selected-prices', query: ['cacheBuster'] },
  { method: 'GET', path: '/api/payments/get-selected-prices2', query: ['cacheBuster'] },
  { method: 'GET', path: '/api/payments/get-user-location' },
  { method: 'POST', path: '/api/payments/create-checkout-session', body: ['priceId', 'userEmail', 'userId'] },
  {
    method: 'POST',
    path: '/api/payments/create-checkout-session2',
    body: ['priceId', 'userEmail', 'userId'],
  },
  { method: 'POST', path: '/api/payments/fulfil', body: ['sessionId'] },
  { method: 'GET', path: '/api/payments/customer-portal' },
  { method: 'GET', path: '/api/payments/fetch-stripe-subs' },
  { method: 'POST', path: '/api/payments/sync-roles', body: [] },
  { method: 'POST', path: '/api/payments/webhook', webhook: true },
  { method: 'GET', path: '/api/content/hubs' },
  { method: 'GET', path: '/api/content/hubs/:hub' },
  { method: 'GET', path: '/api/content/lessons/:hub/:slug' },
  { method: 'GET', path: '/api/content/media/lessons/:hub/:slug/audio' },
  { method: 'GET', path: '/api/content/media/lessons/:hub/:slug/:file', query: ['exp', 'uid', 'sig'] },
  { method: 'GET', path: '/api/content/media/podcast/:podcast/:file' },
  { method: 'GET', path: '/api/content/progress' },
  { method: 'POST', path: '/api/content/progress', body: ['hub', 'slug'] },
  { method: 'DELETE', path: '/api/content/progress', body: ['hub', 'slug'] },
  { method: 'GET', path: '/api/content/podcast' },
  { method: 'GET', path: '/api/content/podcast/:podcast' },
  { method: 'GET', path: '/api/content/blog' },
  { method: 'GET', path: '/api/content/blog/:blog' },
  {
    method: 'POST',
    path: '/api/Translation/translate',
    body: ['inputText', 'sourceLanguage', 'targetLanguage'],
  },
  {
    method: 'POST',
    path: '/api/Translator/translate',
    body: ['inputText', 'sourceLanguage', 'targetLanguage'],
  },
  { method: 'POST', path: '/api/word-checker/check', body: ['text', 'lang'] },
  { method: 'GET', path: '/api/dictionary/lookup', query: ['word', 'lang'] },
  { method: 'GET', path: '/api/dev/mail' },
  { method: 'GET', path: '/dev/mail' },
  { method: 'GET', path: '/podcast/feed.xml' },
  { method: 'GET', path: '/blog/feed.xml' },
  { method: 'GET', path: '/sitemap.xml' },
  { method: 'GET', path: '/robots.txt' },
  { method: 'GET', path: '/metrics' },
];

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];

// ---- strings ------------------------------------------------------------------------------------------------
/** Characters that break naive code: lone surrogates, bidi controls, zero-width, NUL, combining marks, emoji, ... */
export const SPECIAL_CHARS = [
  '\ud800',
  '\udfff',
  '\udc00\ud800',
  '\u202e',
  '\u202d',
  '\u200f',
  '\u2066',
  '\u200b',
  '\u200c',
  '\u200d',
  '\ufeff',
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\r\n',
  '\t',
  '\u0301\u0301\u0301',
  '\u{1F600}',
  '\u{1F468}\u200d\u{1F469}\u200d\u{1F467}',
  'ł',
  'Ż',
  'ß',
  'İ',
  'ﬀ',
  '\u00a0',
  '\u2028',
  '\uffff',
  '\ufffd',
  'ا',
  'עברית',
  '中文',
  '%',
  '%00',
  '\\',
  '"',
  "'",
  '`',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  "' OR 1=1 --",
  '; DROP TABLE users; --',
  '../',
  '..\\',
  '\u0130',
];

const POLISH = [
  'kot',
  'dziękuję',
  'Dzień dobry',
  'zolw',
  'żółw',
  'krzesło',
  'Warszawa',
  'gżegżółka',
  'psa',
  'szkola',
];

const trickyString: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { arbitrary: fc.constantFrom(...SPECIAL_CHARS), weight: 3 },
      { arbitrary: fc.string({ unit: 'binary', maxLength: 6 }), weight: 2 },
      { arbitrary: fc.string({ maxLength: 8 }), weight: 2 },
      { arbitrary: fc.constantFrom(...POLISH), weight: 2 },
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.join(''));

/** Up to ~200 KB in one string (cheap to generate: one unit repeated). */
const hugeString: fc.Arbitrary<string> = fc
  .tuple(
    fc.constantFrom('a', 'ł', '\u{1F600}', '\u200b', '\u202e', '\ud800', 'kot ', '%', '\\u0000'),
    fc.integer({ min: 1_000, max: 200_000 }),
  )
  .map(([unit, n]) => unit.repeat(Math.ceil(n / unit.length)));

const deepNesting: fc.Arbitrary<unknown> = fc
  .tuple(fc.integer({ min: 50, max: 500 }), fc.boolean())
  .map(([depth, arrays]) => {
    let v: unknown = 'x';
    for (let i = 0; i < depth; i++) v = arrays ? [v] : { a: v };
    return v;
  });

/** Any JSON-able value, biased to the awkward ones. */
export const wildValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: trickyString, weight: 6 },
  {
    arbitrary: fc.constantFrom('', ' ', 'null', 'undefined', 'true', '0', '-1', '1e309', 'NaN', '[]', '{}'),
    weight: 2,
  },
  {
    arbitrary: fc.oneof(fc.integer(), fc.constantFrom(0, -0, -1, 2 ** 53, -(2 ** 63), 1e308, 0.1)),
    weight: 2,
  },
  { arbitrary: fc.double({ noNaN: true }), weight: 1 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  { arbitrary: fc.array(trickyString, { maxLength: 4 }), weight: 1 },
  {
    arbitrary: fc.constantFrom({ __proto__: { admin: true } }, JSON.parse('{"__proto__":{"isAdmin":true}}'), {
      constructor: { prototype: { x: 1 } },
    }),
    weight: 1,
  },
  { arbitrary: hugeString, weight: 1 },
  { arbitrary: deepNesting, weight: 1 },
);

// ---- field values ---------------------------------------------------------------------------------------------
const hex = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: min, maxLength: max });
const alnum = (min: number, max: number) =>
  fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-'),
    minLength: min,
    maxLength: max,
  });
const languages = fc.oneof(
  { arbitrary: fc.constantFrom('pl', 'en'), weight: 4 },
  { arbitrary: fc.constantFrom('de', 'uk', 'es', 'zh', 'xx', 'EN', 'en-US', 'pl-PL', ''), weight: 2 },
);

/** Plausible values per field name, so requests reach past validation into the services. */
function plausible(field: string, ctx: TFuzzContext): fc.Arbitrary<unknown> {
  const pick = <T>(xs: T[], fallback: fc.Arbitrary<T>) =>
    xs.length ? fc.oneof(fc.constantFrom(...xs), fallback) : fallback;
  switch (field) {
    case 'username':
      return pick(
        ctx.usernames,
        alnum(1, 40).map((s) => `fz_${s}`),
      );
    case 'email':
    case 'userEmail':
      return pick(
        ctx.emails,
        fc.oneof(
          fc.emailAddress(),
          alnum(1, 20).map((a) => `fz${a}@example.test`),
        ),
      );
    case 'usernameOrEmail':
      return pick([...ctx.usernames, ...ctx.emails], fc.emailAddress());
    case 'lang':
    case 'newLanguage':
    case 'sourceLanguage':
    case 'targetLanguage':
      return languages;
    case 'password':
    case 'confirmPassword':
      return fc.constantFrom('Kr0wa-na-lace', 'password', 'short', 'Fuzz-Pass-12345', 'x'.repeat(201));
    case 'token':
      return fc.oneof(hex(64, 64), alnum(43, 43), alnum(0, 300));
    case 'userid':
      return pick(ctx.userIds, fc.oneof(fc.uuid(), alnum(0, 70)));
    case 'userId':
      return pick(ctx.handles, alnum(0, 70));
    case 'priceId':
      return fc.oneof(
        fc.constantFrom(...ctx.priceIds, 'price_', 'price_x'.repeat(30)),
        alnum(0, 20).map((s) => `price_${s}`),
      );
    case 'sessionId':
      return fc.oneof(
        alnum(1, 40).map((s) => `cs_test_${s}`),
        alnum(0, 30),
      );
    case 'hub':
      return pick(ctx.hubs, alnum(0, 30));
    case 'slug':
      return pick(
        ctx.lessons.map(([, s]) => s),
        alnum(0, 120),
      );
    case 'inputText':
    case 'text':
    case 'word':
      return fc.oneof(fc.constantFrom(...POLISH), fc.string({ maxLength: 250 }));
    case 'cacheBuster':
      return fc.oneof(fc.nat().map(String), alnum(0, 40));
    default:
      return trickyString;
  }
}

/** A body object: each known field present, missing, plausible or wild; sometimes extra fields. */
function bodyObject(fields: string[], ctx: TFuzzContext): fc.Arbitrary<Record<string, unknown>> {
  const entries = fields.map((f) =>
    fc.oneof(
      { arbitrary: plausible(f, ctx).map((v) => [f, v] as const), weight: 5 },
      { arbitrary: wildValue.map((v) => [f, v] as const), weight: 3 },
      { arbitrary: fc.constant(null), weight: 1 },
    ),
  );
  const extra = fc.dictionary(
    fc.oneof(trickyString, fc.constantFrom('__proto__', 'constructor', 'role', 'roles', 'isAdmin')),
    wildValue,
    { maxKeys: 3 },
  );
  return fc.tuple(fc.tuple(...entries), fc.option(extra, { freq: 4 })).map(([pairs, more]) => {
    const out: Record<string, unknown> = {};
    for (const p of pairs) if (p) out[p[0]] = p[1];
    if (more)
      for (const [k, v] of Object.entries(more))
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    return out;
  });
}

// ---- encodings ------------------------------------------------------------------------------------------------
const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/vnd.api+json',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json;charset=koi8-r',
];
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  '*/*',
  'garbage',
  '',
];

function formEncode(obj: Record<string, unknown>): string {
  return Object.entries(obj)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(safe(k))}=${encodeURIComponent(safe(typeof v === 'string' ? v : (JSON.stringify(v) ?? '')))}`,
    )
    .join('&');
}

/** encodeURIComponent throws on lone surrogates: replace them (the raw-byte cases cover them elsewhere). */
function safe(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/** Percent-encodes the UTF-8 bytes (lone surrogates become U+FFFD); latin1 keeps raw bytes 0x80-0xff in the path. */
function percentEncode(s: string): string {
  return [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9._~-]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

type TBody = { body?: Buffer; headers: Record<string, string> };

function encodings(obj: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<TBody> {
  const json = (o: Record<string, unknown>) => Buffer.from(JSON.stringify(o), 'utf8');
  return fc.oneof(
    {
      arbitrary: fc
        .tuple(obj, fc.constantFrom(...JSON_TYPES.slice(0, 4)))
        .map(([o, t]) => ({ body: json(o), headers: { 'Content-Type': t } })),
      weight: 10,
    },
    {
      arbitrary: fc
        .tuple(obj, fc.constantFrom(...JSON_TYPES.slice(4)))
        .map(([o, t]) => ({ body: json(o), headers: { 'Content-Type': t } })),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(obj, fc.constantFrom(...OTHER_TYPES))
        .map(([o, t]): TBody => ({ body: json(o), headers: t ? { 'Content-Type': t } : {} })),
      weight: 2,
    },
    {
      arbitrary: obj.map((o) => ({
        body: Buffer.from(formEncode(o)),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      })),
      weight: 2,
    },
    {
      // invalid JSON: truncated, trailing garbage, single quotes, a BOM, bare words
      arbitrary: fc
        .tuple(obj, fc.constantFrom('truncate', 'trailing', 'quotes', 'bom', 'bare', 'comment'))
        .map(([o, how]) => {
          const s = JSON.stringify(o);
          const broken =
            how === 'truncate'
              ? s.slice(0, Math.max(1, s.length - 2))
              : how === 'trailing'
                ? `${s},}`
                : how === 'quotes'
                  ? s.replace(/"/g, "'")
                  : how === 'bom'
                    ? `\ufeff${s}`
                    : how === 'bare'
                      ? 'NaN'
                      : `${s} // comment`;
          return { body: Buffer.from(broken, 'utf8'), headers: { 'Content-Type': 'application/json' } };
        }),
      weight: 3,
    },
    {
      // raw bytes: invalid UTF-8 inside a JSON string, or noise
      arbitrary: fc.tuple(fc.uint8Array({ maxLength: 64 }), fc.boolean()).map(([bytes, quoted]) => ({
        body: quoted
          ? Buffer.concat([
              Buffer.from('{"text":"'),
              Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
              Buffer.from(bytes),
              Buffer.from('"}'),
            ])
          : Buffer.from(bytes),
        headers: { 'Content-Type': 'application/json' },
      })),
      weight: 2,
    },
    {
      // nesting far deeper than JSON.stringify can produce, written as text
      arbitrary: fc
        .tuple(fc.integer({ min: 1_000, max: 49_000 }), fc.constantFrom('[]', '{}'))
        .map(([n, kind]): TBody => ({
          body: Buffer.from(
            kind === '[]' ? `${'['.repeat(n)}${']'.repeat(n)}` : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`,
          ),
          headers: { 'Content-Type': 'application/json' },
        })),
      weight: 1,
    },
    {
      arbitrary: fc.constantFrom<TBody>(
        { headers: {} },
        { headers: { 'Content-Type': 'application/json' } },
        { body: Buffer.alloc(0), headers: { 'Content-Type': 'application/json' } },
      ),
      weight: 2,
    },
    {
      // compressed bodies: valid gzip of JSON, or garbage announced as gzip / deflate / br / an unknown coding
      arbitrary: fc
        .tuple(obj, fc.constantFrom('gzip-ok', 'gzip', 'deflate', 'br', 'zstd', 'x-unknown'))
        .map(([o, enc]) => ({
          body: enc === 'gzip-ok' ? gzipSync(json(o)) : json(o),
          headers: {
            'Content-Type': 'application/json',
            'Content-Encoding': enc === 'gzip-ok' ? 'gzip' : enc,
          },
        })),
      weight: 1,
    },
    {
      arbitrary: hugeString.map((s) => ({
        body: Buffer.from(JSON.stringify({ text: s, inputText: s, password: s })),
        headers: { 'Content-Type': 'application/json' },
      })),
      weight: 1,
    },
  );
}

// ---- paths, queries and headers --------------------------------------------------------------------------------
const PATH_TRICKS = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E%2F%2E%2E%2Fpackage.json',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '%2F',
  '%5C',
  '%00',
  '%00.json',
  '%',
  '%E0%A4%A',
  '%ZZ',
  '%C0%AE%C0%AE',
  '%FF',
  '%252e%252e',
  '~',
  '*',
  '%20',
  '+',
  '...',
  ';',
  'a;b=c',
  ':x',
  '(',
  '[',
  '%0d%0aSet-Cookie:x=1',
  '%ED%A0%80',
  '%EF%BB%BF',
  'con',
  'aux.json',
  '.env',
  '.git%2Fconfig',
  'index.html',
];

const segment = (real: fc.Arbitrary<string> | null): fc.Arbitrary<string> =>
  fc.oneof(
    ...(real ? [{ arbitrary: real.map(percentEncode), weight: 6 }] : []),
    { arbitrary: fc.constantFrom(...PATH_TRICKS), weight: 3 },
    { arbitrary: trickyString.map(percentEncode), weight: 2 },
    // raw bytes 0x80-0xff in the path (latin1 on the wire: not valid UTF-8)
    {
      arbitrary: fc.string({ unit: fc.constantFrom(...'éßöÿ\u0080\u00ad'), minLength: 1, maxLength: 8 }),
      weight: 1,
    },
    { arbitrary: fc.integer({ min: 200, max: 12_000 }).map((n) => 'a'.repeat(n)), weight: 1 },
  );

function fillPath(template: string, ctx: TFuzzContext): fc.Arbitrary<string> {
  const names = [...template.matchAll(/:(\w+)/g)].map((m) => m[1]);
  if (!names.length) return fc.constant(template);
  const lesson = ctx.lessons.length
    ? fc.constantFrom(...ctx.lessons)
    : fc.constant(['x', 'y'] as [string, string]);
  return fc.tuple(lesson, ...names.map((n) => segment(realParam(n, ctx)))).map(([pair, ...values]) => {
    let i = 0;
    return template.replace(/:(\w+)/g, (_m, name: string) => {
      const v = values[i++];
      // keep a real hub/slug pair together most of the time, so premium lessons are reached
      if (name === 'hub' && v === percentEncode(pair[0])) return v;
      if (name === 'slug' && template.includes(':hub') && values[0] === percentEncode(pair[0]))
        return percentEncode(pair[1]);
      return v;
    });
  });
}

function realParam(name: string, ctx: TFuzzContext): fc.Arbitrary<string> | null {
  const from = (xs: string[]) => (xs.length ? fc.constantFrom(...xs) : null);
  switch (name) {
    case 'hub':
      return from(ctx.hubs);
    case 'slug':
      return from(ctx.lessons.map(([, s]) => s));
    case 'handle':
      return from(ctx.handles);
    case 'podcast':
      return from(ctx.podcast);
    case 'blog':
      return from(ctx.blog);
    case 'file':
      return fc.constantFrom(...ctx.podcastFiles, 'missing.mp3');
    default:
      return null;
  }
}

/** Path-level mutations of a real route: double slashes, trailing slash, dot segments, case, a wrong prefix. */
const pathMutation = fc.constantFrom<(p: string) => string>(
  (p) => p,
  (p) => p,
  (p) => p,
  (p) => p,
  (p) => `${p}/`,
  (p) => p.replace('/api/', '//api//'),
  (p) => p.replace('/api/', '/api/./'),
  (p) => p.replace('/api/', '/api/x/../'),
  (p) => p.replace(/[a-z]+/g, (m) => m.toUpperCase()),
  (p) => p.replace(/\//g, '%2F'),
  (p) => p.replace('/api/', '/api%2F'),
  (p) => `${p}%00`,
  (p) => `${p};jsessionid=1`,
  (p) => `${p}#frag`,
);

function queryString(fields: string[], ctx: TFuzzContext): fc.Arbitrary<string> {
  const pair = (k: string) =>
    fc.oneof(
      plausible(k, ctx).map((v) => `${k}=${encodeURIComponent(safe(String(v)))}`),
      trickyString.map((v) => `${k}=${percentEncode(v)}`),
      fc.constantFrom(
        `${k}[]=1&${k}[]=2`,
        `${k}=a&${k}=b`,
        `${k}[x]=1`,
        `${k}=%ZZ`,
        `${k}=%E0%A4%A`,
        k,
        `${k}=`,
        `${encodeURIComponent(k)}=${'w'.repeat(5000)}`,
      ),
    );
  const extra = fc.constantFrom(
    '',
    '',
    '__proto__[x]=1',
    'constructor[prototype][x]=1',
    'a=1&a=2&a=3',
    '%ZZ=1',
    '&&&',
    '=',
  );
  return fc
    .tuple(fc.tuple(...fields.map((f) => fc.option(pair(f), { freq: 4 }))), extra)
    .map(([pairs, more]) => {
      const parts = [...pairs.filter((p): p is string => p !== null), ...(more ? [more] : [])];
      return parts.length ? `?${parts.join('&')}` : '';
    });
}

const ipAddresses = fc.oneof(
  fc.ipV4(),
  fc.ipV6(),
  fc.constantFrom(
    'unknown',
    '999.1.1.1',
    '::ffff:83.0.0.1',
    '1.1.1.1, 2.2.2.2',
    '',
    'x'.repeat(300),
    '127.0.0.1\u0000',
  ),
);
const headerText = fc.string({
  unit: fc.constantFrom(
    ...'abcXYZ019 -_.,;:=/+*"\'\\()<>@?éł'.split('').filter((c) => c.charCodeAt(0) < 256),
  ),
  maxLength: 60,
});

function headersFor(ctx: TFuzzContext): fc.Arbitrary<Record<string, string>> {
  const auth = fc.oneof(
    { arbitrary: fc.constant(null), weight: 4 },
    { arbitrary: ctx.realAuth.length ? fc.constantFrom(...ctx.realAuth) : fc.constant(null), weight: 4 },
    {
      arbitrary: ctx.hostileAuth.length ? fc.constantFrom(...ctx.hostileAuth) : fc.constant(null),
      weight: 3,
    },
    { arbitrary: headerText.map((s) => `Bearer ${s}`), weight: 1 },
  );
  return fc
    .record({
      auth,
      xff: fc.option(ipAddresses, { freq: 2 }),
      requestId: fc.option(fc.oneof(alnum(1, 64), headerText, fc.constant('x'.repeat(500))), { freq: 4 }),
      origin: fc.option(
        fc.constantFrom(
          ctx.publicUrl,
          'https://evil.example',
          'null',
          ctx.publicUrl.replace('http:', 'https:'),
        ),
        { freq: 5 },
      ),
      accept: fc.option(fc.constantFrom('application/json', 'text/html', '*/*', 'image/png', ''), {
        freq: 5,
      }),
      ifNoneMatch: fc.option(fc.oneof(headerText, fc.constant('*')), { freq: 8 }),
      range: fc.option(fc.constantFrom('bytes=0-10', 'bytes=-1', 'bytes=999999999-', 'bytes=x'), {
        freq: 10,
      }),
    })
    .map((h) => {
      const out: Record<string, string> = {};
      if (h.auth !== null) out.Authorization = h.auth;
      if (h.xff !== null) out['X-Forwarded-For'] = h.xff.split('\u0000').join('');
      if (h.requestId !== null) out['X-Request-Id'] = h.requestId;
      if (h.origin !== null) out.Origin = h.origin;
      if (h.accept !== null) out.Accept = h.accept;
      if (h.ifNoneMatch !== null) out['If-None-Match'] = h.ifNoneMatch;
      if (h.range !== null) out.Range = h.range;
      return out;
    });
}

// ---- webhook payloads -----------------------------------------------------------------------------------------
/**
 * Webhook requests: bodies with a missing, forged, stale or malformed Stripe-Signature (every one of which must be
 * refused), and a few correctly signed events of types the API records without acting on (which succeed).
 */
function webhookBody(ctx: TFuzzContext): fc.Arbitrary<TBody> {
  const event = fc.record({
    id: fc.oneof(
      alnum(1, 30).map((s) => `evt_fuzz_${s}`),
      wildValue,
    ),
    object: fc.constant('event'),
    type: fc.oneof(
      fc.constantFrom('product.created', 'customer.created', 'price.updated', 'balance.available'),
      wildValue,
    ),
    created: fc.oneof(fc.integer({ min: 1, max: 2_000_000_000 }), wildValue),
    data: fc.oneof(fc.record({ object: fc.record({ id: alnum(1, 20) }) }), wildValue),
  });
  const payload = fc.oneof(
    { arbitrary: event.map((e) => JSON.stringify(e)), weight: 4 },
    { arbitrary: trickyString, weight: 1 },
    { arbitrary: fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b).toString('latin1')), weight: 1 },
  );
  const signature = (body: string) =>
    fc.oneof(
      { arbitrary: fc.constant(null), weight: 2 },
      { arbitrary: fc.constant(ctx.signWebhook(body)), weight: 2 },
      { arbitrary: hex(64, 64).map((h) => `t=${Math.floor(Date.now() / 1000)},v1=${h}`), weight: 2 },
      { arbitrary: fc.constant(ctx.signWebhook(body).replace(/t=\d+/, 't=1000')), weight: 1 },
      { arbitrary: headerText, weight: 1 },
    );
  return payload.chain((body) =>
    fc.tuple(signature(body), fc.constantFrom('application/json', 'text/plain', '')).map(([sig, type]) => {
      const headers: Record<string, string> = {};
      if (type) headers['Content-Type'] = type;
      if (sig !== null) headers['Stripe-Signature'] = sig;
      return { body: Buffer.from(body, 'utf8'), headers };
    }),
  );
}

// ---- requests ---------------------------------------------------------------------------------------------------
/** A hostile request: any field wild or missing, odd encodings, path mutations, sometimes the wrong method. */
function hostileRequest(e: TEndpoint, ctx: TFuzzContext): fc.Arbitrary<TFuzzRequest> {
  const method = fc.oneof(
    { arbitrary: fc.constant(e.method), weight: 9 },
    { arbitrary: fc.constantFrom(...METHODS), weight: 1 },
  );
  const body: fc.Arbitrary<TBody> = e.webhook
    ? webhookBody(ctx)
    : e.body
      ? encodings(bodyObject(e.body, ctx))
      : fc.oneof(
          { arbitrary: fc.constant<TBody>({ headers: {} }), weight: 3 },
          { arbitrary: encodings(bodyObject([], ctx)), weight: 1 },
        );
  const query = queryString(e.query ?? [], ctx);
  return fc
    .record({
      method,
      path: fillPath(e.path, ctx),
      mutate: fc.oneof(
        { arbitrary: fc.constant((p: string) => p), weight: 3 },
        { arbitrary: pathMutation, weight: 1 },
      ),
      query,
      headers: headersFor(ctx),
      body,
    })
    .map((r) => ({
      endpoint: `${e.method} ${e.path}`,
      method: r.method,
      path: r.mutate(r.path) + r.query,
      headers: { ...r.headers, ...r.body.headers },
      body: r.body.body,
    }));
}

/**
 * A well-formed request with plausible values and mostly real tokens: it gets past validation into the services
 * and the database, where it succeeds or meets a business rule (taken username, premium only, unknown price, ...).
 */
function plausibleRequest(e: TEndpoint, ctx: TFuzzContext): fc.Arbitrary<TFuzzRequest> {
  const fields = e.body ?? [];
  const body = fc
    .tuple(
      fc.tuple(...fields.map((f) => fc.option(plausible(f, ctx), { freq: 12 }))),
      fc.nat(9),
      alnum(6, 16),
    )
    .map(([values, n, fresh]) => {
      const o: Record<string, unknown> = {};
      fields.forEach((f, i) => {
        if (values[i] !== null) o[f] = values[i];
      });
      // a new account half of the time, so registration succeeds too
      if ('username' in o && 'email' in o && n > 4) {
        Object.assign(o, {
          username: `fz_${fresh}`,
          email: `fz_${fresh}@example.test`,
          password: 'Fuzz-Pass-12345',
        });
      }
      if ('confirmPassword' in o && n > 0) o.confirmPassword = o.password;
      // a real hub and one of its lessons, most of the time
      if ('hub' in o && 'slug' in o && n > 2 && ctx.lessons.length)
        [o.hub, o.slug] = ctx.lessons[n % ctx.lessons.length];
      return o;
    });
  const queryFields = e.query ?? [];
  const query = fc
    .tuple(...queryFields.map((f) => fc.option(plausible(f, ctx), { freq: 8 })))
    .map((values) => {
      const pairs = queryFields.flatMap((f, i) =>
        values[i] === null ? [] : [`${f}=${encodeURIComponent(safe(String(values[i])))}`],
      );
      return pairs.length ? `?${pairs.join('&')}` : '';
    });
  const auth = fc.oneof(
    { arbitrary: ctx.realAuth.length ? fc.constantFrom(...ctx.realAuth) : fc.constant(null), weight: 6 },
    { arbitrary: fc.constant(null), weight: 2 },
    {
      arbitrary: ctx.hostileAuth.length ? fc.constantFrom(...ctx.hostileAuth) : fc.constant(null),
      weight: 2,
    },
  );
  const lesson = ctx.lessons.length
    ? fc.constantFrom(...ctx.lessons)
    : fc.constant<[string, string]>(['x', 'y']);
  const params = fc.record({
    lesson,
    handle: ctx.handles.length ? fc.constantFrom(...ctx.handles) : alnum(16, 40),
    podcast: ctx.podcast.length ? fc.constantFrom(...ctx.podcast) : alnum(1, 20),
    blog: ctx.blog.length ? fc.constantFrom(...ctx.blog) : alnum(1, 20),
    file: fc.constantFrom(...ctx.podcastFiles, 'missing.mp3'),
  });
  const payload: fc.Arbitrary<TBody> = e.webhook
    ? webhookBody(ctx)
    : e.body
      ? body.map((o) => ({
          body: Buffer.from(JSON.stringify(o)),
          headers: { 'Content-Type': 'application/json' },
        }))
      : fc.constant<TBody>({ headers: {} });
  return fc.record({ params, query, auth, ip: fc.ipV4(), payload }).map((r) => {
    const path = e.path.replace(/:(\w+)/g, (_m, name: string) => {
      const v =
        name === 'hub'
          ? r.params.lesson[0]
          : name === 'slug'
            ? r.params.lesson[1]
            : String(r.params[name as 'handle']);
      return encodeURIComponent(v);
    });
    const headers: Record<string, string> = { 'X-Forwarded-For': r.ip, ...r.payload.headers };
    if (r.auth !== null) headers.Authorization = r.auth;
    return {
      endpoint: `${e.method} ${e.path}`,
      method: e.method,
      path: path + r.query,
      headers,
      body: r.payload.body,
    };
  });
}

function endpointRequest(e: TEndpoint, context: TFuzzContext): fc.Arbitrary<TFuzzRequest> {
  const ctx = e.endsSessions ? { ...context, realAuth: context.disposableAuth } : context;
  return fc.oneof(
    { arbitrary: plausibleRequest(e, ctx), weight: 2 },
    { arbitrary: hostileRequest(e, ctx), weight: 3 },
  );
}

/** Requests for paths that do not exist, under /api and at the site root. */
function unknownRequest(ctx: TFuzzContext): fc.Arbitrary<TFuzzRequest> {
  return fc
    .record({
      method: fc.constantFrom(...METHODS),
      prefix: fc.constantFrom('/api/', '/', '/api', '//', '/API/', '/api/../', '/%2e%2e/'),
      segments: fc.array(segment(null), { minLength: 0, maxLength: 4 }),
      headers: headersFor(ctx),
      body: fc.oneof(fc.constant<TBody>({ headers: {} }), encodings(bodyObject(['a'], ctx))),
    })
    .map((r) => ({
      endpoint: 'unknown path',
      method: r.method,
      path: r.prefix + r.segments.join('/'),
      headers: { ...r.headers, ...r.body.headers },
      body: r.body.body,
    }));
}

export function fuzzRequest(ctx: TFuzzContext): fc.Arbitrary<TFuzzRequest> {
  return fc.oneof(
    ...ENDPOINTS.map((e) => ({
      arbitrary: endpointRequest(e, ctx),
      weight: e.path.startsWith('/api/') ? 4 : 1,
    })),
    { arbitrary: unknownRequest(ctx), weight: 12 },
  );
}

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { PREMIUM_OFFERS } from '@polski/contracts';
import { workspacePath } from '../lib/paths';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/**
 * Every environment variable the API reads, with its default. Nothing else reads process.env.
 * README.md's configuration table mirrors this schema.
 */
export const ZEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL')
      .optional(),
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().default('.data'),
  WEB_DIST_DIR: optionalString,
  BODY_LIMIT: z.string().default('100kb'),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(15_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** Express `trust proxy`: a hop count or addresses (`true` trusts any X-Forwarded-For: refused in production). */
  TRUST_PROXY: optionalString,
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  JWT_ISSUER: z.string().default('polski-stories'),
  JWT_AUDIENCE: z.string().default('polski-stories-web'),
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
  CONTACT_EMAIL: optionalString.pipe(z.email().optional()),
  MAIL_FROM: optionalString,
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  SMTP_HOST: optionalString,
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_USER: optionalString,
  SMTP_PASSWORD: optionalString,
  SMTP_SECURE: bool.optional(),
  PREMIUM_OFFER: z.enum(PREMIUM_OFFERS).default('one-time'),
  /** The /dev/mail outbox viewer: off unless `true`, never in production (npm start sets it without SMTP). */
  ENABLE_DEV_MAIL: bool.optional(),
  STRIPE_SECRET_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.pipe(
    z
      .string()
      .regex(/^whsec_/, 'must start with whsec_')
      .optional(),
  ),
  /** JSON: { "<plan>": { "<CURRENCY>": "price_..." } } for the active offer; default: looked up by lookup keys. */
  STRIPE_PRICE_IDS: optionalString.pipe(
    z
      .string()
      .transform((v, ctx) => {
        try {
          return z.record(z.string(), z.record(z.string(), z.string().regex(/^price_/))).parse(JSON.parse(v));
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be JSON like {"yearly":{"USD":"price_..."}}' });
          return z.NEVER;
        }
      })
      .optional(),
  ),
  STRIPE_EMULATOR_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  PRICE_CACHE_SECONDS: z.coerce.number().int().min(0).default(600),
  PAST_DUE_GRACE_DAYS: z.coerce.number().int().min(0).max(30).default(3),
  TRUST_CDN_COUNTRY_HEADER: bool.default(false),
  CDN_COUNTRY_HEADER: z.string().default('cf-ipcountry'),
  /** Where rendered audio lives (docs/deploy.md, "Audio"); default <repo>/.data/media. */
  MEDIA_DIR: optionalString,
  /** A CDN or object storage publishing MEDIA_DIR's free files (absolute URL or site path); absent: the API serves them. */
  MEDIA_BASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, 'must be an http(s) URL or a path starting with /')
      .optional(),
  ),
  GOOGLE_TRANSLATE_API_KEY: optionalString,
  GOOGLE_TRANSLATE_ENDPOINT: optionalString,
  DEEPL_AUTH_KEY: optionalString,
  DEEPL_SERVER_URL: optionalString.pipe(z.url().optional()),
  TRANSLATION_TIMEOUT_MS: z.coerce.number().int().min(100).default(8000),
  TRANSLATION_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  TRANSLATION_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  WORD_CHECK_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  WORD_CHECK_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  WORD_CHECKER_PRELOAD: bool.optional(),
  DICTIONARY_DATA_DIR: optionalString,
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'must be at least 16 characters').optional()),
  FAST_LANE: bool.optional(),
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('polski:'),
});

export type TEnv = z.infer<typeof ZEnvSchema>;

export interface TConfig extends TEnv {
  isProduction: boolean;
  jwtSecret: string;
  contactEmail: string;
  mailFrom: string;
  dataDir: string;
  webDistDir: string;
  /** Outbox viewer at /dev/mail: only with ENABLE_DEV_MAIL=true, and never in production. */
  devMailEnabled: boolean;
  /** Express's `trust proxy` setting from TRUST_PROXY: off, a hop count, or addresses (`true`: outside production). */
  trustProxy: boolean | number | string;
  /** Settings that start but deserve a line in the log (server.ts writes them at start). */
  warnings: string[];
  smtpConfigured: boolean;
  /** No Stripe keys: the built-in emulator stands in (never in production). */
  stripeEmulated: boolean;
  /**
   * Every answer is checked against its route's contract and a mismatch becomes a 500 naming it (tests: a route
   * and its contract cannot drift apart unnoticed). Off outside tests: the contract's tests guard it there.
   */
  checkAnswers: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
}

const TRUST_PROXY_TRUE_RISK =
  'trusts every X-Forwarded-For hop, so any client chooses the address that rate limits, the login ' +
  'slow-down and GeoIP see; set the number of proxies in front (1 behind one nginx) or their addresses';

/** TRUST_PROXY as Express's `trust proxy` takes it: unset or `false` off, a number of hops, `true`, or addresses. */
function trustProxySetting(value: string | undefined): boolean | number | string {
  if (value === undefined || /^false$/i.test(value)) return false;
  if (/^true$/i.test(value)) return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Parses the environment once at start; lists every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnvSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === 'production';
  const problems: string[] = [];
  const warnings: string[] = [];
  const trustProxy = trustProxySetting(e.TRUST_PROXY);
  if (trustProxy === true && !isProduction) warnings.push(`TRUST_PROXY=true ${TRUST_PROXY_TRUE_RISK}`);
  const smtpConfigured = Boolean(e.SMTP_URL || e.SMTP_HOST);
  if (isProduction) {
    if (!e.DATABASE_URL)
      problems.push('DATABASE_URL: required in production (the embedded database is for development)');
    if (!e.JWT_SECRET) problems.push('JWT_SECRET: required in production (at least 32 random characters)');
    if (!smtpConfigured)
      problems.push('SMTP_URL or SMTP_HOST: required in production (the outbox viewer is for development)');
    if (e.ENABLE_DEV_MAIL)
      problems.push(
        'ENABLE_DEV_MAIL: must not be enabled in production (the outbox viewer shows every email)',
      );
    if (!e.STRIPE_SECRET_KEY)
      problems.push('STRIPE_SECRET_KEY: required in production (the Stripe emulator is for development)');
    if (!e.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required in production');
    if (new URL(e.PUBLIC_URL).hostname === 'localhost')
      problems.push('PUBLIC_URL: must be the public address in production');
    if (!e.METRICS_TOKEN)
      problems.push(
        'METRICS_TOKEN: required in production (the bearer token of GET /metrics, 16+ characters)',
      );
    if (trustProxy === true)
      problems.push(`TRUST_PROXY: \`true\` is refused in production: it ${TRUST_PROXY_TRUE_RISK}`);
  }
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both or neither');
  }
  if (problems.length) throw new ConfigError(problems);
  const dataDir = resolve(e.DATA_DIR);
  const host = new URL(e.PUBLIC_URL).hostname;
  const domain =
    host === 'localhost' || /^[\d.]+$/.test(host) ? 'polskistories.com' : host.replace(/^www\./, '');
  const contactEmail = e.CONTACT_EMAIL ?? `contact@${domain}`;
  return {
    ...e,
    isProduction,
    jwtSecret: e.JWT_SECRET ?? developmentSecret(dataDir, 'jwt'),
    contactEmail,
    mailFrom: e.MAIL_FROM ?? `Polski Stories <no-reply@${domain}>`,
    dataDir,
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : workspacePath('dist', 'apps', 'web'),
    devMailEnabled: !isProduction && e.ENABLE_DEV_MAIL === true,
    trustProxy,
    warnings,
    smtpConfigured,
    stripeEmulated: !e.STRIPE_SECRET_KEY,
    checkAnswers: e.NODE_ENV === 'test',
  };
}

/**
 * Outside production a missing secret is generated once and kept in DATA_DIR/secrets.json (never in the repo), so
 * sessions survive restarts of a local instance.
 */
function developmentSecret(dataDir: string, name: string): string {
  const file = join(dataDir, 'secrets.json');
  let secrets: Record<string, string> = {};
  if (existsSync(file)) {
    try {
      secrets = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      secrets = {};
    }
  }
  if (!secrets[name]) {
    secrets[name] = randomBytes(48).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets[name];
}

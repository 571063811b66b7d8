import type { TConfig } from './config/env';
import type { TClock } from './lib/clock';
import type { TDatabase } from './lib/db';
import type { TLogger } from './lib/logger';
import { AccountService } from './modules/account/account.service';
import { bcryptHasher, type TPasswordHasher } from './modules/auth/passwords';
import { createTokenService, type TTokenService } from './modules/auth/tokens';
import { UserCache } from './modules/auth/user-cache';
import { MailWorker, smtpTransport, type TMailTransport } from './modules/mail/mail-worker';
import { PostgresRateLimiter, type TRateLimiter } from './modules/rate-limit/rate-limiter';
import { RedisRateLimiter } from './modules/rate-limit/redis-rate-limiter';

export interface TBaseDeps {
  config: TConfig;
  database: TDatabase;
  logger: TLogger;
  clock: TClock;
}

/** The application's services, built once from configuration; tests pass overrides (a mail transport, ...). */
export interface TServices {
  tokens: TTokenService;
  hasher: TPasswordHasher;
  /** Shared counters: Redis when REDIS_URL is set (PostgreSQL while it is unreachable), else PostgreSQL. */
  limiter: TRateLimiter;
  accounts: AccountService;
  /** Signed-in users between requests; holds entries only once started (startBackground). */
  users: UserCache;
  /** Absent where no mail server is configured: emails then stay in the outbox (see /dev/mail). */
  mailWorker?: MailWorker;
}

export interface TServiceOverrides {
  mailTransport?: TMailTransport;
  hasher?: TPasswordHasher;
  /** How the user cache applies change notifications (tests hold them back). */
  deliverUserChanges?: (apply: () => void) => void;
}

export function createServices(base: TBaseDeps, overrides: TServiceOverrides = {}): TServices {
  const { config, database, logger, clock } = base;
  const db = database.db;
  const now = () => clock.now();
  const tokens = createTokenService({
    secret: config.jwtSecret,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    now,
  });
  const hasher = overrides.hasher ?? bcryptHasher(config.BCRYPT_COST);
  const counters = new PostgresRateLimiter(db, now);
  const limiter = config.REDIS_URL
    ? new RedisRateLimiter({
        url: config.REDIS_URL,
        prefix: `${config.REDIS_KEY_PREFIX}rl:`,
        fallback: counters,
        logger,
        now,
      })
    : counters;
  const transport = overrides.mailTransport ?? (config.smtpConfigured ? smtpTransport(config) : undefined);
  const mailWorker = transport
    ? new MailWorker({ db, transport, from: config.mailFrom, logger, now })
    : undefined;
  const users = new UserCache({ db, logger, listenUrl: database.url, deliver: overrides.deliverUserChanges });
  // every write to the users' tables, by any service, holds those users out of the cache until it is announced
  database.userWrites.on((ids) => {
    for (const id of ids) users.changing(id);
  });
  const accounts = new AccountService({
    db,
    tokens,
    hasher,
    limiter,
    clock,
    publicUrl: config.PUBLIC_URL,
    contactEmail: config.contactEmail,
    onEmailQueued: () => mailWorker?.kick(),
  });
  return { tokens, hasher, limiter, accounts, users, mailWorker };
}

/**
 * Background work that runs with the server (the mail worker, the user cache's change listener); started after
 * listen, stopped before close.
 */
export function startBackground(services: TServices): () => Promise<void> {
  services.mailWorker?.start();
  void services.users.start();
  return async () => {
    await services.mailWorker?.stop();
    await services.users.stop();
    await services.limiter.close?.();
  };
}

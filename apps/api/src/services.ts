import type { TConfig } from './config/env';
import type { TClock } from './lib/clock';
import type { TDatabase } from './lib/db';
import type { TLogger } from './lib/logger';
import { AccountService } from './modules/account/account.service';
import { bcryptHasher, bcryptSlots, boundedHasher, type TPasswordHasher } from './modules/auth/passwords';
import { createTokenService, type TTokenService } from './modules/auth/tokens';
import { UserCache } from './modules/auth/user-cache';
import { backfillUsernameSkeletons } from './modules/auth/usernames';
import { MailWorker, smtpTransport, type TMailTransport } from './modules/mail/mail-worker';
import { PostgresRateLimiter, RateLimitSweeper, type TRateLimiter } from './modules/rate-limit/rate-limiter';
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
  /** Deletes ended rate-limit windows now and then (started with the server). */
  rateLimitSweeper: RateLimitSweeper;
  /** Fills the username skeletons of accounts made before them (run once at start, in the background). */
  backfillUsernames: () => Promise<void>;
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
  // a bounded number of bcrypt computations at once, with a slot kept for logins (docs/deploy.md)
  const hasher = boundedHasher(overrides.hasher ?? bcryptHasher(config.BCRYPT_COST), {
    slots: bcryptSlots(),
    reservedForLogin: 1,
  });
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
    registerPerAddress: config.REGISTER_RATE_LIMIT,
    logger,
  });
  const rateLimitSweeper = new RateLimitSweeper({
    limiter,
    onError: (err) => logger.warn({ err }, 'rate limits: sweeping ended windows failed'),
  });
  const backfillUsernames = async () => {
    try {
      const filled = await backfillUsernameSkeletons(db, logger);
      if (filled) logger.info({ filled }, 'usernames: skeletons filled for accounts made before them');
    } catch (err) {
      logger.warn({ err }, 'usernames: filling skeletons failed; the next start tries again');
    }
  };
  return { tokens, hasher, limiter, accounts, users, mailWorker, rateLimitSweeper, backfillUsernames };
}

/**
 * Background work that runs with the server (the mail worker, the user cache's change listener, the rate-limit
 * sweep, the username skeletons of older accounts); started after listen, stopped before close, after the work
 * begun after answers (reset links) has finished.
 */
export function startBackground(services: TServices): () => Promise<void> {
  services.mailWorker?.start();
  void services.users.start();
  services.rateLimitSweeper.start();
  const backfill = services.backfillUsernames();
  return async () => {
    await services.rateLimitSweeper.stop();
    await backfill;
    await services.accounts.idle();
    await services.mailWorker?.stop();
    await services.users.stop();
    await services.limiter.close?.();
  };
}

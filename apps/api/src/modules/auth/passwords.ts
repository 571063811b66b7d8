import bcrypt from 'bcrypt';
import { dictionary } from '@zxcvbn-ts/language-common';

/** The most common passwords (zxcvbn-ts list, ranked by frequency); any of these is refused at sign-up and reset. */
const COMMON = new Set((dictionary.passwords as string[]).slice(0, 20_000).map((p) => p.toLowerCase()));

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Please choose a less predictable one.';

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}

export interface TPasswordHasher {
  /** A new password's hash (registration, reset). */
  hash(password: string): Promise<string>;
  /** A login's check. */
  verify(password: string, hash: string): Promise<boolean>;
}

export function bcryptHasher(cost: number): TPasswordHasher {
  // a real hash of a random string, so unknown accounts cost the same time as known ones
  const dummy = bcrypt.hashSync(`dummy-${Math.random()}`, cost);
  return {
    hash: (password) => bcrypt.hash(password, cost),
    async verify(password, hash) {
      return bcrypt.compare(password, hash || dummy);
    },
  };
}

/**
 * How many bcrypt computations one process runs at once. bcrypt runs on libuv's thread pool (UV_THREADPOOL_SIZE,
 * 4 by default), which file reads, DNS look-ups and compression share: one thread is left to them.
 */
export function bcryptSlots(env: NodeJS.ProcessEnv = process.env): number {
  const pool = Number.parseInt(env.UV_THREADPOOL_SIZE ?? '', 10);
  return Math.max(2, (Number.isFinite(pool) && pool > 0 ? pool : 4) - 1);
}

export interface TBoundedHasherOptions {
  /** bcrypt computations at once in this process (bcryptSlots()). */
  slots: number;
  /** Slots only logins may take: registrations and resets never hold them, so a login always finds one soon. */
  reservedForLogin?: number;
}

/**
 * Bounds the bcrypt work of one process (docs/deploy.md, "Password hashing"). Logins (verify) may take any slot;
 * registrations and resets (hash) only the unreserved ones. Waiting work is queued in arrival order, and a freed
 * slot goes to a waiting login first. A flood of sign-ups or resets therefore queues behind its own slots while
 * logins keep theirs.
 */
export function boundedHasher(
  inner: TPasswordHasher,
  opts: TBoundedHasherOptions,
): TPasswordHasher & {
  /** Work running and waiting now (tests, metrics). */
  stats(): { running: number; waitingLogins: number; waitingOthers: number };
} {
  const slots = Math.max(1, opts.slots);
  const reserved = Math.min(Math.max(0, opts.reservedForLogin ?? 1), slots - 1);
  let running = 0;
  let runningOthers = 0;
  const logins: (() => void)[] = [];
  const others: (() => void)[] = [];

  const next = () => {
    while (running < slots) {
      if (logins.length) {
        running += 1;
        logins.shift()!();
      } else if (others.length && runningOthers < slots - reserved) {
        running += 1;
        runningOthers += 1;
        others.shift()!();
      } else return;
    }
  };
  const run = async <T>(login: boolean, work: () => Promise<T>): Promise<T> => {
    await new Promise<void>((start) => {
      (login ? logins : others).push(start);
      next();
    });
    try {
      return await work();
    } finally {
      running -= 1;
      if (!login) runningOthers -= 1;
      next();
    }
  };

  return {
    hash: (password) => run(false, () => inner.hash(password)),
    verify: (password, hash) => run(true, () => inner.verify(password, hash)),
    stats: () => ({ running, waitingLogins: logins.length, waitingOthers: others.length }),
  };
}

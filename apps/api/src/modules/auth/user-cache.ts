import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TDb } from '../../lib/db';
import type { TLogger } from '../../lib/logger';
import {
  findAuthUser,
  findAuthUserAndSession,
  findSession,
  type TAuthUser,
  type TSessionState,
} from './user-record';

/** The channel the database triggers of migration 20261122190000_user_change_notify announce changes on. */
export const USER_CHANGED_CHANNEL = 'polski_user_changed';

export interface TUserCacheOptions {
  db: TDb;
  logger: TLogger;
  /**
   * PostgreSQL to LISTEN on. Without it the cache never holds anything and every read goes to the database.
   */
  listenUrl?: string;
  /** Upper bound on how long an entry is trusted even without a notification (ms). */
  ttlMs?: number;
  maxEntries?: number;
  /** First reconnect delay of the listener (ms); doubles up to 30 s. */
  reconnectMs?: number;
  /**
   * Applies each change notification (default: at once). Tests pass one that can hold them back, to show that this
   * process's own writes never depend on their notification arriving in time.
   */
  deliver?: (apply: () => void) => void;
}

interface TEntry {
  user: TAuthUser;
  /** `${hub}/${slug}` of the lessons the user completed, once read. */
  completed?: Set<string>;
  /** The user's sessions asked about so far, by id (null: no such session of this user). */
  sessions?: Map<string, TSessionState | null>;
  storedAt: number;
}

/** Sessions remembered per user; past this the user's list starts again (a user signs in on a few devices). */
export const SESSIONS_KEPT_PER_USER = 16;

/**
 * What an API process knows about signed-in users between requests: the auth row (roles, token version, premium
 * fields, Stripe customer), the states of the sessions the user's requests came with (ended or not, sign-in time)
 * and the set of completed lessons, so a signed-in read needs no database round trip.
 *
 * It is a cache of the database, never a source: an entry is stored only while this process LISTENs on
 * `polski_user_changed`, where triggers announce every committed change to users, user_roles, payment_customers,
 * lesson_progress and sessions by any process (or by hand in psql). A notification evicts the user; losing the listening
 * connection empties the cache and stops storing until LISTEN is back; entries also expire after `ttlMs`. A load
 * that overlaps an eviction of the same user (or the whole cache) is returned but not stored, so a change that lands
 * during the load is never masked. (Evictions of other users do not matter: with a single counter for all users, a
 * load under write traffic, which waits for a pooled connection, almost always overlapped somebody's eviction, and
 * after the first expiry nothing was stored again: premium lessons fell from ~550 to ~120 req/s in the mixed load.)
 * Mutating requests do not read from it (auth.middleware), so a write always sees the user as committed, and this
 * process's own writes hold the user out of the cache from before the write until its notification (`changing`,
 * called for every write to those tables by the database client itself: lib/user-writes.ts).
 */
export class UserCache {
  private readonly entries = new Map<string, TEntry>();
  /** Bumped when the whole cache is cleared. */
  private generation = 0;
  /** Users being read from the database, with how many reads and how many evictions of the user since. */
  private readonly loading = new Map<string, { reads: number; evictions: number }>();
  private listening = false;
  private stopped = true;
  private client?: pg.Client;
  private retryTimer?: NodeJS.Timeout;
  private readonly barriers = new Map<string, () => void>();
  /** Users this process is writing: nothing of them is cached until the database announces the commit. */
  private readonly pending = new Map<string, number>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly firstDelay: number;
  private delay: number;

  constructor(private readonly opts: TUserCacheOptions) {
    this.ttlMs = opts.ttlMs ?? 60_000;
    this.maxEntries = opts.maxEntries ?? 20_000;
    this.firstDelay = opts.reconnectMs ?? 1000;
    this.delay = this.firstDelay;
  }

  /** True while entries may be stored (the listener is subscribed). */
  get active(): boolean {
    return this.listening;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached user, without touching the database (undefined: not cached). */
  peekUser(id: string): TAuthUser | undefined {
    return this.fresh(id)?.user;
  }

  /**
   * The cached state of one of the user's sessions, without touching the database (undefined: not cached; null:
   * no such session of this user).
   */
  peekSession(id: string, sessionId: string): TSessionState | null | undefined {
    return this.fresh(id)?.sessions?.get(sessionId);
  }

  /**
   * The user and one of their sessions, from the cache or the database: one statement for both when the user is
   * not cached, one for the session when only it is new (null: no such user).
   */
  async userAndSession(
    id: string,
    sessionId: string,
  ): Promise<{ user: TAuthUser; session: TSessionState | null } | null> {
    const entry = this.fresh(id);
    if (entry) {
      const known = entry.sessions?.get(sessionId);
      if (known !== undefined) return { user: entry.user, session: known };
      const { value: session, storable } = await this.read(id, () =>
        findSession(this.opts.db, id, sessionId),
      );
      // only alongside the user row it was read with, so both halves of an entry are equally fresh
      if (storable && this.entries.get(id) === entry) remember(entry, sessionId, session);
      return { user: entry.user, session };
    }
    const { value, storable } = await this.read(id, () =>
      findAuthUserAndSession(this.opts.db, id, sessionId),
    );
    if (value && storable && !this.held(id)) {
      const stored: TEntry = { user: value.user, storedAt: Date.now() };
      remember(stored, sessionId, value.session);
      this.store(id, stored);
    }
    return value;
  }

  /** The cached set of completed lessons (`hub/slug`), without touching the database. */
  peekCompleted(id: string): ReadonlySet<string> | undefined {
    return this.fresh(id)?.completed;
  }

  /** The user from the cache or the database (null: no such user). */
  async user(id: string): Promise<TAuthUser | null> {
    const hit = this.peekUser(id);
    if (hit) return hit;
    const { value: user, storable } = await this.read(id, () => findAuthUser(this.opts.db, id));
    if (user && storable && !this.held(id)) this.store(id, { user, storedAt: Date.now() });
    return user;
  }

  /** The lessons the user completed (`hub/slug`), from the cache or the database. */
  async completed(id: string): Promise<ReadonlySet<string>> {
    const entry = this.fresh(id);
    if (entry?.completed) return entry.completed;
    const { value: rows, storable } = await this.read(id, () =>
      this.opts.db.lessonProgress.findMany({
        where: { userId: id },
        select: { hub: true, slug: true },
      }),
    );
    const completed = new Set(rows.map((r) => `${r.hub}/${r.slug}`));
    // only alongside the user row it was read with, so both halves of an entry are equally fresh
    if (entry && storable && this.entries.get(id) === entry) entry.completed = completed;
    return completed;
  }

  /** Forgets one user (other processes' writes arrive here through the trigger's notification). */
  invalidate(id: string): void {
    this.entries.delete(id);
    const reading = this.loading.get(id);
    if (reading) reading.evictions++;
  }

  /**
   * This process is about to write (or is writing) what the cache holds of a user: forget the user now, and cache
   * nothing of them until the database announces a committed change for them, so neither the next request nor a
   * concurrent one can see the state from before the write. A write that rolls back announces nothing: the hold
   * ends after `holdMs`.
   */
  changing(id: string, holdMs = 5000): void {
    this.invalidate(id);
    const now = Date.now();
    // holds of writes that rolled back (no notification) end by time; drop them before the map can grow
    if (this.pending.size >= this.maxEntries) {
      for (const [key, until] of this.pending) if (until <= now) this.pending.delete(key);
    }
    this.pending.set(id, now + holdMs);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  /**
   * Resolves once every change committed before the call has reached this cache: it sends its own notification
   * and waits for it, and PostgreSQL delivers notifications in commit order. (Tests and diagnostics.)
   */
  async sync(timeoutMs = 5000): Promise<void> {
    const client = this.client;
    if (!client || !this.listening) return;
    const token = `sync:${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const seen = new Promise<void>((resolve, reject) => {
      this.barriers.set(token, resolve);
      timer = setTimeout(
        () => reject(new Error('user cache: no notification within the time limit')),
        timeoutMs,
      );
    });
    try {
      await client.query('SELECT pg_notify($1, $2)', [USER_CHANGED_CHANNEL, token]);
      await seen;
    } finally {
      clearTimeout(timer);
      this.barriers.delete(token);
    }
  }

  /** Subscribes to the change channel (no-op without listenUrl). Resolves once subscribed or failed once. */
  async start(): Promise<void> {
    if (!this.opts.listenUrl || !this.stopped) return;
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    this.lost();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private held(id: string): boolean {
    const until = this.pending.get(id);
    if (until === undefined) return false;
    if (Date.now() < until) return true;
    this.pending.delete(id);
    return false;
  }

  private fresh(id: string): TEntry | undefined {
    if (!this.listening || this.held(id)) return undefined;
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(id);
      return undefined;
    }
    return entry;
  }

  /**
   * Reads something of one user from the database; `storable` says whether it may be cached: the listener was up
   * throughout, and neither the user nor the whole cache was evicted while it was read.
   */
  private async read<T>(id: string, load: () => Promise<T>): Promise<{ value: T; storable: boolean }> {
    const generation = this.generation;
    let reading = this.loading.get(id);
    if (!reading) this.loading.set(id, (reading = { reads: 0, evictions: 0 }));
    reading.reads++;
    const evictions = reading.evictions;
    try {
      const value = await load();
      const storable = this.listening && generation === this.generation && reading.evictions === evictions;
      return { value, storable };
    } finally {
      if (--reading.reads === 0) this.loading.delete(id);
    }
  }

  private store(id: string, entry: TEntry): void {
    if (this.entries.size >= this.maxEntries) {
      // Map keeps insertion order: drop the oldest
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(id, entry);
  }

  private lost(): void {
    this.listening = false;
    this.clear();
  }

  private async connect(): Promise<void> {
    if (this.stopped || !this.opts.listenUrl) return;
    const client = new pg.Client({
      connectionString: this.opts.listenUrl,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
      application_name: 'polski-user-cache',
    });
    this.client = client;
    let failed = false;
    const onDown = (err?: Error) => {
      if (failed) return;
      failed = true;
      if (this.client === client) this.client = undefined;
      const was = this.listening;
      this.lost();
      client.end().catch(() => undefined);
      if (this.stopped) return;
      if (was) this.opts.logger.warn({ err }, 'user cache: lost the change listener; caching paused');
      this.retryTimer = setTimeout(() => void this.connect(), this.delay);
      this.retryTimer.unref();
      this.delay = Math.min(this.delay * 2, 30_000);
    };
    client.on('error', onDown);
    client.on('end', () => onDown());
    const deliver = this.opts.deliver ?? ((apply: () => void) => apply());
    client.on('notification', (n) => {
      if (n.channel !== USER_CHANGED_CHANNEL) return;
      deliver(() => {
        if (n.payload?.startsWith('sync:')) this.barriers.get(n.payload)?.();
        else if (n.payload) {
          this.invalidate(n.payload);
          this.pending.delete(n.payload);
        } else this.clear();
      });
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${USER_CHANGED_CHANNEL}`);
      if (failed || this.stopped) return;
      // anything cached before (there is nothing while not listening) could have missed notifications
      this.clear();
      this.listening = true;
      this.delay = this.firstDelay;
      this.opts.logger.debug('user cache: listening for changes');
    } catch (err) {
      onDown(err as Error);
    }
  }
}

function remember(entry: TEntry, sessionId: string, session: TSessionState | null): void {
  if (!entry.sessions || entry.sessions.size >= SESSIONS_KEPT_PER_USER) entry.sessions = new Map();
  entry.sessions.set(sessionId, session);
}

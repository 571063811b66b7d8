import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';
import { migrate } from './migrate';
import { workspacePath } from './paths';
import { UserWrites, watchUserWrites } from './user-writes';

/** The client every part of the API uses: Prisma's, announcing writes to the users' tables (user-writes.ts). */
export type TDb = PrismaClient;
export { PrismaClient };

export interface TDatabase {
  db: TDb;
  /** Told before every write to users, roles, customers or progress, with the users it changes. */
  userWrites: UserWrites;
  /** The connection string the client uses (embedded: a loopback URL of the PGlite socket server). */
  url: string;
  embedded: boolean;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface TDatabaseOptions {
  /** PostgreSQL connection string; when absent, an embedded PostgreSQL (PGlite) under dataDir is used. */
  databaseUrl?: string;
  dataDir: string;
  poolSize: number;
  /** Apply pending migrations before returning (default true). */
  migrate?: boolean;
  /** ms before a query that cannot get a connection fails */
  connectionTimeoutMs?: number;
}

export const MIGRATIONS_DIR = workspacePath('prisma', 'migrations');

/**
 * One `db` for both databases. With DATABASE_URL: a pg pool to PostgreSQL. Without: PGlite (PostgreSQL compiled to
 * WebAssembly) stored in DATA_DIR/pgdata and exposed on a loopback socket by @electric-sql/pglite-socket, so the
 * same pg driver, Prisma adapter and migrations serve both. PGlite is single-connection, so its pool has one
 * connection and statements queue in order.
 */
export async function openDatabase(options: TDatabaseOptions): Promise<TDatabase> {
  let url = options.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let poolSize = options.poolSize;
  if (!url) {
    const embedded = await startEmbeddedPostgres(options.dataDir);
    url = embedded.url;
    stopEmbedded = embedded.stop;
    poolSize = 1;
  }
  if (options.migrate !== false) await migrate(url, MIGRATIONS_DIR);
  const adapter = new PrismaPg({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5000,
    idleTimeoutMillis: 30_000,
  });
  const userWrites = new UserWrites();
  // a query extension changes no method's types, only what runs around each query: the client keeps its type
  const db = watchUserWrites(new PrismaClient({ adapter }), userWrites) as unknown as PrismaClient;
  return {
    db,
    userWrites,
    url,
    embedded: Boolean(stopEmbedded),
    async ping() {
      try {
        await db.$queryRaw`SELECT 1`;
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await db.$disconnect().catch(() => undefined);
      if (stopEmbedded) await stopEmbedded();
    },
  };
}

async function startEmbeddedPostgres(dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const dir = join(dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 1 });
  await server.start();
  const conn = server.getServerConn(); // "127.0.0.1:PORT"
  const port = Number(conn.split(':').pop());
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    async stop() {
      await server.stop().catch(() => undefined);
      await pglite.close().catch(() => undefined);
    },
  };
}

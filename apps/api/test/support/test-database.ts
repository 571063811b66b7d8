import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openDatabase, type TDatabase } from '../../src/lib/db';

/**
 * A fresh, fully migrated database for one test file: a new database on the PostgreSQL server of DATABASE_URL
 * (dropped afterwards), or an embedded PGlite in a temporary folder when DATABASE_URL is not set.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'polski-test-'));
    const database = await openDatabase({ dataDir: dir, poolSize: 1, migrate: options.migrate });
    return {
      ...database,
      async close() {
        await database.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    dataDir: '',
    poolSize: 5,
    migrate: options.migrate,
  });
  return {
    ...database,
    async close() {
      await database.close();
      const c = new Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
      await c.end();
    },
  };
}

import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, type TEmbeddedPostgres } from '../../src/lib/embedded-postgres';
import { workspacePath } from '../../src/lib/paths';

/**
 * The throwaway PostgreSQL server of a test run when DATABASE_URL is not set: one per checkout, in a fixed folder
 * (so a server left by a killed run is found and replaced by the next one), emptied at start and removed at stop.
 * The folder is in the system's temporary directory, named for the checkout: as root the server runs as the
 * `postgres` user, who may not be able to enter the checkout (a clone under root's 0700 home).
 * `npm test` (tools/test.mjs) and the jest global setups of the API and the browser tests start it and export
 * its DATABASE_URL; test-database.ts then gives each test file a database of its own on it.
 */
export const TEST_POSTGRES_DIR = join(
  tmpdir(),
  `polski-test-postgres-${createHash('sha256').update(workspacePath()).digest('hex').slice(0, 12)}`,
);

export function startTestPostgres(): Promise<TEmbeddedPostgres> {
  return startEmbeddedPostgres({
    dir: TEST_POSTGRES_DIR,
    persistent: false,
    inUseAdvice:
      'another test run in this checkout? Wait for it to end (or stop it), or set DATABASE_URL to a PostgreSQL server.',
  });
}

declare global {
  var __POLSKI_TEST_POSTGRES__: TEmbeddedPostgres | undefined;
}

/**
 * For a jest global setup: starts the throwaway server and sets DATABASE_URL (which the test workers inherit),
 * unless DATABASE_URL is already set (CI, `npm test`).
 */
export async function ensureTestDatabaseServer(): Promise<void> {
  if (process.env.DATABASE_URL) return;
  const started = Date.now();
  const server = await startTestPostgres();
  globalThis.__POLSKI_TEST_POSTGRES__ = server;
  process.env.DATABASE_URL = server.url;
  console.log(
    `\nDATABASE_URL is not set: a throwaway PostgreSQL on 127.0.0.1:${server.port} serves these tests ` +
      `(started in ${Date.now() - started} ms, data in ${server.dir})`,
  );
}

/** For a jest global teardown: stops the server ensureTestDatabaseServer started, if it did. */
export async function stopTestDatabaseServer(): Promise<void> {
  const server = globalThis.__POLSKI_TEST_POSTGRES__;
  if (!server) return;
  globalThis.__POLSKI_TEST_POSTGRES__ = undefined;
  delete process.env.DATABASE_URL;
  await server.stop();
}

import { rmSync } from 'node:fs';
import { testPostgresModule } from './global-setup';
import { SERVER_INFO_FILE } from './server-info';

/**
 * Stops the API started by global setup, drops its database, removes its data folder, and stops the throwaway
 * PostgreSQL if any.
 */
export default async function globalTeardown(): Promise<void> {
  try {
    await stopServer();
  } finally {
    await (await testPostgresModule()).stopTestDatabaseServer();
  }
}

async function stopServer(): Promise<void> {
  const server = globalThis.__E2E_SERVER__;
  if (!server) return;
  const { child, info, dropDatabase } = server;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  await dropDatabase();
  rmSync(info.dataDir, { recursive: true, force: true });
  rmSync(SERVER_INFO_FILE, { force: true });
  globalThis.__E2E_SERVER__ = undefined;
}

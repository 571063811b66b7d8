import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Client } from 'pg';

export const ROOT = resolve(__dirname, '../../../..');
export const API_MAIN = join(ROOT, 'dist/apps/api/main.js');
/** How long an API process may take to answer /api/health (E2E_STARTUP_TIMEOUT_MS on a loaded machine). */
const STARTUP_TIMEOUT_MS = Number(process.env.E2E_STARTUP_TIMEOUT_MS) || 60_000;

export interface TApiServer {
  baseUrl: string;
  dataDir: string;
  /** The PostgreSQL database this server uses (its own, on the server of DATABASE_URL). */
  databaseUrl: string;
  stop: () => Promise<void>;
}

/**
 * Starts one more API process from the built bundle (global setup builds it), for a spec that needs the API
 * configured differently from the shared server, e.g. `{ PREMIUM_OFFER: 'subscription' }`: its own port, temp
 * DATA_DIR, PUBLIC_URL (so the Stripe emulator returns to it and delivers its webhooks to it) and database: one of
 * its own on the PostgreSQL server of DATABASE_URL (dropped on stop), so its Stripe emulator and the shared
 * server's never see each other's customers.
 */
export async function startApiServer(extraEnv: Record<string, string> = {}): Promise<TApiServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'polski-web-e2e-extra-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const database = await createDatabase(databaseUrl());
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(36).toString('base64url'),
    // no SMTP server: the tests read their emails in the development outbox (off unless enabled)
    ENABLE_DEV_MAIL: 'true',
    PUBLIC_URL: baseUrl,
    DATABASE_URL: database.url,
    // the specs sign up many accounts from this one address; the sign-up limit has API tests of its own
    REGISTER_RATE_LIMIT: '1000',
    ...extraEnv,
  };
  const logFile = join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, [API_MAIN], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  try {
    await waitForHealth(baseUrl, child, logFile);
  } catch (err) {
    await database.drop();
    throw err;
  }
  return {
    baseUrl,
    dataDir,
    databaseUrl: database.url,
    stop: async () => {
      await stopChild(child);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL server of the run: DATABASE_URL, which global setup sets when the caller did not. */
export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error('DATABASE_URL is not set: the e2e global setup (support/global-setup.ts) sets it');
  return url;
}

/**
 * The database of the shared server global setup started: a fresh one of its own on the server of DATABASE_URL
 * (never DATABASE_URL's own database, which may be a developer's), dropped by global teardown.
 */
export function sharedDatabaseUrl(): string {
  const url = process.env.E2E_DATABASE_URL;
  if (!url)
    throw new Error('E2E_DATABASE_URL is not set: the e2e global setup (support/global-setup.ts) sets it');
  return url;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export async function waitForHealth(baseUrl: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`the API exited with code ${exited} during start; see ${logFile}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok && ((await res.json()) as { status?: string }).status === 'ok') return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the API did not become healthy within ${STARTUP_TIMEOUT_MS} ms; see ${logFile}`);
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** A fresh, empty database on the server of `adminUrl`; the API applies its migrations at start. */
export async function createDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `polski_e2e_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined),
  };
}

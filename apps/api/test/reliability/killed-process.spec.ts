import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { workspacePath } from '../../src/lib/paths';
import { createTestDatabase } from '../support/test-database';
import { TEST_ENV } from '../support/test-app';
import type { TDatabase } from '../../src/lib/db';

/**
 * An API process killed with SIGKILL in the middle of writes (no graceful stop, no finally blocks) loses nothing it
 * confirmed and leaves nothing half-written: every registration answered 201 is in the database with its Member
 * role and its confirmation email queued, and every registration in the database is complete, whether or not its
 * answer got out. The child process uses this file's test database.
 */

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitReady(url: string, child: ChildProcess, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the API exited with ${child.exitCode ?? child.signalCode}`);
    }
    try {
      const r = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(1000) });
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the API did not become ready');
}

describe('an API process killed mid-request', () => {
  let database: TDatabase;
  let child: ChildProcess | undefined;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'polski-kill-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every confirmed write and no partial one', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', workspacePath('apps', 'api', 'src', 'main.ts')], {
      cwd: workspacePath(),
      env: {
        PATH: process.env.PATH,
        ...TEST_ENV,
        NODE_ENV: 'development',
        LOG_LEVEL: 'error',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        WORD_CHECKER_PRELOAD: 'false',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (d) => (stderr += String(d)));
    await waitReady(url, child).catch((e) => {
      throw new Error(`${(e as Error).message}\n${stderr}`);
    });

    const confirmed: string[] = [];
    const attempted: string[] = [];
    // one registration first: what loads on first use (the first queries, bcrypt) is then loaded before the clock
    // below starts, which a cold start on a busy machine could otherwise take most of
    const first = makeRegisterRequest();
    attempted.push(first.email.toLowerCase());
    const warmUp = await fetch(`${url}/api/account/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(first),
      signal: AbortSignal.timeout(30_000),
    });
    expect(warmUp.status).toBe(201);
    confirmed.push(first.email.toLowerCase());
    let stop = false;
    // 16 clients registering as fast as they can until the process dies under them
    const client = async () => {
      while (!stop) {
        const body = makeRegisterRequest();
        attempted.push(body.email.toLowerCase());
        try {
          const r = await fetch(`${url}/api/account/register`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(10_000),
          });
          if (r.status === 201) confirmed.push(body.email.toLowerCase());
          await r.arrayBuffer();
        } catch {
          // the process died: no answer for this one
          return;
        }
      }
    };
    const clients = Array.from({ length: 16 }, client);
    // let writes pile up, then kill without warning while requests are in flight
    await new Promise((r) => setTimeout(r, 1500));
    const before = confirmed.length;
    child.kill('SIGKILL');
    stop = true;
    await Promise.all(clients);
    const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;
    await new Promise<void>((resolve) => (exited(child!) ? resolve() : child!.once('exit', () => resolve())));
    expect(child.signalCode).toBe('SIGKILL');
    expect(before).toBeGreaterThan(5);
    // some requests were in flight at the kill
    expect(attempted.length).toBeGreaterThan(confirmed.length);

    const rows = await database.db.$queryRaw<{ email_key: string; roles: bigint; emails: bigint }[]>`
        SELECT u.email_key,
          (SELECT count(*) FROM user_roles ur WHERE ur.user_id = u.id) AS roles,
          (SELECT count(*) FROM email_outbox o WHERE o."to" = u.email) AS emails
        FROM users u`;
    const stored = new Map(rows.map((r) => [r.email_key, r]));
    // every confirmed registration is there
    for (const email of confirmed) expect(stored.has(email)).toBe(true);
    // and every registration there is whole: its role and its confirmation email, never a user alone
    for (const r of rows) {
      expect({ email: r.email_key, roles: Number(r.roles), emails: Number(r.emails) }).toEqual({
        email: r.email_key,
        roles: 1,
        emails: 1,
      });
    }
    // nothing appeared that no one asked for
    const asked = new Set(attempted);
    for (const r of rows) expect(asked.has(r.email_key)).toBe(true);
  }, 120_000);
});

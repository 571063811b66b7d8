// Shared helpers of the benchmarks (run.mjs, load.mjs, db-outage.mjs): a fresh PostgreSQL database, the production
// bundle started as its own process, seeded users, autocannon runs, resident-memory sampling and machine facts.
import { API_ENV, API_NODE_ARGS } from '../api-process.mjs';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

/* global fetch, AbortSignal, Buffer, URLSearchParams, clearInterval, setInterval */

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const bundle = join(root, 'dist', 'apps', 'api', 'main.js');

/**
 * @param {string} message
 * @returns {never}
 */
export function fail(message) {
  console.error(message);
  process.exit(1);
}

/** `--name value` and `--flag` arguments. */
export function args(defaults) {
  const out = { ...defaults };
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) fail(`unknown argument ${argv[i]}`);
    const key = m[1].replace(/-(\w)/g, (_x, c) => c.toUpperCase());
    if (!(key in defaults)) fail(`unknown option --${m[1]}; options: ${Object.keys(defaults).join(', ')}`);
    if (typeof defaults[key] === 'boolean') {
      const v = m[2] ?? (['true', 'false'].includes(argv[i + 1]) ? argv[++i] : 'true');
      out[key] = v !== 'false';
    } else {
      const v = m[2] ?? argv[++i];
      out[key] = typeof defaults[key] === 'number' ? Number(v) : v;
    }
  }
  return out;
}

export function requireBundle() {
  if (!existsSync(bundle)) fail(`${bundle} is missing: run \`node tools/build-api.mjs\` first`);
}

export function requireDatabaseUrl() {
  const url = process.env.DATABASE_URL;
  if (!url || !/^postgres(ql)?:\/\//.test(url)) {
    fail(
      'DATABASE_URL must point at a PostgreSQL server, e.g. DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres',
    );
  }
  return url;
}

/** A new, empty database on the server of `serverUrl`; the API migrates it at start. */
export async function createDatabase(serverUrl, prefix = 'bench') {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function freePort() {
  const s = createServer();
  await new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (s.address());
  await new Promise((resolve) => s.close(() => resolve(undefined)));
  return port;
}

/**
 * Starts `node dist/apps/api/main.js` as its own process, with the flags and environment it runs with everywhere
 * (tools/api-process.mjs): NODE_ENV=development (production refuses to start without real Stripe and SMTP keys),
 * LOG_LEVEL=warn, the given database and extra environment.
 */
/**
 * @param {{ databaseUrl: string, env?: Record<string, string>, nodeArgs?: string[], label?: string,
 *   bundlePath?: string, logLimit?: number }} options
 */
export async function startApi({
  databaseUrl,
  env = {},
  nodeArgs = [],
  label = 'api',
  bundlePath = bundle,
  // the API's output kept in memory (its last lines): more for a run that reads it (--trace-gc)
  logLimit = 2000,
}) {
  if (!existsSync(bundlePath)) fail(`${bundlePath} is missing: run \`node tools/build-api.mjs\` first`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'polski-bench-'));
  // the product's own flags and environment (tools/api-process.mjs), then the run's: a later V8 flag wins
  const child = spawn(process.execPath, [...API_NODE_ARGS, ...nodeArgs, bundlePath], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      ...API_ENV,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: randomBytes(36).toString('base64url'),
      // settings worth comparing, taken from the environment of the benchmark
      ...Object.fromEntries(
        Object.keys(process.env)
          .filter((k) => /^(BCRYPT_COST|DATABASE_POOL_SIZE|REQUEST_TIMEOUT_MS|MALLOC_\w+)$/.test(k))
          .map((k) => [k, process.env[k]]),
      ),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  const keep = (chunk) => {
    for (const line of String(chunk).split('\n')) if (line.trim()) log.push(line);
    if (log.length > logLimit) log.splice(0, log.length - logLimit);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const exit = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve((exited = { code, signal }))),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited) fail(`${label} exited at start (${JSON.stringify(exited)}):\n${log.slice(-30).join('\n')}`);
    const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline)
      fail(`${label} did not become healthy in 120 s:\n${log.slice(-30).join('\n')}`);
    await sleep(200);
  }
  return {
    url,
    port,
    pid: child.pid,
    log,
    exited: () => exited,
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exit;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare Node http server answering every request with the same bytes and headers, in its own process. */
export async function startBareServer(body, contentType) {
  const port = await freePort();
  const source = `
    const body = Buffer.from(process.env.BODY_B64, 'base64');
    require('node:http').createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'Content-Type': process.env.CONTENT_TYPE, 'Content-Length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1', () => process.send && process.send('ready'));
  `;
  const child = spawn(process.execPath, ['-e', source], {
    env: { PATH: process.env.PATH, BODY_B64: body.toString('base64'), CONTENT_TYPE: contentType },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) =>
        child.exitCode !== null ? resolve(undefined) : child.once('exit', () => resolve(undefined)),
      );
    },
  };
}

/** A stand-in for DeepL's documented REST API (POST /v2/translate), so translations are cacheable in the run. */
export async function startFakeDeepl() {
  let calls = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      calls += 1;
      const params = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const texts = params.getAll('text');
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          translations: texts.map((t) => ({ detected_source_language: 'PL', text: `[en] ${t}` })),
        }),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => calls,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}

/**
 * @param {string} base
 * @param {string} method
 * @param {string} path
 * @param {{ body?: unknown, token?: string, headers?: Record<string, string> }} [options]
 */
export async function api(base, method, path, { body, token, headers = {} } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  let json;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/**
 * Registers a member and a premium member through the API (premium granted in the database: the PremiumMember role
 * and a year of access), and returns their credentials and fresh tokens.
 */
export async function seedUsers(base, databaseUrl) {
  const password = 'Bench-Pass-2026!';
  const id = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
  const users = {};
  for (const kind of ['member', 'premium']) {
    const username = `bench_${kind}_${id}`;
    const email = `${username}@example.test`;
    const r = await api(base, 'POST', '/api/account/register', {
      body: { username, email, lang: 'en', password, confirmPassword: password },
    });
    if (r.status !== 201) fail(`register ${kind}: ${r.status} ${r.text}`);
    users[kind] = { username, email, password };
  }
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query(
    `INSERT INTO user_roles (user_id, role_id)
     SELECT u.id, r.id FROM users u, roles r WHERE u.username = $1 AND r.name = 'PremiumMember'`,
    [users.premium.username],
  );
  await c.query(`UPDATE users SET premium_until = now() + interval '365 days' WHERE username = $1`, [
    users.premium.username,
  ]);
  await c.end();
  for (const kind of Object.keys(users)) {
    const r = await api(base, 'POST', '/api/account/login', {
      body: { usernameOrEmail: users[kind].username, password },
    });
    if (r.status !== 200) fail(`login ${kind}: ${r.status} ${r.text}`);
    users[kind].token = r.json.token;
  }
  return users;
}

/** Samples VmRSS of a process every `everyMs`; `section(label)` starts a named section of the samples. */
export function rssSampler(pid, everyMs = 250) {
  const samples = [];
  let label = 'start';
  const read = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
      const hwm = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
      samples.push({ t: Date.now(), label, rss, hwm });
    } catch {
      // the process is gone
    }
  };
  read();
  const timer = setInterval(read, everyMs);
  return {
    section(next) {
      label = next;
      read();
    },
    stats(of) {
      const xs = samples.filter((s) => !of || s.label === of).map((s) => s.rss);
      if (!xs.length) return null;
      return {
        maxMb: Math.round(Math.max(...xs)),
        meanMb: Math.round(xs.reduce((a, b) => a + b, 0) / xs.length),
      };
    },
    peakMb: () => Math.round(Math.max(0, ...samples.map((s) => s.hwm))),
    stop() {
      read();
      clearInterval(timer);
    },
  };
}

/** CPU time (user + system) a process has used so far, in clock ticks (1/100 s on Linux). */
export function cpuTicks(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** CPU time used so far by every PostgreSQL process on this machine (a local server), in clock ticks. */
export function postgresTicks() {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.split(') ')[1].split(' ');
      sum += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return sum;
}

/** Waits until a process uses under 5 % of a CPU over a second (queued work done), at most `maxMs`. */
export async function waitForQuiet(pid, maxMs = 60_000) {
  const deadline = Date.now() + maxMs;
  for (;;) {
    const before = cpuTicks(pid);
    await sleep(1000);
    if (cpuTicks(pid) - before < 5 || Date.now() > deadline) return;
  }
}

/** One autocannon run; resolves with its result (requests/s, latency percentiles, status counts, errors). */
export function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ timeout: 10, ...options }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

export function summarize(result) {
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]),
  );
  // completed requests over the run's duration; two decimals below 100/s (logins: ~7/s, where rounding to whole
  // requests alone moved the login ratio by up to 7 points)
  const rate = result.requests.total / result.duration;
  return {
    requestsPerSecond: rate >= 100 ? Math.round(rate) : Math.round(rate * 100) / 100,
    total: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  };
}

export function machine() {
  const cpu = cpus();
  return {
    date: new Date().toISOString(),
    nproc: cpu.length,
    cpu: cpu[0]?.model ?? 'unknown',
    memoryGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    // the machine is shared: the load average says how noisy the run was
    loadAverage: loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

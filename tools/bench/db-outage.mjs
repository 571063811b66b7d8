#!/usr/bin/env node
// PostgreSQL stopped and restarted under load: /api/health must answer 503 during the outage, no request may hang
// beyond its timeout, the API must recover by itself, and nothing written before the outage may be lost.
//
//   node tools/build-api.mjs        # once: this script builds nothing itself
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node tools/bench/db-outage.mjs [options]
//
// Options: --before 8 (seconds of load before the stop), --outage 10 (seconds PostgreSQL stays down), --after 12,
//   --connections 32, --cluster "15 main" (the pg_ctlcluster version and name of DATABASE_URL's server), --out <file>.
// It stops THIS MACHINE'S PostgreSQL with `pg_ctlcluster <cluster> stop` (every database on it goes away for the
// outage) and starts it again with `pg_ctlcluster <cluster> start`, also when anything fails or on Ctrl-C. Needs
// root or the postgres user.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  api,
  args,
  cannon,
  createDatabase,
  fail,
  machine,
  requireBundle,
  requireDatabaseUrl,
  seedUsers,
  startApi,
  summarize,
} from './lib.mjs';

/* global fetch, AbortSignal */

const opts = args({ before: 8, outage: 10, after: 12, connections: 32, cluster: '15 main', out: '' });
requireBundle();
const serverUrl = requireDatabaseUrl();
const [version, name] = opts.cluster.split(/\s+/);
const REQUEST_TIMEOUT_MS = 15_000; // the API's default REQUEST_TIMEOUT_MS

function cluster(action) {
  const r = spawnSync('pg_ctlcluster', [version, name, action], { encoding: 'utf8' });
  if (r.status !== 0)
    throw new Error(`pg_ctlcluster ${version} ${name} ${action}: ${r.stderr || r.stdout || r.error}`);
}
function clusterOnline() {
  const r = spawnSync('pg_lsclusters', ['--no-header'], { encoding: 'utf8' });
  return r.stdout.split('\n').some((l) => {
    const f = l.trim().split(/\s+/);
    return f[0] === version && f[1] === name && f[3] === 'online';
  });
}
/** Whatever happens, PostgreSQL is running again when this script ends. */
function ensureStarted() {
  if (!clusterOnline()) {
    console.log(`starting PostgreSQL ${version}/${name} again`);
    spawnSync('pg_ctlcluster', [version, name, 'start'], { stdio: 'inherit' });
  }
}
process.on('exit', ensureStarted);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(signal, () => {
    ensureStarted();
    process.exit(130);
  });
}
process.on('uncaughtException', (e) => {
  console.error(e);
  ensureStarted();
  process.exit(1);
});

if (spawnSync('pg_ctlcluster', ['--help']).error) fail('pg_ctlcluster is not installed');
if (!clusterOnline()) fail(`PostgreSQL cluster ${version}/${name} is not online (pg_lsclusters)`);

const cleanups = [];
const cleanup = async () => {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch((e) => console.error('cleanup:', e.message));
};

async function counts(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const users = (await c.query('SELECT id FROM users ORDER BY id')).rows.map((r) => r.id);
  const progress = Number((await c.query('SELECT count(*) AS n FROM lesson_progress')).rows[0].n);
  const outbox = Number((await c.query('SELECT count(*) AS n FROM email_outbox')).rows[0].n);
  await c.end();
  return { users, progress, outbox };
}

/** Polls `path` every `everyMs` until stopped, recording when, what status (0 = no answer) and how long. */
function prober(base, path, token, everyMs = 250) {
  const records = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t = Date.now();
      let status = 0;
      let error = null;
      try {
        const res = await fetch(`${base}${path}`, {
          headers: token ? { Authorization: `Bearer ${token}` } : {},
          signal: AbortSignal.timeout(60_000),
        });
        status = res.status;
        await res.arrayBuffer();
      } catch (e) {
        const err = /** @type {Error & { cause?: { code?: string } }} */ (e);
        error = err.cause?.code ?? err.name;
      }
      records.push({ t, status, ms: Date.now() - t, error });
      await sleep(Math.max(0, everyMs - (Date.now() - t)));
    }
  })();
  return {
    records,
    async stop() {
      running = false;
      await loop;
    },
  };
}

async function main() {
  const facts = machine();
  const db = await createDatabase(serverUrl, 'outage');
  cleanups.push(() => db.drop());
  const server = await startApi({ databaseUrl: db.url, env: { WORD_CHECKER_PRELOAD: 'false' } });
  cleanups.push(() => server.stop());
  const users = await seedUsers(server.url, db.url);
  const { member } = users;

  // data written before the outage: accounts, progress and their emails, the last of it just before the stop
  const hubs = (await api(server.url, 'GET', '/api/content/hubs')).json;
  const lessons = [];
  for (const h of hubs) {
    for (const l of (await api(server.url, 'GET', `/api/content/hubs/${h.id}`)).json.lessons)
      if (!l.premium) lessons.push(l);
  }
  for (const l of lessons.slice(0, 10)) {
    const r = await api(server.url, 'POST', '/api/content/progress', {
      token: member.token,
      body: { hub: l.hub, slug: l.slug },
    });
    if (r.status !== 200) fail(`progress: ${r.status} ${r.text}`);
  }
  const register = async (i) => {
    const username = `outage_${Date.now().toString(36)}_${i}`;
    const r = await api(server.url, 'POST', '/api/account/register', {
      body: {
        username,
        email: `${username}@example.test`,
        lang: 'en',
        password: 'Outage-Pass-2026!',
        confirmPassword: 'Outage-Pass-2026!',
      },
    });
    return r.status;
  };
  for (let i = 0; i < 10; i++) if ((await register(i)) !== 201) fail('register before the outage failed');

  const total = opts.before + opts.outage + opts.after;
  const free = lessons[0];
  const load = Promise.all([
    cannon({
      url: `${server.url}/api/content/lessons/${free.hub}/${free.slug}`,
      connections: Math.ceil(opts.connections / 2),
      duration: total,
      timeout: 60,
    }),
    cannon({
      url: `${server.url}/api/account/settings`,
      connections: Math.floor(opts.connections / 2),
      duration: total,
      timeout: 60,
      headers: { authorization: `Bearer ${member.token}` },
    }),
  ]);
  const health = prober(server.url, '/api/health');
  const settings = prober(server.url, '/api/account/settings', member.token);
  const started = Date.now();
  console.log(
    `machine: ${facts.nproc} CPUs, node ${facts.node}; load of ${opts.connections} connections for ${total} s`,
  );

  await sleep(opts.before * 1000 - 500);
  // one last write just before the stop
  const lastWrite = await register('last');
  const before = await counts(db.url);
  const tStop = Date.now();
  console.log(
    `${((tStop - started) / 1000).toFixed(1)} s: stopping PostgreSQL (${before.users.length} users, ${before.progress} progress rows, last write ${lastWrite})`,
  );
  cluster('stop');
  const tStopped = Date.now();
  await sleep(opts.outage * 1000);
  const tStart = Date.now();
  console.log(`${((tStart - started) / 1000).toFixed(1)} s: starting PostgreSQL`);
  cluster('start');
  const tStarted = Date.now();
  const results = (await load).map(summarize);
  await health.stop();
  await settings.stop();

  const during = (records) => records.filter((r) => r.t >= tStopped + 200 && r.t + r.ms <= tStart);
  const byStatus = (records) =>
    records.reduce((m, r) => ({ ...m, [r.status || r.error]: (m[r.status || r.error] ?? 0) + 1 }), {});
  const recovered = (records) => {
    const first = records.find((r) => r.t >= tStarted && r.status === 200);
    return first ? Math.round((first.t + first.ms - tStarted) / 100) / 10 : null;
  };
  const slowest = (records) => Math.max(0, ...records.map((r) => r.ms));
  const after = await counts(db.url);
  const lost = before.users.filter((id) => !after.users.includes(id));
  const report = {
    machine: facts,
    options: opts,
    outageSeconds: Math.round((tStart - tStop) / 100) / 10,
    health: {
      duringOutage: byStatus(during(health.records)),
      slowestMs: slowest(health.records),
      recoveredSecondsAfterStart: recovered(health.records),
    },
    settings: {
      duringOutage: byStatus(during(settings.records)),
      slowestMs: slowest(settings.records),
      recoveredSecondsAfterStart: recovered(settings.records),
    },
    load: { freeLesson: results[0], settings: results[1] },
    requestsOverTimeout: [...health.records, ...settings.records].filter((r) => r.ms > REQUEST_TIMEOUT_MS)
      .length,
    data: {
      usersBefore: before.users.length,
      usersAfter: after.users.length,
      usersLost: lost.length,
      progressBefore: before.progress,
      progressAfter: after.progress,
      outboxBefore: before.outbox,
      outboxAfter: after.outbox,
    },
    apiAlive: !server.exited(),
  };
  console.log(JSON.stringify(report, null, 2));
  const healthDuring = report.health.duringOutage;
  const ok =
    Object.keys(healthDuring).length > 0 &&
    Object.keys(healthDuring).every((s) => s === '503') &&
    report.requestsOverTimeout === 0 &&
    report.health.recoveredSecondsAfterStart !== null &&
    report.settings.recoveredSecondsAfterStart !== null &&
    lost.length === 0 &&
    after.progress >= before.progress &&
    report.apiAlive;
  console.log(
    ok
      ? '\nPASS: 503 during the outage, no hang, recovered by itself, nothing lost'
      : '\nFAIL: see the report above',
  );
  if (opts.out) writeFileSync(opts.out, JSON.stringify(report, null, 2));
  if (!ok) process.exitCode = 2;
}

try {
  await main();
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  ensureStarted();
  await cleanup();
}

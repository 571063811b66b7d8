#!/usr/bin/env node
// Issue 17's requests under load, compared in one run with the bare Node server answering the same lesson bytes
// (docs/performance.md, "Learning requests at 64 connections"):
//
//   node tools/build-api.mjs        # once: this script builds nothing itself
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node tools/bench/learning.mjs [options]
//
// Options: --duration 10 (seconds per scenario), --connections 64, --warmup 2, --cards 600 (due cards per learner),
//   --statuses 2000 (word statuses per learner besides the lesson's), --out <file.json>, --only <names>, --keep-db,
//   --cpu-prof <dir> (the API's CPU profile, for Chrome DevTools), --trace-gc (V8's garbage collections in the API
//   during each measured run: how many of each kind, their total and longest pause), --node-args '<flags>' (more
//   flags for the API's node, e.g. '--trace-gc-nvp'), --api-log <file> (what the API printed),
//   (each measured run of the API also prints a `server` line: its event-loop delay and its own count of slow
//   requests, from /metrics),
//   --rate '' (requests per second across all connections, or a list such as 100,200,400: each scenario then runs
//   at each rate with tools/bench/steady.mjs, an open model where request n is due at n / rate and its latency
//   counts from then; without a rate, autocannon's closed model: as fast as the server answers, each connection
//   sending its next request on the answer, which measures a queue at saturation).
// It creates a fresh database, starts the production bundle as run.mjs does (tools/api-process.mjs's flags;
// NODE_ENV=development, LOG_LEVEL=warn; BCRYPT_COST=4 and a high REGISTER_RATE_LIMIT: only to register the learners
// quickly, no scenario here hashes a password), registers one learner per connection through the API, and seeds
// each learner's saved words, due review cards and word statuses in SQL. Then autocannon, each connection being
// one learner (its own token): the bare server, the free lesson for a signed-in reader, that lesson's statuses
// (`GET /api/learning/statuses/lessons/:hub/:slug`), a review answer (`POST /api/learning/reviews/answers`, each
// request answering the learner's next due card, so every answer is a real FSRS update, review log and activity
// row, not a 409), and the bare server again. Ratios use the mean of the two bare runs.
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { steady } from './steady.mjs';
import {
  api,
  args,
  cannon,
  cpuTicks,
  createDatabase,
  fail,
  machine,
  postgresTicks,
  requireBundle,
  requireDatabaseUrl,
  startApi,
  startBareServer,
  summarize,
  waitForQuiet,
} from './lib.mjs';

/* global Buffer */

const opts = args({
  duration: 10,
  connections: 64,
  rate: '',
  warmup: 2,
  cards: 600,
  statuses: 2000,
  out: '',
  only: '',
  keepDb: false,
  cpuProf: '',
  traceGc: false,
  nodeArgs: '',
  apiLog: '',
});
requireBundle();
const serverUrl = requireDatabaseUrl();
const rates = String(opts.rate || '')
  .split(',')
  .filter(Boolean)
  .map(Number);
if (rates.some((r) => !Number.isFinite(r) || r <= 0))
  fail('--rate takes requests per second > 0, or a list: 100,200');
const HUB = 'complete-beginner';
const SLUG = 'complete-beginner-1';
const LESSON = `/api/content/lessons/${HUB}/${SLUG}`;
const STATUSES = `/api/learning/statuses/lessons/${HUB}/${SLUG}`;
const ANSWER = '/api/learning/reviews/answers';

const cleanups = [];
const cleanup = async () => {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch((e) => console.error('cleanup:', e.message));
};
process.once('SIGINT', () => cleanup().then(() => process.exit(130)));

/** Registers and signs in `n` learners, 8 at a time. */
async function registerLearners(base, n) {
  const password = 'Bench-Pass-2026!';
  const run = `${Date.now().toString(36)}`;
  const learners = [];
  for (let i = 0; i < n; i += 8) {
    const batch = Array.from({ length: Math.min(8, n - i) }, (_, k) => i + k);
    learners.push(
      ...(await Promise.all(
        batch.map(async (k) => {
          const username = `bench_learner_${run}_${k}`;
          const email = `${username}@example.test`;
          const r = await api(base, 'POST', '/api/account/register', {
            body: { username, email, lang: 'en', password, confirmPassword: password },
          });
          if (r.status !== 201) fail(`register learner ${k}: ${r.status} ${r.text}`);
          const login = await api(base, 'POST', '/api/account/login', {
            body: { usernameOrEmail: username, password },
          });
          if (login.status !== 200) fail(`login learner ${k}: ${login.status} ${login.text}`);
          return { username, token: login.json.token };
        }),
      )),
    );
  }
  return learners;
}

/**
 * Each learner: `cards` saved words with a review card due yesterday (new, so the first review is meaning recall),
 * the lesson's lemmas as learning or known, and `statuses` more known lemmas. Returns each learner's card ids in the
 * order the queue gives them (earliest due first).
 */
async function seedLearning(databaseUrl, learners, lessonLemmas) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const names = learners.map((l) => l.username);
  await c.query(
    `INSERT INTO saved_words (id, user_id, lemma, pos, form, sentence, translation, hub, slug, paragraph,
                              sentence_index, token, meaning)
     SELECT gen_random_uuid(), u.id, 'bench-' || g, 'subst', 'bench' || g, 'To jest bench' || g || '.',
            'This is bench ' || g || '.', $2, $3, 0, 0, 2, 'bench word ' || g
     FROM users u, generate_series(1, $4::int) g WHERE u.username = ANY($1)`,
    [names, HUB, SLUG, opts.cards],
  );
  await c.query(
    `INSERT INTO review_cards (id, user_id, saved_word_id, due, stability, difficulty, elapsed_days, scheduled_days,
                               learning_steps, reps, lapses, state)
     SELECT gen_random_uuid(), w.user_id, w.id,
            now() - interval '1 day' + (substring(w.lemma from 7)::int * interval '1 millisecond'),
            0, 0, 0, 0, 0, 0, 0, 0
     FROM saved_words w JOIN users u ON u.id = w.user_id WHERE u.username = ANY($1)`,
    [names],
  );
  await c.query(
    `INSERT INTO word_statuses (user_id, lemma, status, stage, updated_at)
     SELECT u.id, l.lemma, CASE WHEN l.n % 2 = 0 THEN 'known' ELSE 'learning' END,
            CASE WHEN l.n % 2 = 0 THEN 0 ELSE 1 + l.n % 4 END, now()
     FROM users u, unnest($2::text[]) WITH ORDINALITY AS l(lemma, n) WHERE u.username = ANY($1)`,
    [names, lessonLemmas],
  );
  await c.query(
    `INSERT INTO word_statuses (user_id, lemma, status, stage, updated_at)
     SELECT u.id, 'bench-known-' || g, 'known', 0, now()
     FROM users u, generate_series(1, $2::int) g WHERE u.username = ANY($1)`,
    [names, opts.statuses],
  );
  await c.query('ANALYZE');
  const rows = (
    await c.query(
      `SELECT u.username, c.id FROM review_cards c JOIN users u ON u.id = c.user_id
       WHERE u.username = ANY($1) ORDER BY u.username, c.due, c.id`,
      [names],
    )
  ).rows;
  await c.end();
  const byUser = new Map(names.map((n) => [n, []]));
  for (const r of rows) byUser.get(r.username).push(r.id);
  return learners.map((l) => byUser.get(l.username));
}

async function main() {
  const facts = machine();
  console.log(
    `machine: ${facts.nproc} CPUs (${facts.cpu}), ${facts.memoryGb} GB, node ${facts.node}, load ${facts.loadAverage.join(' ')}`,
  );
  const db = await createDatabase(serverUrl);
  if (!opts.keepDb) cleanups.push(() => db.drop());
  const server = await startApi({
    databaseUrl: db.url,
    env: { BCRYPT_COST: '4', REGISTER_RATE_LIMIT: '100000' },
    // --cpu-prof <dir>: the API's V8 CPU profile of the whole run, written there when it stops
    nodeArgs: [
      ...(opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProf}`] : []),
      ...(opts.traceGc ? ['--trace-gc'] : []),
      // --node-args '--trace-gc-nvp': any other flags for the API's node
      ...String(opts.nodeArgs || '')
        .split(/\s+/)
        .filter(Boolean),
    ],
    logLimit: opts.traceGc ? 200_000 : undefined,
  });
  cleanups.push(() => server.stop());
  console.log(`api pid ${server.pid} at ${server.url}, database ${db.name}`);

  const learners = await registerLearners(server.url, opts.connections);
  const free = await api(server.url, 'GET', LESSON);
  if (free.status !== 200) fail(`lesson: ${free.status}`);
  const lemmas = [...new Set((free.json.annotations?.lexemes ?? []).map((x) => x.lemma))];
  if (!lemmas.length) fail('the lesson has no annotated lemmas');
  const cards = await seedLearning(db.url, learners, lemmas);
  const check = await api(server.url, 'GET', STATUSES, { token: learners[0].token });
  if (check.status !== 200 || Object.keys(check.json.statuses).length !== lemmas.length)
    fail(`statuses: ${check.status} ${check.text.slice(0, 200)}`);
  const bare = await startBareServer(Buffer.from(free.text), free.headers.get('content-type'));
  cleanups.push(() => bare.stop());
  await waitForQuiet(server.pid);

  // one learner per connection (autocannon keeps a context per connection)
  let nextLearner = 0;
  const learnerOf = (context) => (context.learner ??= nextLearner++ % learners.length);
  const signedGet = (path) => ({
    requests: [
      {
        method: 'GET',
        path,
        setupRequest: (req, context) => ({
          ...req,
          headers: { ...req.headers, authorization: `Bearer ${learners[learnerOf(context)].token}` },
        }),
      },
    ],
  });
  const answers = {
    requests: [
      {
        method: 'POST',
        path: ANSWER,
        setupRequest: (req, context) => {
          const i = learnerOf(context);
          // the learner's next due card; when they are all answered, a 409 (counted as non-2xx)
          const cardId = cards[i].shift() ?? '00000000-0000-4000-8000-000000000000';
          return {
            ...req,
            headers: {
              ...req.headers,
              'content-type': 'application/json',
              authorization: `Bearer ${learners[i].token}`,
            },
            body: JSON.stringify({ cardId, type: 'meaning', rating: 'good', durationMs: 4000 }),
          };
        },
      },
    ],
  };
  // the same requests for the steady (open-model) runs: connection i is learner i
  const answerBody = (i) =>
    JSON.stringify({
      cardId: cards[i].shift() ?? '00000000-0000-4000-8000-000000000000',
      type: 'meaning',
      rating: 'good',
      durationMs: 4000,
    });
  const steadyGet = (path) => (i) => ({ path, headers: { authorization: `Bearer ${learners[i].token}` } });
  const scenarios = [
    { name: 'bare', url: bare.url, request: {}, steady: () => ({ path: '/' }) },
    { name: 'lesson-signed-in', url: server.url, request: signedGet(LESSON), steady: steadyGet(LESSON) },
    { name: 'lesson-statuses', url: server.url, request: signedGet(STATUSES), steady: steadyGet(STATUSES) },
    {
      name: 'review-answer',
      url: server.url,
      request: answers,
      steady: (i) => ({
        method: 'POST',
        path: ANSWER,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${learners[i].token}` },
        body: answerBody(i),
      }),
    },
    { name: 'bare-again', url: bare.url, request: {}, steady: () => ({ path: '/' }) },
  ].filter((s) => !opts.only || opts.only.split(',').includes(s.name));

  // one run: autocannon as fast as the server answers (rate 0), or the steady open model at `rate` per second
  const run = (s, rate, duration) =>
    rate > 0
      ? steady({ url: s.url, connections: opts.connections, rate, duration, request: s.steady })
      : cannon({ url: s.url, connections: opts.connections, duration, ...s.request }).then(summarize);

  const results = {};
  for (const rate of rates.length ? rates : [0]) {
    for (const s of scenarios) {
      await waitForQuiet(server.pid);
      if (opts.warmup > 0) {
        await run(s, rate, opts.warmup);
        await waitForQuiet(server.pid);
      }
      nextLearner = 0;
      const ticks = cpuTicks(server.pid);
      const dbTicks = postgresTicks();
      const selfCpu = process.cpuUsage();
      const started = Date.now();
      const logFrom = server.log.length;
      const api = !s.name.startsWith('bare');
      // the API's own view of the run: reading /metrics resets prom-client's event-loop-delay histogram
      const before = api ? await apiMetrics(server.url) : null;
      const r = await run(s, rate, opts.duration);
      if (opts.traceGc) r.gc = gcPauses(server.log.slice(logFrom));
      if (before) r.server = serverSide(before, await apiMetrics(server.url));
      const seconds = (Date.now() - started) / 1000;
      r.postgresCpuPercent = Math.round((postgresTicks() - dbTicks) / seconds);
      const cpu = process.cpuUsage(selfCpu);
      r.autocannonCpuPercent = Math.round((cpu.user + cpu.system) / 1e4 / seconds);
      r.apiCpuPercent = s.name.startsWith('bare')
        ? null
        : Math.round((cpuTicks(server.pid) - ticks) / seconds);
      const key = rate > 0 ? `${s.name}@${rate}` : s.name;
      results[key] = r;
      console.log(
        `${key.padEnd(22)} ${String(r.requestsPerSecond).padStart(7)} req/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  ` +
          `non-2xx ${r.non2xx}  errors ${r.errors}  timeouts ${r.timeouts}  statuses ${JSON.stringify(r.statuses)}  ` +
          `cpu api ${r.apiCpuPercent ?? '-'} % postgres ${r.postgresCpuPercent} % client ${r.autocannonCpuPercent} %`,
      );
      if (r.gc) console.log(`${''.padEnd(22)} gc ${JSON.stringify(r.gc)}`);
      if (r.server) console.log(`${''.padEnd(22)} server ${JSON.stringify(r.server)}`);
    }
  }
  // ratios against the bare server's saturation runs (without --rate)
  const bareRps = avg([results.bare?.requestsPerSecond, results['bare-again']?.requestsPerSecond]);
  const report = {
    machine: { ...facts, loadAverageAfter: machine().loadAverage },
    options: { ...opts },
    results,
    bareRequestsPerSecond: bareRps,
    answersLeft: cards.reduce((n, c) => n + c.length, 0),
  };
  console.log(`\n${markdown(report)}`);
  if (opts.out) writeFileSync(opts.out, JSON.stringify(report, null, 2));
  // --api-log <file>: what the API printed (its last lines: all of them with --trace-gc)
  if (opts.apiLog) writeFileSync(opts.apiLog, server.log.join('\n') + '\n');
}

function avg(xs) {
  const v = xs.filter((x) => typeof x === 'number');
  return v.length ? Math.round(v.reduce((a, b) => a + b, 0) / v.length) : null;
}

function markdown(r) {
  const pct = (x) => `${Math.round(x * 100)} %`;
  const lines = [
    `| scenario | req/s | vs bare | p50 ms | p99 ms | non-2xx | errors | CPU % API / PG / client | target |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |`,
  ];
  for (const [name, x] of Object.entries(r.results)) {
    const vsBare =
      r.bareRequestsPerSecond && !x.rate ? pct(x.requestsPerSecond / r.bareRequestsPerSecond) : '-';
    const target = name.startsWith('bare') ? '' : `p99 < 25 ms: ${x.p99Ms < 25 ? 'met' : 'not met'}`;
    lines.push(
      `| ${name} | ${x.requestsPerSecond} | ${vsBare} | ${x.p50Ms} | ${x.p99Ms} | ${x.non2xx} | ${x.errors + x.timeouts} | ` +
        `${x.apiCpuPercent ?? '-'} / ${x.postgresCpuPercent} / ${x.autocannonCpuPercent} | ${target} |`,
    );
  }
  lines.push(
    '',
    `${r.options.connections} connections, ${r.options.rate ? `steady rates of ${r.options.rate} requests per second in all (open model)` : 'as fast as the server answers'}; ` +
      `load average before ${r.machine.loadAverage.join(' ')}, after ${r.machine.loadAverageAfter.join(' ')}`,
  );
  return lines.join('\n');
}

try {
  await main();
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  await cleanup();
}

/** The API's Prometheus metrics (open to loopback outside production, lib/metrics.ts), as text. */
async function apiMetrics(url) {
  const res = await globalThis.fetch(`${url}/metrics`);
  if (!res.ok) throw new Error(`GET /metrics: ${res.status}`);
  return res.text();
}

/**
 * What the API saw during a run, from two /metrics readings: the event loop's longest and p99 delay (prom-client's
 * histogram, reset by the first reading) and how many requests its own latency histogram put above 25 and 100 ms
 * (time inside the API, from the first middleware to the response's end). Client latencies far above these mean the
 * time was lost outside the handlers: in the event loop's queue, the kernel or the client.
 */
function serverSide(before, after) {
  const gauge = (text, name) => Number(text.match(new RegExp(`^${name} ([0-9.e+-]+)`, 'm'))?.[1] ?? NaN);
  const buckets = (text) => {
    const out = new Map();
    for (const m of text.matchAll(/^http_request_duration_seconds_bucket\{([^}]*)\} (\d+)/gm)) {
      const le = m[1].match(/le="([^"]+)"/)?.[1];
      // the scrapes themselves are left out
      if (le && !m[1].includes('metrics')) out.set(le, (out.get(le) ?? 0) + Number(m[2]));
    }
    return out;
  };
  const b0 = buckets(before);
  const b1 = buckets(after);
  const count = (le) => (b1.get(le) ?? 0) - (b0.get(le) ?? 0);
  const total = count('+Inf');
  return {
    eventLoopDelayMaxMs: Math.round(gauge(after, 'nodejs_eventloop_lag_max_seconds') * 1e4) / 10,
    eventLoopDelayP99Ms: Math.round(gauge(after, 'nodejs_eventloop_lag_p99_seconds') * 1e4) / 10,
    requests: total,
    over25Ms: total - count('0.025'),
    over100Ms: total - count('0.1'),
  };
}

/**
 * V8's --trace-gc lines of a run ("[pid:0x..]  1234 ms: Scavenge 45.2 (60.1) -> 40.3 (62.1) MB, 3.45 / 0.00 ms ..."):
 * per kind of collection, how many, the total and the longest pause on the main thread (ms).
 */
function gcPauses(lines) {
  const kinds = {};
  for (const line of lines) {
    const m = /ms: ([A-Za-z-]+(?: \(reduce\))?)[^,]*MB, ([\d.]+) \/ ([\d.]+) ms/.exec(line);
    if (!m) continue;
    const k = (kinds[m[1]] ??= { count: 0, totalMs: 0, maxMs: 0 });
    const pause = Number(m[2]);
    k.count += 1;
    k.totalMs = Math.round((k.totalMs + pause) * 10) / 10;
    k.maxMs = Math.max(k.maxMs, pause);
  }
  return kinds;
}

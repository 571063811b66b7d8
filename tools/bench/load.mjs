#!/usr/bin/env node
// Sustained mixed traffic against the production bundle: counts every answer that is not 2xx/3xx (by status) and
// every client error or timeout, with throughput, latency and the API's resident memory.
//
//   node tools/build-api.mjs        # once: this script builds nothing itself
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node tools/bench/load.mjs [options]
//
// Options: --duration 300 (seconds), --connections 200 (shared among the mix below in proportion), --out <file>,
//   --preload false (do not load the spelling dictionary at start), --node-args "<flags>" (for the API process), --keep-db,
//   --redis <url> (rate-limit counters in Redis instead of PostgreSQL).
// Every request of the mix is one the API must answer with 2xx or 3xx: anything else counts as unexpected. The
// per-address and per-user limits (word checker, translator) are raised for the run because all the traffic comes
// from one address and two users; the login slow-down is not involved (logins use the right password).
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import {
  args,
  cannon,
  cpuTicks,
  createDatabase,
  fail,
  machine,
  requireBundle,
  requireDatabaseUrl,
  rssSampler,
  seedUsers,
  startApi,
  startFakeDeepl,
  api,
  summarize,
} from './lib.mjs';

/* global setInterval, clearInterval */

const opts = args({
  duration: 300,
  connections: 200,
  out: '',
  preload: true,
  keepDb: false,
  nodeArgs: '',
  redis: '',
});
requireBundle();
const serverUrl = requireDatabaseUrl();

const cleanups = [];
const cleanup = async () => {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch((e) => console.error('cleanup:', e.message));
};
process.once('SIGINT', () => cleanup().then(() => process.exit(130)));

const get = (token) => ({ method: 'GET', headers: token ? { authorization: `Bearer ${token}` } : {} });
const post = (token, body, method = 'POST') => ({
  method,
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

async function main() {
  const facts = machine();
  const db = await createDatabase(serverUrl, 'load');
  if (!opts.keepDb) cleanups.push(() => db.drop());
  const deepl = await startFakeDeepl();
  cleanups.push(() => deepl.stop());
  const server = await startApi({
    databaseUrl: db.url,
    env: {
      TRANSLATION_RATE_LIMIT: '1000000000',
      WORD_CHECK_RATE_LIMIT: '1000000000',
      DEEPL_AUTH_KEY: 'load-key:fx',
      DEEPL_SERVER_URL: deepl.url,
      WORD_CHECKER_PRELOAD: String(opts.preload),
      // --redis <url>: the rate-limit counters in Redis, under this run's own key prefix
      ...(opts.redis ? { REDIS_URL: opts.redis, REDIS_KEY_PREFIX: `polski-bench-${Date.now()}:` } : {}),
    },
    nodeArgs: opts.nodeArgs.split(/\s+/).filter(Boolean),
  });
  cleanups.push(() => server.stop());
  const users = await seedUsers(server.url, db.url);
  const { member, premium } = users;
  const hubs = (await api(server.url, 'GET', '/api/content/hubs')).json;
  const hub = (await api(server.url, 'GET', `/api/content/hubs/${hubs[0].id}`)).json;
  const freeLessons = [];
  let premiumLesson;
  for (const h of hubs) {
    const list = (await api(server.url, 'GET', `/api/content/hubs/${h.id}`)).json.lessons;
    premiumLesson ??= list.find((l) => l.premium);
    freeLessons.push(...list.filter((l) => !l.premium));
  }
  if (!premiumLesson || freeLessons.length < 2)
    fail('the catalogue needs a premium lesson and two free ones');
  const blog = (await api(server.url, 'GET', '/api/content/blog')).json[0];
  const translation = { inputText: 'Dzień dobry, jak się masz?', sourceLanguage: 'pl', targetLanguage: 'en' };
  await api(server.url, 'POST', '/api/Translator/translate', { token: premium.token, body: translation });
  if (!opts.preload) console.log('the spelling dictionary loads on the first word check (a few seconds)');

  const base = server.url;
  // [name, share of the connections, url, request, timeout seconds]
  /** @type {[string, number, string, Record<string, unknown>, number?][]} */
  const mix = [
    ['free lesson', 30, `${base}/api/content/lessons/${freeLessons[0].hub}/${freeLessons[0].slug}`, get()],
    [
      'another free lesson',
      8,
      `${base}/api/content/lessons/${freeLessons[1].hub}/${freeLessons[1].slug}`,
      get(),
    ],
    ['hubs', 8, `${base}/api/content/hubs`, get()],
    ['hub lessons (signed in)', 6, `${base}/api/content/hubs/${hub.hub.id}`, get(member.token)],
    [
      'premium lesson',
      10,
      `${base}/api/content/lessons/${premiumLesson.hub}/${premiumLesson.slug}`,
      get(premium.token),
    ],
    ['settings', 6, `${base}/api/account/settings`, get(member.token)],
    ['progress', 4, `${base}/api/content/progress`, get(member.token)],
    [
      'mark completed',
      4,
      `${base}/api/content/progress`,
      post(member.token, { hub: freeLessons[0].hub, slug: freeLessons[0].slug }),
    ],
    ['cached translation', 4, `${base}/api/Translator/translate`, post(premium.token, translation)],
    ['word check', 4, `${base}/api/word-checker/check`, post(undefined, { text: 'dziekuje za kota' })],
    ['dictionary lookup', 4, `${base}/api/dictionary/lookup?word=kot&lang=en`, get()],
    ['blog post', 4, `${base}/api/content/blog/${blog.slug}`, get()],
    ['prices', 4, `${base}/api/payments/get-selected-prices2`, get()],
    ['health', 2, `${base}/api/health`, get()],
    [
      'login',
      2,
      `${base}/api/account/login`,
      post(undefined, { usernameOrEmail: member.username, password: member.password }),
      60,
    ],
  ];
  const shares = mix.reduce((n, m) => n + m[1], 0);
  const plan = mix.map(([name, share, url, request, timeout]) => ({
    name,
    connections: Math.max(1, Math.round((share / shares) * opts.connections)),
    url,
    request,
    timeout: timeout ?? 30,
  }));
  const total = plan.reduce((n, p) => n + p.connections, 0);
  console.log(
    `machine: ${facts.nproc} CPUs, ${facts.memoryGb} GB, node ${facts.node}, load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  console.log(`${total} connections for ${opts.duration} s against pid ${server.pid} (${server.url})`);

  const rss = rssSampler(server.pid, 1000);
  const ticks = cpuTicks(server.pid);
  const started = Date.now();
  const progress = setInterval(() => {
    const s = rss.stats();
    console.log(`  ${Math.round((Date.now() - started) / 1000)} s: rss max ${s?.maxMb} MB`);
  }, 30_000);
  const results = await Promise.all(
    plan.map((p) =>
      cannon({
        url: p.url,
        connections: p.connections,
        duration: opts.duration,
        timeout: p.timeout,
        ...p.request,
      }).then((r) => ({ ...p, ...summarize(r) })),
    ),
  );
  clearInterval(progress);
  const seconds = (Date.now() - started) / 1000;
  const apiCpu = Math.round((cpuTicks(server.pid) - ticks) / seconds);
  rss.stop();

  const unexpected = {};
  let requests = 0;
  let errors = 0;
  for (const r of results) {
    requests += r.total;
    errors += r.errors + r.timeouts;
    for (const [status, n] of Object.entries(r.statuses)) {
      if (Number(status) >= 400) unexpected[status] = (unexpected[status] ?? 0) + n;
    }
  }
  const report = {
    machine: { ...facts, loadAfter: loadavg() },
    options: { duration: opts.duration, connections: total, preload: opts.preload, nodeArgs: opts.nodeArgs },
    seconds: Math.round(seconds),
    requests,
    requestsPerSecond: Math.round(requests / seconds),
    unexpectedStatuses: unexpected,
    clientErrorsAndTimeouts: errors,
    apiCpuPercent: apiCpu,
    rss: { ...rss.stats(), peakVmHwmMb: rss.peakMb() },
    scenarios: results.map(({ request: _r, url: _u, ...r }) => r),
  };
  console.log(
    '\n| request | connections | req/s | p50 ms | p99 ms | max ms | non-2xx/3xx | errors+timeouts |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    const bad = Object.entries(r.statuses).filter(([s]) => Number(s) >= 400);
    const badText = bad.length ? bad.map(([s, n]) => `${n}×${s}`).join(' ') : '0';
    console.log(
      `| ${r.name} | ${r.connections} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | ${badText} | ${r.errors + r.timeouts} |`,
    );
  }
  console.log(
    `\n${requests} requests in ${report.seconds} s (${report.requestsPerSecond}/s); unexpected statuses ${JSON.stringify(unexpected)}; ` +
      `client errors and timeouts ${errors}; API CPU ${apiCpu} %; API RSS max ${report.rss.maxMb} MB, mean ${report.rss.meanMb} MB, ` +
      `peak ${report.rss.peakVmHwmMb} MB`,
  );
  if (opts.out) writeFileSync(opts.out, JSON.stringify(report, null, 2));
  if (server.exited()) fail(`the API exited during the run: ${JSON.stringify(server.exited())}`);
  if (errors || Object.keys(unexpected).length) process.exitCode = 2;
}

try {
  await main();
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  await cleanup();
}

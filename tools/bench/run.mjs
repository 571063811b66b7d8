#!/usr/bin/env node
// Benchmarks of the API's hot paths, compared in one run with a bare Node http server answering the same bytes.
//
//   node tools/build-api.mjs        # once: this script builds nothing itself
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node tools/bench/run.mjs [options]
//
// Options: --duration 10 (seconds per scenario), --connections 64, --warmup 2 (seconds), --out <file.json>,
//   --only <comma-separated scenario names>, --cpu-prof <dir> (the API writes a V8 CPU profile there on exit),
//   --preload false (do not load the word checker's spelling dictionary at start: see docs/performance.md),
//   --bundle <main.js> (another build of the API, e.g. of an older commit, for a before/after comparison),
//   --redis <url> (rate-limit counters in Redis instead of PostgreSQL),
//   --node-args "<flags>" (V8/Node flags for the API process, e.g. --max-old-space-size=128), --keep-db (do not drop
//   the run's database).
// It creates a fresh database on the DATABASE_URL server, starts `node dist/apps/api/main.js` (NODE_ENV=development,
// LOG_LEVEL=warn: production refuses to start without real Stripe and SMTP keys), seeds a member and a premium
// member, and measures with autocannon: the bare server, a free lesson, a trivial route (the middleware stack alone),
// a premium lesson with a premium token, the hub list, settings (signed in), login, a cached translation, and the
// bare server again. Raw bcrypt verifications/s at BCRYPT_COST (default 12) on the same machine, right before the
// logins and at the end (the logins are compared with the mean). The API's resident memory (VmRSS) is sampled
// throughout. Figures and targets (issue 7) are printed as a Markdown table; docs/performance.md records them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import bcrypt from 'bcrypt';
import {
  api,
  args,
  cannon,
  cpuTicks,
  postgresTicks,
  createDatabase,
  fail,
  machine,
  requireBundle,
  requireDatabaseUrl,
  rssSampler,
  seedUsers,
  startApi,
  startBareServer,
  startFakeDeepl,
  summarize,
  waitForQuiet,
} from './lib.mjs';

/* global Buffer */

const opts = args({
  duration: 10,
  connections: 64,
  warmup: 2,
  out: '',
  only: '',
  cpuProf: '',
  preload: true,
  keepDb: false,
  nodeArgs: '',
  bundle: '',
  redis: '',
});
requireBundle();
const serverUrl = requireDatabaseUrl();
const cost = Number(process.env.BCRYPT_COST ?? 12);
const FREE = '/api/content/lessons/complete-beginner/complete-beginner-1';
const TRANSLATION = { inputText: 'Dzień dobry, jak się masz?', sourceLanguage: 'pl', targetLanguage: 'en' };

const cleanups = [];
const cleanup = async () => {
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch((e) => console.error('cleanup:', e.message));
};
process.once('SIGINT', () => cleanup().then(() => process.exit(130)));

async function main() {
  const facts = machine();
  console.log(
    `machine: ${facts.nproc} CPUs (${facts.cpu}), ${facts.memoryGb} GB, node ${facts.node}, load ${facts.loadAverage.join(' ')}`,
  );
  const db = await createDatabase(serverUrl);
  if (!opts.keepDb) cleanups.push(() => db.drop());
  const deepl = await startFakeDeepl();
  cleanups.push(() => deepl.stop());
  const profDir = opts.cpuProf ? resolve(opts.cpuProf) : '';
  if (profDir) mkdirSync(profDir, { recursive: true });
  const server = await startApi({
    databaseUrl: db.url,
    ...(opts.bundle ? { bundlePath: resolve(opts.bundle) } : {}),
    env: {
      // the per-user translation limit (60 per 10 minutes) would refuse the benchmark after its first second
      TRANSLATION_RATE_LIMIT: '1000000000',
      DEEPL_AUTH_KEY: 'bench-key:fx',
      DEEPL_SERVER_URL: deepl.url,
      WORD_CHECKER_PRELOAD: String(opts.preload),
      // --redis <url>: the rate-limit counters in Redis, under this run's own key prefix
      ...(opts.redis ? { REDIS_URL: opts.redis, REDIS_KEY_PREFIX: `polski-bench-${Date.now()}:` } : {}),
    },
    nodeArgs: [
      ...opts.nodeArgs.split(/\s+/).filter(Boolean),
      ...(opts.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
    ],
  });
  cleanups.push(() => server.stop());
  const rss = rssSampler(server.pid);
  cleanups.push(async () => rss.stop());
  console.log(`api pid ${server.pid} at ${server.url}, database ${db.name}, bcrypt cost ${cost}`);

  const users = await seedUsers(server.url, db.url);
  const free = await api(server.url, 'GET', FREE);
  if (free.status !== 200) fail(`free lesson: ${free.status}`);
  const premiumPath = await firstPremiumLesson(server.url);
  const premium = await api(server.url, 'GET', premiumPath, { token: users.premium.token });
  if (premium.status !== 200)
    fail(`premium lesson with a premium token: ${premium.status} ${premium.text.slice(0, 200)}`);
  const warm = await api(server.url, 'POST', '/api/Translator/translate', {
    token: users.premium.token,
    body: TRANSLATION,
  });
  if (warm.status !== 200 || warm.json.provider !== 'deepl') fail(`translation: ${warm.status} ${warm.text}`);
  const bare = await startBareServer(Buffer.from(free.text), free.headers.get('content-type'));
  cleanups.push(() => bare.stop());
  // let the start-up work (the spelling dictionary's worker) finish before measuring
  await waitForQuiet(server.pid);

  const json = (token, body) => ({
    method: body ? 'POST' : 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const scenarios = [
    { name: 'bare', url: bare.url, request: json() },
    { name: 'free-lesson', url: server.url + FREE, request: json() },
    // the whole middleware stack around a handler that does nothing: the API's own ceiling
    { name: 'trivial-route', url: `${server.url}/api/payments/config`, request: json() },
    { name: 'premium-lesson', url: server.url + premiumPath, request: json(users.premium.token) },
    { name: 'hubs', url: `${server.url}/api/content/hubs`, request: json() },
    { name: 'settings', url: `${server.url}/api/account/settings`, request: json(users.member.token) },
    {
      name: 'login',
      url: `${server.url}/api/account/login`,
      request: json(undefined, { usernameOrEmail: users.member.username, password: users.member.password }),
      // each login costs one bcrypt verification (~0.25 s at cost 12): 64 waiting connections need a long timeout,
      // and a warm-up would only leave a queue of logins the measured run waits behind. At least 30 s: the logins
      // still being verified when the run stops are not counted (up to one round of 4 verifications, ~0.5 s of
      // the machine's bcrypt work), which weighs 5 % in 10 s and under 2 % in 30 s
      timeout: 60,
      noWarmup: true,
      duration: Math.max(30, opts.duration),
    },
    {
      name: 'cached-translation',
      url: `${server.url}/api/Translator/translate`,
      request: json(users.premium.token, TRANSLATION),
    },
    { name: 'bare-again', url: bare.url, request: json() },
  ].filter((s) => !opts.only || opts.only.split(',').includes(s.name));

  const results = {};
  // raw bcrypt right before the logins and again after all scenarios: the logins are compared with the mean of both,
  // as the API's scenarios are with the bare server's two runs (single measurements varied by 5 % between runs)
  const bcryptRuns = [];
  for (const s of scenarios) {
    // a scenario leaves work queued in the API (logins waiting for bcrypt): let it drain before the next one
    await waitForQuiet(server.pid);
    if (s.name === 'login') bcryptRuns.push(await bcryptRate(cost, Math.max(5, opts.duration)));
    rss.section(`warmup:${s.name}`);
    if (opts.warmup > 0 && !s.noWarmup) {
      await cannon({
        url: s.url,
        connections: opts.connections,
        duration: opts.warmup,
        ...s.request,
        timeout: s.timeout ?? 10,
      });
      await waitForQuiet(server.pid);
    }
    rss.section(s.name);
    const ticks = cpuTicks(server.pid);
    const dbTicks = postgresTicks();
    const selfCpu = process.cpuUsage();
    const started = Date.now();
    const r = summarize(
      await cannon({
        url: s.url,
        connections: opts.connections,
        duration: s.duration ?? opts.duration,
        ...s.request,
        timeout: s.timeout ?? 10,
      }),
    );
    // how busy the API process was: under 100 % while requests wait means it waited on something else
    const seconds = (Date.now() - started) / 1000;
    // where the machine's two CPUs went: the API, PostgreSQL, and this process (autocannon)
    r.postgresCpuPercent = Math.round((postgresTicks() - dbTicks) / seconds);
    const c = process.cpuUsage(selfCpu);
    r.autocannonCpuPercent = Math.round((c.user + c.system) / 1e4 / seconds);
    r.apiCpuPercent = s.name.startsWith('bare')
      ? null
      : Math.round((cpuTicks(server.pid) - ticks) / ((Date.now() - started) / 1000));
    r.rss = s.name.startsWith('bare') ? null : rss.stats(s.name);
    results[s.name] = r;
    console.log(
      `${s.name.padEnd(20)} ${String(r.requestsPerSecond).padStart(7)} req/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  ` +
        `non-2xx ${r.non2xx}  errors ${r.errors}  timeouts ${r.timeouts}` +
        `${r.rss ? `  rss max ${r.rss.maxMb} MB  api cpu ${r.apiCpuPercent} %` : ''}` +
        `  postgres cpu ${r.postgresCpuPercent} %  autocannon cpu ${r.autocannonCpuPercent} %`,
    );
  }
  rss.section('idle');
  await waitForQuiet(server.pid);
  const deeplCalls = deepl.calls();
  const rssPeak = rss.peakMb();
  const rssMax = Math.max(...Object.values(results).map((r) => r.rss?.maxMb ?? 0));
  rss.stop();

  // raw bcrypt on the same machine, after the API has gone quiet: libuv's default pool of 4 threads, as in the API
  bcryptRuns.push(await bcryptRate(cost, Math.max(5, opts.duration)));
  const bcryptPerSecond = bcryptRuns.reduce((a, b) => a + b, 0) / bcryptRuns.length;
  console.log(
    `bcrypt cost ${cost}: ${bcryptPerSecond.toFixed(2)} verifications/s (4 concurrent, as the API's thread pool; ` +
      `runs ${bcryptRuns.map((x) => x.toFixed(2)).join(', ')})`,
  );

  const bareRps = avg([results.bare?.requestsPerSecond, results['bare-again']?.requestsPerSecond]);
  const ratio = (name) => (results[name] && bareRps ? results[name].requestsPerSecond / bareRps : null);
  const report = {
    machine: { ...facts, loadAverageAfter: machine().loadAverage },
    options: {
      duration: opts.duration,
      connections: opts.connections,
      warmup: opts.warmup,
      bcryptCost: cost,
      preload: opts.preload,
      nodeArgs: opts.nodeArgs,
    },
    results,
    bareRequestsPerSecond: bareRps,
    ratios: {
      freeLesson: ratio('free-lesson'),
      premiumLesson: ratio('premium-lesson'),
      hubs: ratio('hubs'),
      settings: ratio('settings'),
      cachedTranslation: ratio('cached-translation'),
      loginVsBcrypt: results.login ? results.login.requestsPerSecond / bcryptPerSecond : null,
    },
    bcryptPerSecond,
    bcryptRuns,
    rss: { maxDuringLoadMb: rssMax, peakVmHwmMb: rssPeak },
    deeplCallsDuringRun: deeplCalls,
  };
  console.log(`\n${markdown(report)}`);
  if (opts.out) writeFileSync(opts.out, JSON.stringify(report, null, 2));
  if (opts.cpuProf) console.log(`CPU profile: written to ${profDir} when the API exits`);
}

async function firstPremiumLesson(base) {
  const hubs = await api(base, 'GET', '/api/content/hubs');
  for (const h of hubs.json) {
    const hub = await api(base, 'GET', `/api/content/hubs/${h.id}`);
    const lesson = hub.json.lessons.find((l) => l.premium);
    if (lesson) return `/api/content/lessons/${lesson.hub}/${lesson.slug}`;
  }
  fail('no premium lesson in the catalogue');
}

async function bcryptRate(rounds, seconds) {
  const hash = await bcrypt.hash('Bench-Pass-2026!', rounds);
  let done = 0;
  const until = Date.now() + seconds * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (Date.now() < until) {
        await bcrypt.compare('Bench-Pass-2026!', hash);
        done += 1;
      }
    }),
  );
  return done / ((Date.now() - started) / 1000);
}

function avg(xs) {
  const v = xs.filter((x) => typeof x === 'number');
  return v.length ? Math.round(v.reduce((a, b) => a + b, 0) / v.length) : null;
}

function markdown(r) {
  const pct = (x) => (x === null ? '-' : `${Math.round(x * 100)} %`);
  const targets = {
    'free-lesson': `>= 40 % of bare (${pct(r.ratios.freeLesson)}), p99 < 25 ms`,
    'premium-lesson': `>= 25 % of bare (${pct(r.ratios.premiumLesson)}), p99 < 25 ms`,
    login: `>= 90 % of raw bcrypt/s (${pct(r.ratios.loginVsBcrypt)})`,
  };
  const lines = [
    `| scenario | req/s | vs bare | p50 ms | p99 ms | non-2xx | errors | CPU % API / PG / client | API RSS max MB | target |`,
    `| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |`,
  ];
  for (const [name, x] of Object.entries(r.results)) {
    const vsBare = r.bareRequestsPerSecond ? pct(x.requestsPerSecond / r.bareRequestsPerSecond) : '-';
    lines.push(
      `| ${name} | ${x.requestsPerSecond} | ${vsBare} | ${x.p50Ms} | ${x.p99Ms} | ${x.non2xx} | ${x.errors + x.timeouts} | ` +
        `${x.apiCpuPercent ?? '-'} / ${x.postgresCpuPercent} / ${x.autocannonCpuPercent} | ${x.rss?.maxMb ?? '-'} | ${targets[name] ?? ''} |`,
    );
  }
  lines.push(
    '',
    `raw bcrypt (cost ${r.options.bcryptCost}, 4 threads): ${r.bcryptPerSecond.toFixed(2)}/s; ` +
      `API RSS max under load ${r.rss.maxDuringLoadMb} MB, peak (VmHWM) ${r.rss.peakVmHwmMb} MB (target <= 250 MB)`,
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

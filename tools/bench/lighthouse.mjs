#!/usr/bin/env node
// Lighthouse on the production build: home, /learn-polish and a free lesson, with Lighthouse's default mobile
// profile (a mid-range phone: simulated slow 4G and a 4x slower CPU), driving Debian's Chromium.
//
//   node tools/build-api.mjs && npx vite build --config apps/web/vite.config.mts   # this script builds nothing
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node tools/bench/lighthouse.mjs [options]
//
// Options: --runs 3 (each page is audited this many times; the median score counts), --min 95 (the lowest
//   acceptable score of each category), --out <file.json>, --chrome /usr/bin/chromium (or CHROMIUM_PATH),
//   --pages "/,/learn-polish,..." (other pages), --report <dir> (Lighthouse's HTML report and result JSON of each run there),
//   --web-dist <dir> (another build of the web app, e.g. of an older commit, for a before/after comparison),
//   --lang de (the browser's language: navigator.languages and Accept-Language, so a visitor gets the interface and
//   the lessons in it; default the browser's own, English).
// It creates a fresh database on the DATABASE_URL server, starts `node dist/apps/api/main.js` (which serves the
// built web app from dist/apps/web), and audits the four categories: performance, accessibility, best practices,
// SEO. It prints the median of each and the audits that cost points, and exits 1 when a median is under --min.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  args,
  createDatabase,
  fail,
  machine,
  requireBundle,
  requireDatabaseUrl,
  root,
  startApi,
} from './lib.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
// a free lesson (content/lessons/complete-beginner/complete-beginner-1.yaml: premium: false)
const DEFAULT_PAGES = ['/', '/learn-polish', '/complete-beginner/complete-beginner-1'];

const opts = args({
  runs: 3,
  min: 95,
  out: '',
  chrome: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  pages: DEFAULT_PAGES.join(','),
  report: '',
  webDist: '',
  lang: '',
});
requireBundle();
const serverUrl = requireDatabaseUrl();
const webDist = resolve(opts.webDist || join(root, 'dist', 'apps', 'web'));
if (!existsSync(join(webDist, 'index.html'))) {
  fail(`${webDist}/index.html is missing: run \`npx vite build --config apps/web/vite.config.mts\` first`);
}
if (!existsSync(opts.chrome)) fail(`no Chromium at ${opts.chrome} (apt-get install chromium, or --chrome)`);
if (!Number.isInteger(opts.runs) || opts.runs < 1) fail('--runs takes a whole number >= 1');
const pages = opts.pages
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const chromium = execFileSync(opts.chrome, ['--version'], { encoding: 'utf8' }).trim();

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** The audits of a category that did not get full marks, heaviest first: what to fix. */
function lostPoints(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ audit }) => audit.score !== null && audit.score < 1)
    .sort((a, b) => b.ref.weight * (1 - b.audit.score) - a.ref.weight * (1 - a.audit.score))
    .map(({ ref, audit }) => ({
      id: ref.id,
      score: audit.score,
      weight: ref.weight,
      ...(audit.displayValue ? { value: audit.displayValue } : {}),
    }));
}

const db = await createDatabase(serverUrl, 'lighthouse');
let server;
let chrome;
const results = Object.fromEntries(pages.map((p) => [p, []]));
let lighthouseVersion = '';
let failure;
try {
  server = await startApi({
    databaseUrl: db.url,
    env: { WEB_DIST_DIR: webDist },
    label: 'api (serving the web app)',
  });
  // the origin the API was told it lives at (PUBLIC_URL): canonical links, robots.txt and the sitemap name it
  const origin = `http://localhost:${server.port}`;
  chrome = await launch({
    chromePath: opts.chrome,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-dev-shm-usage',
      ...(opts.lang ? [`--lang=${opts.lang}`, `--accept-lang=${opts.lang}`] : []),
    ],
    logLevel: 'silent',
  });
  for (let run = 1; run <= opts.runs; run++) {
    for (const page of pages) {
      const started = Date.now();
      // Lighthouse now and then fails to record a trace (NO_NAVSTART, ...): such a run is made again, twice at most
      /** @type {import('lighthouse').RunnerResult | undefined} */
      let result;
      for (let attempt = 1; ; attempt++) {
        result = await lighthouse(`${origin}${page}`, {
          port: chrome.port,
          logLevel: 'error',
          output: opts.report ? 'html' : 'json',
          onlyCategories: CATEGORIES,
        });
        const error = result
          ? result.lhr.runtimeError
          : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
        if (!error) break;
        if (attempt === 3) throw new Error(`Lighthouse failed on ${page}: ${error.code} ${error.message}`);
        console.error(`run ${run}/${opts.runs} ${page}: ${error.code}, once more`);
      }
      // the loop ends on a result without a runtime error
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      const { lhr } = result;
      lighthouseVersion = lhr.lighthouseVersion;
      const scores = Object.fromEntries(
        CATEGORIES.map((c) => [
          c,
          lhr.categories[c].score === null ? null : Math.round(lhr.categories[c].score * 100),
        ]),
      );
      const metrics = Object.fromEntries(
        [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ].map((id) => [id, lhr.audits[id]?.numericValue ?? null]),
      );
      const lost = Object.fromEntries(CATEGORIES.map((c) => [c, lostPoints(lhr, c)]));
      results[page].push({ run, scores, metrics, lost, seconds: (Date.now() - started) / 1000 });
      if (opts.report) {
        const dir = resolve(opts.report);
        mkdirSync(dir, { recursive: true });
        const name = `${page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-run${run}.html`;
        // one output format asked for: one report, a string
        writeFileSync(join(dir, name), /** @type {string} */ (result.report));
        // the full result as JSON beside it, for diagnostics (long tasks, network requests, the LCP element)
        writeFileSync(join(dir, name.replace(/\.html$/, '.json')), JSON.stringify(lhr));
      }
      console.error(
        `run ${run}/${opts.runs} ${page}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')} (${Math.round((Date.now() - started) / 1000)} s)`,
      );
    }
  }
} catch (err) {
  failure = err;
} finally {
  await chrome?.kill();
  await server?.stop();
  await db.drop().catch(() => undefined);
}
if (failure) fail(failure instanceof Error ? failure.message : String(failure));

const summary = Object.fromEntries(
  pages.map((p) => [
    p,
    Object.fromEntries(CATEGORIES.map((c) => [c, median(results[p].map((r) => r.scores[c] ?? 0))])),
  ]),
);
const low = pages.flatMap((p) => CATEGORIES.filter((c) => summary[p][c] < opts.min).map((c) => `${p} ${c}`));

console.log(
  `\nLighthouse ${lighthouseVersion} (mobile profile), ${chromium}${opts.lang ? `, browser language ${opts.lang}` : ''}, median of ${opts.runs} run(s)\n`,
);
console.log(`| page | ${CATEGORIES.join(' | ')} |`);
console.log(`| --- | ${CATEGORIES.map(() => '---:').join(' | ')} |`);
for (const p of pages) console.log(`| \`${p}\` | ${CATEGORIES.map((c) => summary[p][c]).join(' | ')} |`);
console.log('\nmedian metrics (ms; CLS unitless):');
for (const p of pages) {
  const m = (id) => median(results[p].map((r) => r.metrics[id] ?? 0));
  console.log(
    `  ${p}: FCP ${Math.round(m('first-contentful-paint'))}, LCP ${Math.round(m('largest-contentful-paint'))}, ` +
      `TBT ${Math.round(m('total-blocking-time'))}, CLS ${m('cumulative-layout-shift').toFixed(3)}, ` +
      `SI ${Math.round(m('speed-index'))}`,
  );
}
const lostAnywhere = pages.flatMap((p) =>
  CATEGORIES.flatMap((c) =>
    results[p]
      .at(-1)
      .lost[c].slice(0, 4)
      .map((a) => `  ${p} ${c}: ${a.id} (score ${a.score}${a.value ? `, ${a.value}` : ''})`),
  ),
);
if (lostAnywhere.length) console.log(`\naudits short of full marks (last run):\n${lostAnywhere.join('\n')}`);

if (opts.out) {
  const file = resolve(opts.out);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    JSON.stringify(
      {
        machine: machine(),
        webDist,
        chromium,
        lighthouse: lighthouseVersion,
        runs: opts.runs,
        min: opts.min,
        summary,
        results,
      },
      null,
      2,
    ),
  );
  console.log(`\nwrote ${file}`);
}
if (low.length) {
  console.log(`\nunder ${opts.min}: ${low.join(', ')}`);
  process.exit(1);
}
console.log(`\nevery score >= ${opts.min}`);

#!/usr/bin/env node
// Play-to-first-sound on a lesson page (issue 15; docs/performance.md, "Play to first sound"): from pressing the
// learning player's Play button to the first audio frame, through the media request.
//
//   node tools/build-api.mjs && NODE_ENV=production npx vite build --config apps/web/vite.config.mts
//   npm run audio:render -- --hub complete-beginner --lesson complete-beginner-1      # the lesson's audio
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres node tools/bench/play-to-sound.mjs [options]
//
// Options: --runs 10, --page /complete-beginner/complete-beginner-1, --throttle (also a run set over an emulated
//   "fast 4G" link: 150 ms round trip, 9 Mbit/s down), --chrome /usr/bin/chromium (or CHROMIUM_PATH), --out <f.json>.
// It starts the production bundle (which serves the built web app) on a fresh database with MEDIA_DIR (default
// <repo>/.data/media), then for each run opens the page in a new browser context (empty cache) in Debian's
// Chromium (headless, autoplay allowed as in the browser tests), waits for the Play button and 1.5 s, clicks Play and
// records, with the page's own clock (performance.now()): the click; the media request's start, first byte and end
// (Resource Timing of the track: negative when the element asked for it before the click, `preload`); the audio
// element's `playing` event; and the first animation frame at which its currentTime has moved past 0 (it has
// rendered audio frames). Medians and maxima are printed.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
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

/* global document, window, performance, requestAnimationFrame -- page.evaluate's functions run in the page */

const opts = args({
  runs: 10,
  page: '/complete-beginner/complete-beginner-1',
  throttle: false,
  chrome: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  out: '',
});
requireBundle();
const serverUrl = requireDatabaseUrl();
if (!existsSync(join(root, 'dist', 'apps', 'web', 'index.html')))
  fail(
    'dist/apps/web is missing: run `NODE_ENV=production npx vite build --config apps/web/vite.config.mts` first',
  );

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : NaN;
};

/** One press of Play on a freshly opened page; times in ms from the click. */
async function measure(browser, url, throttle) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    if (throttle) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (9 * 1024 * 1024) / 8,
        uploadThroughput: (1.5 * 1024 * 1024) / 8,
      });
    }
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const play = page.getByRole('button', { name: 'Play', exact: true });
    await play.waitFor({ timeout: 60_000 });
    // let the page settle (the lesson's lazy parts, idle callbacks) before pressing
    await page.waitForTimeout(1500);
    await page.evaluate(() => {
      const audio = /** @type {HTMLAudioElement | null} */ (
        document.querySelector('audio.learning-player-audio')
      );
      if (!audio) throw new Error('no learning player audio element (is the lesson audio rendered?)');
      /** @type {any} */
      const marks = {};
      /** @type {any} */ (window).__playMarks = marks;
      audio.addEventListener('playing', () => (marks.playing ??= performance.now()), { once: true });
      // the element's clock moving past 0 (it has rendered audio frames), checked every animation frame after the
      // click (timeupdate alone fires only every 15-250 ms)
      const poll = () => {
        if (audio.currentTime > 0) {
          marks.firstFrame = performance.now();
          marks.currentTimeAtFirstFrame = audio.currentTime;
        } else requestAnimationFrame(poll);
      };
      marks.preload = audio.preload;
      document.addEventListener('click', () => requestAnimationFrame(poll), { capture: true, once: true });
      document.addEventListener('click', () => (marks.click ??= performance.now()), {
        capture: true,
        once: true,
      });
    });
    await play.click();
    await page.waitForFunction(
      () => /** @type {any} */ (window).__playMarks?.firstFrame !== undefined,
      null,
      { timeout: 30_000 },
    );
    return await page.evaluate(() => {
      const m = /** @type {any} */ (window).__playMarks;
      const track = performance
        .getEntriesByType('resource')
        .map((e) => /** @type {PerformanceResourceTiming} */ (e))
        .filter((e) => /\.mp3(\?|$)/.test(e.name))
        .sort((a, b) => a.startTime - b.startTime)[0];
      const rel = (/** @type {number | undefined} */ t) =>
        t === undefined ? null : Math.round((t - m.click) * 10) / 10;
      return {
        requestStart: rel(track?.startTime),
        firstByte: rel(track?.responseStart),
        // the element asks for ranges: the first response may end long after playback started
        responseEnd: rel(track?.responseEnd),
        playing: rel(m.playing),
        firstFrame: rel(m.firstFrame),
        track: track ? track.name.replace(/^https?:\/\/[^/]+/, '') : null,
        // 'metadata': the element asked for the file's start when the page loaded (a negative requestStart)
        preload: m.preload,
      };
    });
  } finally {
    await context.close();
  }
}

async function main() {
  const facts = machine();
  console.log(`machine: ${facts.nproc} CPUs, load ${facts.loadAverage.join(' ')}`);
  const db = await createDatabase(serverUrl);
  const mediaDir = process.env.MEDIA_DIR ?? join(root, '.data', 'media');
  const server = await startApi({ databaseUrl: db.url, env: { MEDIA_DIR: mediaDir } });
  const browser = await chromium.launch({
    executablePath: opts.chrome,
    args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required', '--mute-audio'],
  });
  const report = { machine: facts, options: opts, sets: {} };
  try {
    const url = `${server.url}${opts.page}`;
    for (const throttle of opts.throttle ? [false, true] : [false]) {
      const name = throttle ? 'fast 4G (150 ms RTT, 9 Mbit/s)' : 'local (no throttling)';
      const runs = [];
      for (let i = 0; i < opts.runs; i++) {
        const r = await measure(browser, url, throttle);
        runs.push(r);
        console.log(`${name} #${i + 1}: ${JSON.stringify(r)}`);
      }
      const stat = (k) => ({
        median: median(runs.map((r) => r[k])),
        max: Math.max(...runs.map((r) => r[k])),
      });
      report.sets[name] = {
        runs,
        requestStart: stat('requestStart'),
        firstByte: stat('firstByte'),
        playing: stat('playing'),
        firstFrame: stat('firstFrame'),
      };
    }
  } finally {
    await browser.close();
    await server.stop();
    await db.drop();
  }
  report.machine.loadAverageAfter = machine().loadAverage;
  console.log(
    '\n| link | click -> media request | -> first byte | -> `playing` | -> first frame (currentTime > 0) |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const [name, s] of Object.entries(report.sets))
    console.log(
      `| ${name} | ${s.requestStart.median} ms (max ${s.requestStart.max}) | ${s.firstByte.median} ms (max ${s.firstByte.max}) | ` +
        `${s.playing.median} ms (max ${s.playing.max}) | ${s.firstFrame.median} ms (max ${s.firstFrame.max}) |`,
    );
  console.log(
    `\nmedians of ${opts.runs} runs; load average ${facts.loadAverage.join(' ')} -> ${report.machine.loadAverageAfter.join(' ')}`,
  );
  if (opts.out) writeFileSync(opts.out, JSON.stringify(report, null, 2));
}

try {
  await main();
} catch (e) {
  console.error(e);
  process.exitCode = 1;
}

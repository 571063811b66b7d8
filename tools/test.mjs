#!/usr/bin/env node
// `npm test`: installs what the tests need (npm packages, Debian's Chromium for the browser tests) and runs every
// suite: lint, type checks, formatting, content checks, unit and API tests (jest + supertest against PostgreSQL:
// the server of DATABASE_URL when set, else one throwaway embedded PostgreSQL started here for the whole run and
// stopped at its end), web component tests (vitest) and browser tests (Playwright driving Chromium). Prints one
// closing line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, root, runAsync, stopChildren } from './lib.mjs';

ensureInstalled();

// Debian packages the suites run: Chromium for the browser tests, docker-compose to check docker-compose.yml
// (tools/deploy.spec.mjs); installed together with apt-get when missing
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const onPath = (/** @type {string} */ cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0;
const missing = [
  ...(existsSync(chromium) ? [] : ['chromium']),
  ...(onPath('docker-compose') ? [] : ['docker-compose']),
];
if (missing.length) {
  console.log(`Installing Debian's ${missing.join(' and ')} (missing on this machine)`);
  spawnSync(
    'bash',
    [
      '-c',
      `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    ],
    { stdio: 'inherit' },
  );
  // the browser tests cannot run without Chromium; without docker-compose only its config check skips
  if (!existsSync(chromium)) {
    console.error(`\nChromium is still missing at ${chromium}: install it, or set CHROMIUM_PATH`);
    process.exit(1);
  }
}

const bin = (/** @type {string} */ name) => join(root, 'node_modules', '.bin', name);
const nodeOptions = [
  process.env.NODE_OPTIONS,
  '--experimental-vm-modules',
  '--no-warnings=ExperimentalWarning',
]
  .filter(Boolean)
  .join(' ');
/** @type {{ name: string, passed: number, failed: number, seconds: string }[]} */
const results = [];
const jestJson = (/** @type {string} */ name) => join(tmpdir(), `polski-jest-${name}-${process.pid}.json`);

// ---- the database of the run, stopped however the run ends ------------------------------------------------------

/** @type {{ url: string, port: number, dir: string, stop(): Promise<void> } | undefined} */
let testPostgres;
let interrupted = false;

async function stopTestPostgres() {
  const server = testPostgres;
  testPostgres = undefined;
  if (server) await server.stop();
}

for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping the running suite${testPostgres ? ' and the test database' : ''}`);
    stopChildren(signal);
    stopTestPostgres()
      .catch((err) => console.error(err instanceof Error ? err.message : err))
      .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  });
}

/** Without DATABASE_URL: one throwaway PostgreSQL (apps/api/test/support/test-postgres.ts) for every suite. */
async function startTestPostgres() {
  if (process.env.DATABASE_URL) return true;
  const started = Date.now();
  try {
    const { tsImport } = await import('tsx/esm/api');
    const module = await tsImport('../apps/api/test/support/test-postgres.ts', import.meta.url);
    testPostgres = await module.startTestPostgres();
  } catch (err) {
    console.error(`\nCould not start the test database: ${err instanceof Error ? err.message : err}`);
    results.push({
      name: 'postgres',
      passed: 0,
      failed: 1,
      seconds: ((Date.now() - started) / 1000).toFixed(1),
    });
    return false;
  }
  if (!testPostgres) return false;
  process.env.DATABASE_URL = testPostgres.url;
  console.log(
    `\nDATABASE_URL is not set: the tests use a throwaway PostgreSQL on 127.0.0.1:${testPostgres.port} ` +
      `(started in ${((Date.now() - started) / 1000).toFixed(1)} s, data in ${testPostgres.dir})`,
  );
  return true;
}

// ---- the suites --------------------------------------------------------------------------------------------------

/**
 * @param {string} name
 * @param {string} config
 * @param {string[]} [extra]
 */
async function jest(name, config, extra = []) {
  const out = jestJson(name);
  rmSync(out, { force: true });
  const r = await runAsync(bin('jest'), ['-c', config, '--json', `--outputFile=${out}`, ...extra], {
    env: { NODE_OPTIONS: nodeOptions },
    // the browser suite (in band, 26 files with the axe sweep of every page) takes ~25 min on a quiet 2-core machine
    timeoutMs: 35 * 60_000,
  });
  let passed = 0;
  let failed = r.ok ? 0 : 1;
  if (existsSync(out)) {
    const j = JSON.parse(readFileSync(out, 'utf8'));
    passed = j.numPassedTests;
    failed = j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0) + (r.ok || j.numFailedTests ? 0 : 1);
    if (j.numTotalTests === 0) failed += 1;
  }
  results.push({ name, passed, failed, seconds: r.seconds });
}

/**
 * @param {string} name
 * @param {string} cmd
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 */
async function step(name, cmd, args, env) {
  const r = await runAsync(cmd, args, { env });
  results.push({ name, passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, seconds: r.seconds });
}

async function vitest() {
  const out = jestJson('web');
  const r = await runAsync(bin('vitest'), [
    'run',
    '--config',
    'apps/web/vite.config.mts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  let passed = 0;
  let failed = r.ok ? 0 : 1;
  if (existsSync(out)) {
    const j = JSON.parse(readFileSync(out, 'utf8'));
    passed = j.numPassedTests;
    failed = j.numFailedTests + (r.ok || j.numFailedTests ? 0 : 1);
  }
  results.push({ name: 'web', passed, failed, seconds: r.seconds });
}

const nx = { NX_DAEMON: 'false' };
const suites = [
  () => step('lint', bin('nx'), ['run-many', '-t', 'lint', '--outputStyle=static', '--skip-nx-cache'], nx),
  () =>
    step(
      'typecheck',
      bin('nx'),
      ['run-many', '-t', 'typecheck', '--outputStyle=static', '--skip-nx-cache'],
      nx,
    ),
  () => step('format', bin('prettier'), ['--check', '.']),
  () => jest('contracts', 'libs/contracts/jest.config.js'),
  // the annotator: its rules, the coverage check (100 % in the hubs whose lexicon is complete, a report for the
  // others) and the committed annotations being current
  () => jest('tools', 'tools/jest.config.js'),
  () => jest('emulator', 'libs/stripe-emulator/jest.config.js'),
  async () => {
    if (await startTestPostgres()) await jest('api', 'apps/api/jest.config.js');
  },
  () => vitest(),
  async () => {
    if (!existsSync(join(root, 'apps', 'web-e2e', 'jest.config.js'))) return;
    if (process.env.DATABASE_URL) await jest('browser', 'apps/web-e2e/jest.config.js', ['--runInBand']);
  },
];

try {
  for (const suite of suites) {
    if (interrupted) break;
    await suite();
  }
} finally {
  if (!interrupted) await stopTestPostgres();
}
// a signal handler is stopping the database and exits the process
if (interrupted) await new Promise(() => undefined);

console.log('\nsuite        passed  failed  seconds');
for (const r of results) {
  console.log(
    `${r.name.padEnd(12)} ${String(r.passed).padStart(6)}  ${String(r.failed).padStart(6)}  ${r.seconds.padStart(7)}`,
  );
}
const passed = results.reduce((s, r) => s + r.passed, 0);
const failed = results.reduce((s, r) => s + r.failed, 0);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
// `npm test`: installs what the tests need (npm packages, Debian's Chromium for the browser tests) and runs every
// suite: lint, type checks, content checks, unit and API tests (jest + supertest against a real PostgreSQL when
// DATABASE_URL is set, else the embedded one), web component tests (vitest) and browser tests (Playwright driving
// Chromium). Prints one closing line "N passed, N failed".
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, must, root, run } from './lib.mjs';

ensureInstalled();

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`Chromium not found at ${chromium}; installing Debian's chromium package`);
  must('bash', [
    '-c',
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
  ]);
}

const bin = (name) => join(root, 'node_modules', '.bin', name);
const nodeOptions = [
  process.env.NODE_OPTIONS,
  '--experimental-vm-modules',
  '--no-warnings=ExperimentalWarning',
]
  .filter(Boolean)
  .join(' ');
const results = [];
const jestJson = (name) => join(tmpdir(), `polski-jest-${name}-${process.pid}.json`);

function jest(name, config, extra = []) {
  const out = jestJson(name);
  rmSync(out, { force: true });
  const r = run(bin('jest'), ['-c', config, '--json', `--outputFile=${out}`, ...extra], {
    env: { NODE_OPTIONS: nodeOptions },
    timeoutMs: 20 * 60_000,
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

function step(name, cmd, args, env) {
  const r = run(cmd, args, { env });
  results.push({ name, passed: r.ok ? 1 : 0, failed: r.ok ? 0 : 1, seconds: r.seconds });
}

step('lint', bin('nx'), ['run-many', '-t', 'lint', '--outputStyle=static', '--skip-nx-cache'], {
  NX_DAEMON: 'false',
});
step('typecheck', bin('nx'), ['run-many', '-t', 'typecheck', '--outputStyle=static', '--skip-nx-cache'], {
  NX_DAEMON: 'false',
});
jest('contracts', 'libs/contracts/jest.config.js');
jest('emulator', 'libs/stripe-emulator/jest.config.js');
jest('api', 'apps/api/jest.config.js');
{
  const r = run(bin('vitest'), [
    'run',
    '--config',
    'apps/web/vite.config.mts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${jestJson('web')}`,
  ]);
  let passed = 0;
  let failed = r.ok ? 0 : 1;
  if (existsSync(jestJson('web'))) {
    const j = JSON.parse(readFileSync(jestJson('web'), 'utf8'));
    passed = j.numPassedTests;
    failed = j.numFailedTests + (r.ok || j.numFailedTests ? 0 : 1);
  }
  results.push({ name: 'web', passed, failed, seconds: r.seconds });
}
if (existsSync(join(root, 'apps', 'web-e2e', 'jest.config.js'))) {
  jest('browser', 'apps/web-e2e/jest.config.js', ['--runInBand']);
}

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

// Small helpers shared by tools/start.mjs and tools/test.mjs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function run(cmd, args, options = {}) {
  const started = Date.now();
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  // a suite that hangs (a leaked handle) fails after its time limit instead of holding CI to its own limit
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    timeout: options.timeoutMs ?? 30 * 60_000,
    killSignal: 'SIGKILL',
    ...options,
    env: { ...process.env, ...options.env },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const error = /** @type {NodeJS.ErrnoException | undefined} */ (r.error);
  if (error) console.error(error.code === 'ETIMEDOUT' ? `timed out after ${seconds} s` : error.message);
  return { ok: r.status === 0, status: r.status ?? 1, seconds };
}

/** @type {Set<import('node:child_process').ChildProcess>} */
const children = new Set();

/**
 * `run` without blocking: signal handlers of the caller keep running while the command does (tools/test.mjs stops
 * its database on SIGINT/SIGTERM), and `stopChildren` can pass a signal on.
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, timeoutMs?: number }} [options]
 * @returns {Promise<{ ok: boolean, status: number, seconds: string }>}
 */
export function runAsync(cmd, args, options = {}) {
  const started = Date.now();
  console.log(`\n$ ${[cmd, ...args].join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...options.env } });
    children.add(child);
    const timeoutMs = options.timeoutMs ?? 30 * 60_000;
    let timedOut = false;
    let finished = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    const done = (/** @type {number | null} */ status, /** @type {string | undefined} */ error) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      children.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (timedOut) console.error(`timed out after ${seconds} s`);
      else if (error) console.error(error);
      resolve({ ok: status === 0, status: status ?? 1, seconds });
    };
    child.once('error', (err) => done(null, err.message));
    child.once('exit', (code) => done(code, undefined));
  });
}

/**
 * Passes a signal to the commands runAsync is running.
 * @param {NodeJS.Signals} signal
 */
export function stopChildren(signal) {
  for (const child of children) child.kill(signal);
}

export function must(cmd, args, options) {
  const r = run(cmd, args, options);
  if (!r.ok) {
    console.error(`\nfailed: ${cmd} ${args.join(' ')} (exit ${r.status})`);
    process.exit(r.status || 1);
  }
  return r;
}

/**
 * npm install when node_modules is missing or older than package.json / the lock file. `npm ci` cannot be used:
 * this registry does not serve other platforms' optional binaries, which `npm ci` insists on finding in the lock.
 */
export function ensureInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const stale =
    !existsSync(marker) ||
    ['package.json', 'package-lock.json'].some(
      (f) => statSync(join(root, f)).mtimeMs > statSync(marker).mtimeMs,
    );
  if (stale) must('npm', ['install', '--no-audit', '--no-fund']);
  else {
    // what postinstall makes; the spelling list is a no-op when it is up to date
    must(process.execPath, [join(root, 'tools', 'prisma-generate.mjs')]);
    must(process.execPath, [join(root, 'tools', 'build-wordlist.mjs')]);
  }
}

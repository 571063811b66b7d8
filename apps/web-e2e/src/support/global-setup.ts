import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_MAIN, createDatabase, freePort, ROOT, waitForHealth } from './api-server';
import { SERVER_INFO_FILE, type TServerInfo } from './server-info';

const WEB_INDEX = join(ROOT, 'dist/apps/web/index.html');

declare global {
  var __E2E_SERVER__:
    { child: ChildProcess; info: TServerInfo; dropDatabase: () => Promise<void> } | undefined;
}

/** What global setup and teardown use of apps/api/test/support/test-postgres.ts. */
interface TTestPostgresModule {
  ensureTestDatabaseServer(): Promise<void>;
  stopTestDatabaseServer(): Promise<void>;
}

/**
 * The API's throwaway-PostgreSQL helper, loaded at run time with tsx's CommonJS API (this project does not import the
 * API's code; `npm test` and the API's jest setup use the same helper). tsx's ESM API does not load inside jest's
 * global setup (it resolves its own loader next to the wrong file there).
 */
export async function testPostgresModule(): Promise<TTestPostgresModule> {
  const tsx = await import('tsx/cjs/api');
  const file = join(ROOT, 'apps', 'api', 'test', 'support', 'test-postgres.ts');
  return tsx.require(file, __filename) as TTestPostgresModule;
}

/**
 * The audio the browser tests play: free lessons and one podcast episode (not the newest), rendered with eSpeak NG
 * into the media folder the test server reads: MEDIA_DIR, default <repo>/.data/e2e-media, its own so what has audio
 * does not depend on what `npm start` rendered (kept between runs: a second run renders nothing). Add a lesson here
 * when a spec plays it.
 */
export const E2E_MEDIA = [
  'lessons/complete-beginner/complete-beginner-1',
  'lessons/beginner-moon-story/moon-1',
  'lessons/mini-stories/kawiarnia-na-rogu',
  'podcast/ordering-food-in-poland',
  // the home page's Story of the day
  'story',
];

interface TRenderModule {
  renderCatalogue(options: {
    only: string[];
    mediaDir?: string;
  }): Promise<{ failures: { key: string; error: string }[]; clipsRendered: number }>;
}

/** tools/audio/render.ts's renderCatalogue, loaded like the PostgreSQL helper (tsx's CommonJS API). */
export async function renderE2eMedia(mediaDir?: string): Promise<void> {
  const tsx = await import('tsx/cjs/api');
  const mod = tsx.require(join(ROOT, 'tools', 'audio', 'render.ts'), __filename) as TRenderModule;
  const result = await mod.renderCatalogue({ only: E2E_MEDIA, mediaDir });
  if (result.failures.length)
    throw new Error(
      `audio for the browser tests: ${result.failures.map((f) => `${f.key}: ${f.error}`).join('; ')}`,
    );
}

/**
 * Builds the API bundle and the web app (E2E_SKIP_BUILD=1 keeps an existing build), starts a throwaway PostgreSQL
 * when DATABASE_URL is not set (`npm test` sets it), starts the API on a free port with a fresh data folder and a
 * fresh database of its own on that server (E2E_DATABASE_URL, dropped by teardown), and waits until it answers
 * /api/health.
 */
export default async function globalSetup(): Promise<void> {
  const skip = process.env.E2E_SKIP_BUILD === '1';
  if (!skip || !existsSync(API_MAIN)) run('node', ['tools/build-api.mjs']);
  // jest sets NODE_ENV=test, which would give a development React bundle: test what ships
  if (!skip || !existsSync(WEB_INDEX)) {
    run('npx', ['vite', 'build', '--config', 'apps/web/vite.config.mts', '--logLevel', 'warn'], {
      NODE_ENV: 'production',
    });
  }

  const mediaDir = process.env.MEDIA_DIR ?? join(ROOT, '.data', 'e2e-media');
  await renderE2eMedia(mediaDir);
  await (await testPostgresModule()).ensureTestDatabaseServer();
  const database = await createDatabase(process.env.DATABASE_URL ?? '');
  process.env.E2E_DATABASE_URL = database.url;

  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'polski-web-e2e-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    MEDIA_DIR: mediaDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(36).toString('base64url'),
    // no SMTP server: the tests read their emails in the development outbox (off unless enabled)
    ENABLE_DEV_MAIL: 'true',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: database.url,
    // the specs sign up many accounts from this one address; the sign-up limit has API tests of its own
    REGISTER_RATE_LIMIT: '1000',
  };
  // the premium offer of the shared server (default: the API's, one-time); payments specs start the other one
  if (process.env.PREMIUM_OFFER) env.PREMIUM_OFFER = process.env.PREMIUM_OFFER;

  const log = openSync(join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, [API_MAIN], { cwd: ROOT, env, stdio: ['ignore', log, log] });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, join(dataDir, 'server.log'));
  } catch (err) {
    await database.drop();
    throw err;
  }

  const info: TServerInfo = { baseUrl, pid: child.pid ?? 0, dataDir };
  writeFileSync(SERVER_INFO_FILE, JSON.stringify(info));
  process.env.E2E_BASE_URL = baseUrl;
  globalThis.__E2E_SERVER__ = { child, info, dropDatabase: database.drop };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed with status ${result.status}`);
}

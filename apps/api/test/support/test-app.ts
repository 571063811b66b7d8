import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp, type TApp, type TAppDeps } from '../../src/app';
import { systemClock, type TClock } from '../../src/lib/clock';
import type { TModuleFactory } from '../../src/module';
import { createModules } from '../../src/modules';
import { createServices, type TServiceOverrides } from '../../src/services';
import { loadConfig, type TConfig } from '../../src/config/env';
import type { TDatabase } from '../../src/lib/db';
import { createLogger } from '../../src/lib/logger';
import { createTestDatabase } from './test-database';

export const TEST_ENV: NodeJS.ProcessEnv = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  BCRYPT_COST: '4',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
  PUBLIC_URL: 'http://localhost:3000',
  WEB_DIST_DIR: '/nonexistent',
  // suites register many accounts from one address; the sign-up limit has its own tests (account.abuse.spec.ts)
  REGISTER_RATE_LIMIT: '100000',
};

/** A mutable clock for tests of expiry. */
export class TestClock implements TClock {
  constructor(private current = new Date()) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TTestApp {
  /** The app as the server calls it (fast lane, then Express): give it to supertest. */
  app: TApp;
  deps: TAppDeps;
  config: TConfig;
  database: TDatabase;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: NodeJS.ProcessEnv;
    clock?: TClock;
    overrides?: TServiceOverrides;
    /** Feature modules to mount; default: every module of the product (modules.ts). */
    modules?: TModuleFactory[];
    extend?: (deps: TAppDeps) => void | Promise<void>;
    /** Another app's database (a second "process" on the same data); it stays open when this app closes. */
    database?: TDatabase;
  } = {},
): Promise<TTestApp> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = mkdtempSync(join(tmpdir(), 'polski-data-'));
  const config = loadConfig({
    ...TEST_ENV,
    DATA_DIR: dataDir,
    // an empty media folder: lessons answer `preparing` unless a test renders or writes media there
    MEDIA_DIR: join(dataDir, 'media'),
    ...options.env,
  });
  const base = { config, database, logger: createLogger('silent'), clock: options.clock ?? systemClock };
  const services = createServices(base, options.overrides);
  const modules = await createModules({ ...base, services }, options.modules);
  const deps: TAppDeps = { ...base, services, modules, routers: [] };
  await options.extend?.(deps);
  const app = createApp(deps);
  return {
    app,
    deps,
    config,
    database,
    async close() {
      for (const m of modules) await m.stop?.();
      await services.accounts.idle();
      await services.users.stop();
      await services.limiter.close?.();
      if (!options.database) await database.close();
    },
  };
}

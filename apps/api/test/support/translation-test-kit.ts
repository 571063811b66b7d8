import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { ROLES } from '@polski/contracts';
import { createApp, type TApp } from '../../src/app';
import { systemClock, type TClock } from '../../src/lib/clock';
import { loadConfig, type TConfig } from '../../src/config/env';
import { createLogger } from '../../src/lib/logger';
import type { TModuleFactory } from '../../src/module';
import { createModules } from '../../src/modules';
import { createServices } from '../../src/services';
import { TEST_ENV, type TTestApp } from './test-app';

/**
 * A module factory with extra configuration keys, as config/env.ts will carry them once its schema lists the
 * translator's variables (the schema strips unknown keys today).
 */
export function withConfig(factory: TModuleFactory, extra: Record<string, string>): TModuleFactory {
  return (deps) => factory({ ...deps, config: { ...deps.config, ...extra } as TConfig });
}

/**
 * A second API process on the first one's database (same JWT secret): for limits and caches shared across
 * processes. Its modules are stopped when the first app closes.
 */
export async function secondApp(
  first: TTestApp,
  modules: TModuleFactory[],
  clock: TClock = systemClock,
): Promise<TApp> {
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: mkdtempSync(join(tmpdir(), 'polski-data-')) });
  const base = { config, database: first.database, logger: createLogger('silent'), clock };
  const services = createServices(base);
  const built = await createModules({ ...base, services }, modules);
  const closeFirst = first.close.bind(first);
  first.close = async () => {
    for (const m of built) await m.stop?.();
    await closeFirst();
  };
  return createApp({ ...base, services, modules: built });
}

/** A Member signed up through the API; `premium` grants the role and an access period in the database. */
export async function signUp(
  t: TTestApp,
  premium?: { until?: Date; lifetime?: boolean },
  overrides: { lang?: string } = {},
): Promise<{ token: string; id: string }> {
  const body = makeRegisterRequest(overrides as never);
  const res = await request(t.app).post('/api/account/register').send(body);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  const db = t.database.db;
  const user = await db.user.findUniqueOrThrow({ where: { emailKey: body.email.toLowerCase() } });
  if (premium) {
    const role = await db.role.findUniqueOrThrow({ where: { name: ROLES.premium } });
    await db.userRole.create({ data: { userId: user.id, roleId: role.id } });
    await db.user.update({
      where: { id: user.id },
      data: { premiumUntil: premium.until ?? null, premiumLifetime: premium.lifetime ?? false },
    });
  }
  return { token: res.body.token, id: user.id };
}

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

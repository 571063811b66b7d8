import type { TModule, TModuleDeps, TModuleFactory } from './module';
import { accountModule } from './modules/account';
import { contentModule } from './modules/content';
import { healthModule } from './modules/health';
import { learningModule } from './modules/learning';
import { devMailModule } from './modules/mail';
import { paymentsModule } from './modules/payments';
import { remindersModule } from './modules/reminders';
import { translationModule } from './modules/translation';
import { wordCheckerModule } from './modules/word-checker';

/** What every app has: health checks, accounts and (in development) the outbox. */
export const CORE_MODULES: TModuleFactory[] = [healthModule, accountModule, devMailModule];

/** The product's features, in mounting order (tests mount a subset next to the core). */
export const FEATURE_MODULES: TModuleFactory[] = [
  contentModule,
  learningModule,
  remindersModule,
  paymentsModule,
  translationModule,
  wordCheckerModule,
];

/** The core modules and then `features` (default: all of them), each built once, in order. */
export async function createModules(
  deps: TModuleDeps,
  features: TModuleFactory[] = FEATURE_MODULES,
): Promise<TModule[]> {
  const modules: TModule[] = [];
  const withModules = { ...deps, modules: () => modules };
  for (const f of [...CORE_MODULES, ...features]) modules.push(await f(withModules));
  return modules;
}

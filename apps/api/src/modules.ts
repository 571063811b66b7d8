import type { TModule, TModuleDeps, TModuleFactory } from './module';
import { contentModule } from './modules/content';
import { paymentsModule } from './modules/payments';
import { translationModule } from './modules/translation';
import { wordCheckerModule } from './modules/word-checker';

/** Every feature module of the product, in mounting order. */
export const MODULE_FACTORIES: TModuleFactory[] = [
  contentModule,
  paymentsModule,
  translationModule,
  wordCheckerModule,
];

export async function createModules(
  deps: TModuleDeps,
  factories: TModuleFactory[] = MODULE_FACTORIES,
): Promise<TModule[]> {
  const modules: TModule[] = [];
  for (const f of factories) modules.push(await f(deps));
  return modules;
}

import { accountContract } from './account.contract';
import { adminContract } from './admin.contract';
import { contentContract } from './content.contract';
import type { TContractRoute } from './contract';
import { devContract } from './dev.contract';
import { healthContract } from './health.contract';
import { learningContract } from './learning.contract';
import { paymentsContract } from './payments.contract';
import { remindersContract } from './reminders.contract';
import type { TRoutes } from './routes';
import { siteContract } from './site.contract';
import { translationContract } from './translation.contract';
import { wordCheckerContract } from './word-checker.contract';

/** The whole API, resource by resource: the same keys as ROUTES (routes.ts), each route with its schemas. */
export const API_CONTRACT = {
  health: healthContract,
  account: accountContract,
  payments: paymentsContract,
  admin: adminContract,
  content: contentContract,
  learning: learningContract,
  reminders: remindersContract,
  translation: translationContract,
  wordChecker: wordCheckerContract,
  dev: devContract,
  site: siteContract,
} as const satisfies { [K in keyof TRoutes]: { [R in keyof TRoutes[K]]: TContractRoute } };

export type TApiContract = typeof API_CONTRACT;

/** Every route of the contract, with its resource and name ('account', 'login'). */
export function contractRoutes(): { resource: string; name: string; route: TContractRoute }[] {
  return Object.entries(API_CONTRACT).flatMap(([resource, routes]) =>
    Object.entries(routes as Record<string, TContractRoute>).map(([name, route]) => ({
      resource,
      name,
      route,
    })),
  );
}

import type { TModuleFactory } from '../../module';
import { devMailRouters } from './dev-mail.router';

/**
 * Development only: where no mail server is configured, the outbox at /dev/mail (a page) and /api/dev/mail (JSON),
 * so someone running `npm start` can follow their confirmation link. Never in production (config/env.ts).
 */
export const devMailModule: TModuleFactory = (deps) => {
  if (!deps.config.devMailEnabled) return { name: 'dev-mail' };
  const { api, page } = devMailRouters(deps.database.db, {
    clock: deps.clock,
    checkAnswers: deps.config.checkAnswers,
  });
  return { name: 'dev-mail', routers: [api], pageRouters: [page] };
};

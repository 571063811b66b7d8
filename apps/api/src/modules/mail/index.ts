import type { TModuleFactory } from '../../module';
import { devMailOffRouters, devMailRouters } from './dev-mail.router';

/**
 * Development only: with ENABLE_DEV_MAIL=true (`npm start` sets it where no mail server is configured), the outbox
 * at /dev/mail (a page) and /api/dev/mail (JSON), so someone running `npm start` can follow their confirmation link.
 * Off by default, and never in production (config/env.ts refuses to start): both answer 404 then.
 */
export const devMailModule: TModuleFactory = (deps) => {
  const options = { clock: deps.clock, checkAnswers: deps.config.checkAnswers };
  const { api, page } = deps.config.devMailEnabled
    ? devMailRouters(deps.database.db, options)
    : devMailOffRouters(options);
  return { name: 'dev-mail', routers: [api], pageRouters: [page] };
};

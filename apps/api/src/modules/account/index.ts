import type { TModuleFactory } from '../../module';
import { accountRouter } from './account.router';

/** Accounts: registration, login, email confirmation, password reset, settings, the payment-redirect session. */
export const accountModule: TModuleFactory = (deps) => ({
  name: 'account',
  routers: [
    accountRouter({
      accounts: deps.services.accounts,
      tokens: deps.services.tokens,
      clock: deps.clock,
      checkAnswers: deps.config.checkAnswers,
    }),
  ],
});

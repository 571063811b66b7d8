import type { TModuleFactory } from '../../module';
import { AccountChangesService } from './account-changes.service';
import { AccountDataService } from './account-data.service';
import { accountRouter } from './account.router';

/**
 * Accounts: registration, login, email confirmation, password reset, settings, the payment-redirect session, and
 * the learner's data rights (download, deletion: docs/product.md, "Your data").
 */
export const accountModule: TModuleFactory = (deps) => {
  const data = new AccountDataService({
    db: deps.database.db,
    hasher: deps.services.hasher,
    limiter: deps.services.limiter,
    clock: deps.clock,
    contactEmail: deps.config.contactEmail,
    onEmailQueued: () => deps.services.mailWorker?.kick(),
    // every module's work before a deletion (the payments module cancels the subscription at Stripe), in order
    beforeDeletion: async (userId) => {
      let cancelledSubscriptions = 0;
      for (const m of deps.modules?.() ?? []) {
        if (m.beforeAccountDeletion)
          cancelledSubscriptions += (await m.beforeAccountDeletion(userId)).cancelledSubscriptions;
      }
      return { cancelledSubscriptions };
    },
  });
  const changes = new AccountChangesService({
    db: deps.database.db,
    tokens: deps.services.tokens,
    hasher: deps.services.hasher,
    limiter: deps.services.limiter,
    clock: deps.clock,
    publicUrl: deps.config.PUBLIC_URL,
    contactEmail: deps.config.contactEmail,
    onEmailQueued: () => deps.services.mailWorker?.kick(),
  });
  return {
    name: 'account',
    routers: [
      accountRouter({
        accounts: deps.services.accounts,
        data,
        changes,
        tokens: deps.services.tokens,
        clock: deps.clock,
        checkAnswers: deps.config.checkAnswers,
      }),
    ],
  };
};

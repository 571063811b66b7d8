import type { TModule, TModuleFactory } from '../../module';
import { ReminderScheduler } from './reminder-scheduler';
import { remindersRouter } from './reminders.router';
import { UnsubscribeLinks } from './unsubscribe-links';

export interface TRemindersModule extends TModule {
  scheduler: ReminderScheduler;
  links: UnsubscribeLinks;
}

/**
 * Review reminder emails (issue 17 item 7; docs/product.md, "Review reminders"): the scheduler every process runs
 * once the server listens, and the signed one-click unsubscribe link.
 */
export const remindersModule: TModuleFactory = (deps): TRemindersModule => {
  const links = new UnsubscribeLinks(deps.config.jwtSecret, deps.config.PUBLIC_URL);
  const scheduler = new ReminderScheduler({
    db: deps.database.db,
    clock: deps.clock,
    logger: deps.logger,
    links,
    publicUrl: deps.config.PUBLIC_URL,
    onEmailQueued: () => deps.services.mailWorker?.kick(),
  });
  return {
    name: 'reminders',
    scheduler,
    links,
    pageRouters: [
      remindersRouter({
        db: deps.database.db,
        links,
        clock: deps.clock,
        checkAnswers: deps.config.checkAnswers,
      }),
    ],
    start: () => scheduler.start(),
    stop: () => scheduler.stop(),
  };
};

import { workspacePath } from '../../lib/paths';
import type { TModule, TModuleDeps, TModuleFactory } from '../../module';
import { sharedCatalogue, type Catalogue } from '../content/catalogue';
import { ActivityRecorder } from './activity';
import { learningRouter } from './learning.router';
import { LearningService } from './learning.service';

export { ActivityRecorder } from './activity';
export { LearningService } from './learning.service';

/**
 * Saved words, statuses, FSRS review and progress (issue 17; docs/product.md, "Saved words and review"). It reads
 * the content module's catalogue (sharedCatalogue): the words it saves are looked up there.
 */
export function createLearningModule(
  options: { contentDir?: string; catalogue?: Catalogue } = {},
): TModuleFactory {
  return (deps: TModuleDeps): TModule => {
    const catalogue = options.catalogue ?? sharedCatalogue(options.contentDir ?? workspacePath('content'));
    const db = deps.database.db;
    const activity = new ActivityRecorder({ db, clock: deps.clock });
    const learning = new LearningService({ db, catalogue, clock: deps.clock, activity });
    return {
      name: 'learning',
      routers: [learningRouter(learning, { clock: deps.clock, checkAnswers: deps.config.checkAnswers })],
    };
  };
}

export const learningModule: TModuleFactory = createLearningModule();

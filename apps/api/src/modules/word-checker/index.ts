import type { TModuleFactory } from '../../module';
import { offlineDictionary } from '../translation/dictionary/offline-dictionary';
import { readTranslationConfig } from '../translation/translation.config';
import { acquireSpellChecker, releaseSpellChecker } from './spell-checker';
import { wordCheckerRouter } from './word-checker.router';
import { WordCheckerService } from './word-checker.service';

/**
 * The word checker (POST /api/word-checker/check) and the dictionary lookup of the lesson popover
 * (GET /api/dictionary/lookup), both public. The spelling list (hunspell-pl expanded at install into a ~1.8 MB
 * automaton, see spelling-set.ts) loads when the module is created (outside tests, where it loads on first use);
 * requests wait for it.
 */
export const wordCheckerModule: TModuleFactory = (deps) => {
  const cfg = readTranslationConfig(deps.config);
  const extra = deps.config as unknown as Record<string, unknown>;
  const preload =
    typeof extra.WORD_CHECKER_PRELOAD === 'string'
      ? ['true', '1', 'yes'].includes(extra.WORD_CHECKER_PRELOAD)
      : typeof extra.WORD_CHECKER_PRELOAD === 'boolean'
        ? extra.WORD_CHECKER_PRELOAD
        : deps.config.NODE_ENV !== 'test';
  const spell = acquireSpellChecker((level, message) => deps.logger[level](message));
  const dictionary = offlineDictionary(cfg.dictionaryDir);
  if (preload) {
    spell
      .ready()
      .catch((err: unknown) =>
        deps.logger.error({ err }, 'word checker: the spelling dictionary did not load'),
      );
    dictionary
      .warmUp()
      .catch((err: unknown) =>
        deps.logger.error({ err }, 'word checker: the offline dictionary did not load'),
      );
  }
  const service = new WordCheckerService(spell, dictionary);
  return {
    name: 'word-checker',
    routers: [
      wordCheckerRouter({
        service,
        limiter: deps.services.limiter,
        rateLimit: cfg.wordCheckRateLimit,
        rateWindowSeconds: cfg.wordCheckRateWindowSeconds,
      }),
    ],
    stop: () => releaseSpellChecker(spell),
  };
};

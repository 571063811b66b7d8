import type { TModuleFactory } from '../../module';
import { DEFAULT_DICTIONARY_DIR, offlineDictionary } from '../translation/dictionary/offline-dictionary';
import { paradigmIndex } from './paradigms';
import { acquireSpellChecker, releaseSpellChecker } from './spell-checker';
import { wordCheckerRouter } from './word-checker.router';
import { WordCheckerService } from './word-checker.service';

/**
 * The word checker (POST /api/word-checker/check), the dictionary lookup of the lesson popover
 * (GET /api/dictionary/lookup) and the inflection tables (GET /api/words/inflection; Morfologik's paradigms load
 * on the first such request, paradigms.ts), all public. The spelling list (hunspell-pl expanded at install into a ~1.8 MB
 * automaton, see spelling-set.ts) loads when the module is created (outside tests, where it loads on first use);
 * requests wait for it.
 */
export const wordCheckerModule: TModuleFactory = (deps) => {
  const { config } = deps;
  const preload = config.WORD_CHECKER_PRELOAD ?? config.NODE_ENV !== 'test';
  const spell = acquireSpellChecker((level, message) => deps.logger[level](message));
  const dictionary = offlineDictionary(config.DICTIONARY_DATA_DIR ?? DEFAULT_DICTIONARY_DIR);
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
        rateLimit: config.WORD_CHECK_RATE_LIMIT,
        rateWindowSeconds: config.WORD_CHECK_RATE_WINDOW_SECONDS,
        clock: deps.clock,
        checkAnswers: config.checkAnswers,
        paradigms: () => paradigmIndex(config.DICTIONARY_DATA_DIR ?? DEFAULT_DICTIONARY_DIR),
      }),
    ],
    stop: () => releaseSpellChecker(spell),
  };
};

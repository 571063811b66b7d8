import type { TModuleFactory } from '../../module';
import { offlineDictionary } from './dictionary/offline-dictionary';
import { DictionaryTranslationProvider } from './providers/dictionary.provider';
import type { TTranslationProvider } from './providers/provider';
import { readTranslationConfig } from './translation.config';
import { translationRouter } from './translation.router';
import { TranslationService } from './translation.service';

export type { TTranslationProvider } from './providers/provider';

/**
 * The translator: POST /api/Translation/translate (Google Cloud Translation) and POST /api/Translator/translate
 * (DeepL), premium only. A route whose provider has no key answers from the offline dictionary.
 */
export const translationModule: TModuleFactory = async (deps) => {
  const cfg = readTranslationConfig(deps.config);
  const dictionary: TTranslationProvider = new DictionaryTranslationProvider(
    offlineDictionary(cfg.dictionaryDir),
  );
  // the provider SDKs load only when their key is set: @google-cloud/translate alone costs ~40 MB of memory
  const google = cfg.googleApiKey
    ? new (await import('./providers/google.provider')).GoogleTranslationProvider({
        apiKey: cfg.googleApiKey,
        endpoint: cfg.googleEndpoint,
      })
    : dictionary;
  const deepl = cfg.deeplAuthKey
    ? new (await import('./providers/deepl.provider')).DeeplTranslationProvider({
        authKey: cfg.deeplAuthKey,
        serverUrl: cfg.deeplServerUrl,
        timeoutMs: cfg.timeoutMs,
      })
    : dictionary;
  if (google === dictionary || deepl === dictionary) {
    deps.logger.info(
      { google: google.name, deepl: deepl.name },
      'translator: a route without a provider key answers from the offline dictionary',
    );
  }
  const service = new TranslationService({
    db: deps.database.db,
    limiter: deps.services.limiter,
    logger: deps.logger,
    timeoutMs: cfg.timeoutMs,
    rateLimit: cfg.rateLimit,
    rateWindowSeconds: cfg.rateWindowSeconds,
  });
  return { name: 'translation', routers: [translationRouter({ service, clock: deps.clock, google, deepl })] };
};

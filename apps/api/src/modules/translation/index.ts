import type { TModuleDeps, TModuleFactory } from '../../module';
import { DEFAULT_DICTIONARY_DIR, offlineDictionary } from './dictionary/offline-dictionary';
import { DictionaryTranslationProvider } from './providers/dictionary.provider';
import type { TTranslationProvider } from './providers/provider';
import { workspacePath } from '../../lib/paths';
import { loadedCatalogue } from '../content/catalogue';
import { LessonMemory } from './lesson-memory';
import { translationRouter } from './translation.router';
import { TranslationService } from './translation.service';

export type { TTranslationProvider } from './providers/provider';

function lazyMemory(build: () => LessonMemory | undefined): Pick<LessonMemory, 'lookup'> {
  let memory: LessonMemory | undefined;
  return { lookup: async (...args) => (memory ??= build())?.lookup(...args) };
}

/**
 * The translator: POST /api/Translation/translate (Google Cloud Translation) and POST /api/Translator/translate
 * (DeepL), premium only. A route whose provider has no key answers from the offline dictionary. `contentDir` is
 * the content whose catalogue the content module loaded (the translation memory's lines; the repository's content
 * unless a test gives another).
 */
export function createTranslationModule(options: { contentDir?: string } = {}): TModuleFactory {
  return (deps) => buildTranslationModule(deps, options.contentDir ?? workspacePath('content'));
}

const buildTranslationModule = async (deps: TModuleDeps, contentDir: string) => {
  const { config } = deps;
  const dictionary: TTranslationProvider = new DictionaryTranslationProvider(
    offlineDictionary(config.DICTIONARY_DATA_DIR ?? DEFAULT_DICTIONARY_DIR),
  );
  // the provider SDKs load only when their key is set: @google-cloud/translate alone costs ~40 MB of memory
  const google = config.GOOGLE_TRANSLATE_API_KEY
    ? new (await import('./providers/google.provider')).GoogleTranslationProvider({
        apiKey: config.GOOGLE_TRANSLATE_API_KEY,
        endpoint: config.GOOGLE_TRANSLATE_ENDPOINT,
      })
    : dictionary;
  const deepl = config.DEEPL_AUTH_KEY
    ? new (await import('./providers/deepl.provider')).DeeplTranslationProvider({
        authKey: config.DEEPL_AUTH_KEY,
        serverUrl: config.DEEPL_SERVER_URL,
        timeoutMs: config.TRANSLATION_TIMEOUT_MS,
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
    timeoutMs: config.TRANSLATION_TIMEOUT_MS,
    rateLimit: config.TRANSLATION_RATE_LIMIT,
    rateWindowSeconds: config.TRANSLATION_RATE_WINDOW_SECONDS,
    // our lessons' sentences answer with our reviewed translations (docs/translation.md, "Translation memory"); built
    // on the first request from the catalogue the content module loaded, each language's translations on the first
    // request in that language (without the content module there is no memory)
    memory: lazyMemory(() => {
      const catalogue = loadedCatalogue(contentDir);
      return (
        catalogue &&
        new LessonMemory(catalogue, (lang, err) =>
          deps.logger.warn(
            { err, lang },
            'translation memory: could not read the translations of a language',
          ),
        )
      );
    }),
  });
  return {
    name: 'translation',
    routers: [
      translationRouter({ service, clock: deps.clock, google, deepl, checkAnswers: config.checkAnswers }),
    ],
  };
};

export const translationModule: TModuleFactory = createTranslationModule();

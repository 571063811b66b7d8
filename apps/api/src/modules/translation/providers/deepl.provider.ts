import * as deepl from 'deepl-node';
import { languageName } from '@polski/contracts';
import {
  raceAbort,
  TranslationProviderError,
  type TBatchTranslationProvider,
  type TTranslateInput,
} from './provider';

/**
 * Languages DeepL translates from and into, checked against deepl-node 1.28's SourceLanguageCode and
 * TargetLanguageCode types (the `satisfies` clauses fail to compile if the SDK drops one). All 29 native languages
 * and Polish are there today; anything else is answered with a 400.
 */
const DEEPL_SOURCE = [
  'pl',
  'en',
  'es',
  'ar',
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'et',
  'fi',
  'fr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'nb',
  'nl',
  'pt',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'tr',
  'uk',
  'zh',
] as const satisfies readonly deepl.SourceLanguageCode[];

/** Target codes: DeepL wants a variant for English, Portuguese and Chinese. */
const DEEPL_TARGET = {
  pl: 'pl',
  en: 'en-US',
  es: 'es',
  ar: 'ar',
  bg: 'bg',
  cs: 'cs',
  da: 'da',
  de: 'de',
  el: 'el',
  et: 'et',
  fi: 'fi',
  fr: 'fr',
  hu: 'hu',
  id: 'id',
  it: 'it',
  ja: 'ja',
  ko: 'ko',
  lt: 'lt',
  lv: 'lv',
  nb: 'nb',
  nl: 'nl',
  // the interface's and the content's Portuguese is Brazilian (docs/i18n.md)
  pt: 'pt-BR',
  ro: 'ro',
  ru: 'ru',
  sk: 'sk',
  sl: 'sl',
  sv: 'sv',
  tr: 'tr',
  uk: 'uk',
  zh: 'zh-HANS',
} as const satisfies Record<string, deepl.TargetLanguageCode>;

export function deeplSource(code: string): deepl.SourceLanguageCode | undefined {
  return (DEEPL_SOURCE as readonly string[]).includes(code) ? (code as deepl.SourceLanguageCode) : undefined;
}
export function deeplTarget(code: string): deepl.TargetLanguageCode | undefined {
  return (DEEPL_TARGET as Record<string, deepl.TargetLanguageCode>)[code];
}

export interface TDeeplOptions {
  authKey: string;
  /** Default: chosen by deepl-node from the key (api-free.deepl.com for ':fx' keys, else api.deepl.com). */
  serverUrl?: string;
  timeoutMs: number;
}

/** DeepL API v2 through `deepl-node`: POST {server}/v2/translate, `Authorization: DeepL-Auth-Key ...`, form body. */
export class DeeplTranslationProvider implements TBatchTranslationProvider {
  readonly name = 'deepl' as const;
  readonly cacheable = true;
  private readonly client: deepl.Translator;

  constructor(options: TDeeplOptions) {
    this.client = new deepl.Translator(options.authKey, {
      serverUrl: options.serverUrl,
      maxRetries: 0,
      minTimeout: options.timeoutMs,
      sendPlatformInfo: false,
    });
  }

  async translate(input: TTranslateInput, signal: AbortSignal): Promise<string> {
    const source = deeplSource(input.source);
    if (!source) throw unsupported('sourceLanguage', input.source);
    const target = deeplTarget(input.target);
    if (!target) throw unsupported('targetLanguage', input.target);
    try {
      const result = await raceAbort(this.client.translateText(input.text, source, target), signal);
      return result.text;
    } catch (e) {
      throw classifyDeeplError(e);
    }
  }

  /** Up to 50 texts in one request (DeepL's limit per request). */
  async translateMany(
    texts: string[],
    sourceCode: TTranslateInput['source'],
    targetCode: TTranslateInput['target'],
    signal: AbortSignal,
  ): Promise<string[]> {
    const source = deeplSource(sourceCode);
    if (!source) throw unsupported('sourceLanguage', sourceCode);
    const target = deeplTarget(targetCode);
    if (!target) throw unsupported('targetLanguage', targetCode);
    try {
      const results = await raceAbort(this.client.translateText(texts, source, target), signal);
      return results.map((r) => r.text);
    } catch (e) {
      throw classifyDeeplError(e);
    }
  }
}

function unsupported(field: 'sourceLanguage' | 'targetLanguage', code: string): TranslationProviderError {
  return new TranslationProviderError(
    'unsupported_language',
    `DeepL does not translate ${languageName(code)} yet`,
    field,
  );
}

export function classifyDeeplError(e: unknown): TranslationProviderError {
  if (e instanceof TranslationProviderError) return e;
  if (e instanceof deepl.QuotaExceededError || e instanceof deepl.TooManyRequestsError) {
    return new TranslationProviderError('quota', `DeepL quota or rate limit: ${e.message}`, undefined, {
      cause: e,
      // 429 (too many requests) passes; 456 (the quota) does not
      retryable: e instanceof deepl.TooManyRequestsError,
    });
  }
  if (e instanceof deepl.ConnectionError && /timeout/i.test(e.message)) {
    return new TranslationProviderError('timeout', 'DeepL did not answer in time', undefined, {
      cause: e,
      retryable: true,
    });
  }
  const message = e instanceof Error ? e.message : String(e);
  return new TranslationProviderError('failed', `DeepL failed: ${message}`, undefined, {
    cause: e,
    // deepl-node names a 503 "Service unavailable" and any other status "Unexpected status code: <n>"
    retryable:
      e instanceof deepl.ConnectionError ||
      /^(?:Service unavailable|Unexpected status code: 5\d\d)/.test(message),
  });
}

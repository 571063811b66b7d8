import type { TTranslationLanguage, TTranslationProviderName } from '@polski/contracts';

export interface TTranslateInput {
  text: string;
  source: TTranslationLanguage;
  target: TTranslationLanguage;
}

/** One way of translating between Polish and a native language (a cloud service or the offline dictionary). */
export interface TTranslationProvider {
  readonly name: TTranslationProviderName;
  /** Answers of cloud providers cost money and time and are cached; the offline dictionary's are not. */
  readonly cacheable: boolean;
  /** Shown with every answer (the offline dictionary says it lists entries, not a translation). */
  readonly note?: string;
  /** Must stop (reject) when `signal` aborts. */
  translate(input: TTranslateInput, signal: AbortSignal): Promise<string>;
}

export type TProviderErrorKind = 'timeout' | 'quota' | 'failed' | 'unsupported_language';

/** What providers throw; the service turns it into the API's 400/502/503. */
export class TranslationProviderError extends Error {
  /** The same request may succeed later: the provider answered 429 or 5xx, or the connection failed. */
  readonly retryable: boolean;
  constructor(
    readonly kind: TProviderErrorKind,
    message: string,
    readonly field?: 'sourceLanguage' | 'targetLanguage',
    options?: { cause?: unknown; retryable?: boolean },
  ) {
    super(message, options);
    this.name = 'TranslationProviderError';
    this.retryable = options?.retryable ?? false;
  }
}

/** A cloud provider that also translates many texts in one request (`npm run content:translate`). */
export interface TBatchTranslationProvider extends TTranslationProvider {
  /** The texts translated, in order; throws a TranslationProviderError. */
  translateMany(
    texts: string[],
    source: TTranslateInput['source'],
    target: TTranslateInput['target'],
    signal: AbortSignal,
  ): Promise<string[]>;
}

/** Rejects as soon as `signal` aborts (with a timeout error), so a provider that ignores the signal cannot hang us. */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(timeoutError(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timeoutError(signal.reason));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

function timeoutError(cause: unknown): TranslationProviderError {
  return cause instanceof TranslationProviderError
    ? cause
    : new TranslationProviderError('timeout', 'The provider did not answer in time', undefined, { cause });
}

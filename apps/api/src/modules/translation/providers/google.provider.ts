import { v2 } from '@google-cloud/translate';
import {
  raceAbort,
  TranslationProviderError,
  type TBatchTranslationProvider,
  type TTranslateInput,
} from './provider';

/** Our codes -> Google Cloud Translation's (its Chinese needs a script; Norwegian is 'no'). */
const GOOGLE_CODES: Record<string, string> = { zh: 'zh-CN', nb: 'no' };
export const googleLanguage = (code: string): string => GOOGLE_CODES[code] ?? code;

/** Reasons Google gives (403/429) when the project's quota or rate limit is used up. */
const QUOTA_REASONS = new Set([
  'dailyLimitExceeded',
  'dailyLimitExceededUnreg',
  'quotaExceeded',
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'characterLimitExceeded',
]);

export interface TGoogleOptions {
  apiKey: string;
  /** A host name (like the SDK's apiEndpoint) or a full base URL such as http://127.0.0.1:9000 (tests, proxies). */
  endpoint?: string;
}

type TRequestArgs = Parameters<v2.Translate['request']>;

/**
 * The SDK's v2 client with its own transport for API-key requests. The SDK's transport (teeny-request, which loads
 * node-fetch by a dynamic import) can neither be cancelled nor run under Jest's CommonJS VM; this one uses Node's
 * fetch with an AbortSignal and no automatic retries. The SDK still builds the request (`translate()` -> `request()`,
 * its documented override point) and parses the answer.
 */
class FetchTranslate extends v2.Translate {
  /** Set just before `translate()`, which calls `request()` synchronously. */
  signal?: AbortSignal;

  override request(reqOpts: TRequestArgs[0], callback: TRequestArgs[1]): void {
    const signal = this.signal;
    this.signal = undefined;
    const url = new URL(this.baseUrl + (reqOpts.uri ?? ''));
    url.searchParams.set('key', this.key ?? '');
    const done = callback as (err: Error | null, body?: unknown, res?: unknown) => void;
    fetch(url, {
      method: reqOpts.method ?? 'GET',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: reqOpts.json === undefined ? undefined : JSON.stringify(reqOpts.json),
      signal,
    })
      .then(async (res) => {
        const text = await res.text();
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : {};
        } catch {
          body = { error: { message: text.slice(0, 200) } };
        }
        if (res.ok) return done(null, body, res);
        const error = (body as { error?: { message?: string; errors?: { reason?: string }[] } }).error ?? {};
        done(
          Object.assign(new Error(error.message ?? `HTTP ${res.status}`), {
            code: res.status,
            errors: error.errors ?? [],
          }),
          body,
          res,
        );
      })
      .catch((e: unknown) => done(e instanceof Error ? e : new Error(String(e))));
  }
}

/**
 * Google Cloud Translation, Basic edition (v2 REST API) with an API key, through `@google-cloud/translate`'s v2
 * client: POST {base}/language/translate/v2?key=... with {q, source, target, format: 'text'}.
 */
export class GoogleTranslationProvider implements TBatchTranslationProvider {
  readonly name = 'google' as const;
  readonly cacheable = true;
  private readonly client: FetchTranslate;

  constructor(options: TGoogleOptions) {
    const full = options.endpoint && /^https?:\/\//.test(options.endpoint);
    this.client = new FetchTranslate({
      key: options.apiKey,
      autoRetry: false,
      apiEndpoint: full ? undefined : options.endpoint,
    });
    // the SDK builds https://{apiEndpoint}/language/translate/v2; a full URL (http fake, proxy) replaces it whole
    if (full) this.client.baseUrl = `${options.endpoint!.replace(/\/+$/, '')}/language/translate/v2`;
  }

  async translate(input: TTranslateInput, signal: AbortSignal): Promise<string> {
    try {
      this.client.signal = signal;
      const [translation] = await raceAbort(
        this.client.translate(input.text, {
          from: googleLanguage(input.source),
          to: googleLanguage(input.target),
          format: 'text',
        }),
        signal,
      );
      if (typeof translation !== 'string') throw new Error('Unexpected answer from Google Translation');
      return translation;
    } catch (e) {
      throw classifyGoogleError(e);
    }
  }

  /** Several texts in one request (Google takes up to 128 per request). */
  async translateMany(
    texts: string[],
    source: TTranslateInput['source'],
    target: TTranslateInput['target'],
    signal: AbortSignal,
  ): Promise<string[]> {
    try {
      this.client.signal = signal;
      const [translations] = await raceAbort(
        this.client.translate(texts, {
          from: googleLanguage(source),
          to: googleLanguage(target),
          format: 'text',
        }),
        signal,
      );
      const out: unknown[] = Array.isArray(translations) ? translations : [translations];
      if (out.length !== texts.length || out.some((t) => typeof t !== 'string'))
        throw new Error('Unexpected answer from Google Translation');
      return out as string[];
    } catch (e) {
      throw classifyGoogleError(e);
    }
  }
}

export function classifyGoogleError(e: unknown): TranslationProviderError {
  if (e instanceof TranslationProviderError) return e;
  const err = e as {
    code?: number | string;
    errors?: { reason?: string }[];
    type?: string;
    name?: string;
    message?: string;
  };
  const status = typeof err.code === 'number' ? err.code : undefined;
  const reasons = (err.errors ?? []).map((x) => x.reason ?? '');
  if (status === 429 || (status === 403 && reasons.some((r) => QUOTA_REASONS.has(r)))) {
    return new TranslationProviderError(
      'quota',
      `Google Translation quota exhausted (${status} ${reasons.join(',')})`,
      undefined,
      // a 429 is a rate limit that passes; a 403 is the day's quota
      { cause: e, retryable: status === 429 },
    );
  }
  if (err.type === 'request-timeout' || err.name === 'AbortError' || err.code === 'ETIMEDOUT') {
    return new TranslationProviderError('timeout', 'Google Translation did not answer in time', undefined, {
      cause: e,
    });
  }
  return new TranslationProviderError(
    'failed',
    `Google Translation failed: ${status ?? ''} ${err.message ?? String(e)}`.trim(),
    undefined,
    { cause: e, retryable: status === undefined || status >= 500 },
  );
}

import type { TTranslationRequest, TTranslationResponse } from '@polski/contracts';
import { ERROR_CODES, TRANSLATION_MESSAGES } from '@polski/contracts';
import type { TDb } from '../../lib/db';
import type { TLogger } from '../../lib/logger';
import {
  BadGatewayError,
  ServiceUnavailableError,
  TooManyRequestsError,
  ValidationError,
} from '../../lib/errors';
import type { TRateLimiter } from '../rate-limit/rate-limiter';
import type { LessonMemory } from './lesson-memory';
import { TranslationProviderError, type TTranslationProvider } from './providers/provider';

/** trimmed, runs of whitespace collapsed to one space, NFC; case kept (it matters to a translation). */
export function normalizeText(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/**
 * PostgreSQL's b-tree index entries are limited to about 2.7 kB; texts longer than this (in UTF-8) are translated
 * but not cached, so the unique index of translation_cache never refuses a row.
 */
export const CACHE_MAX_BYTES = 2000;

export interface TTranslationServiceDeps {
  db: TDb;
  limiter: TRateLimiter;
  logger: TLogger;
  timeoutMs: number;
  rateLimit: number;
  rateWindowSeconds: number;
  /** Our lessons' reviewed translations, answered before any provider (absent: none). */
  memory?: Pick<LessonMemory, 'lookup'>;
}

/** Runs one translation: per-user limit, cache, the provider under a timeout, errors turned into the API's. */
export class TranslationService {
  constructor(private readonly deps: TTranslationServiceDeps) {}

  /**
   * `premium`: whether the reader has active premium now (the routes require it; the memory checks it again, so a
   * premium lesson's translation never answers anyone else).
   */
  async translate(
    provider: TTranslationProvider,
    userId: string,
    req: TTranslationRequest,
    premium = false,
  ): Promise<TTranslationResponse> {
    await this.checkRate(userId);
    const text = normalizeText(req.inputText);
    const input = { text, source: req.sourceLanguage, target: req.targetLanguage };
    const ours = await this.deps.memory?.lookup(text, input.source, input.target, premium);
    if (ours !== undefined) return { translation: ours, provider: provider.name, source: 'lessons' };
    const cacheable = provider.cacheable && Buffer.byteLength(text, 'utf8') <= CACHE_MAX_BYTES;
    const respond = (translation: string): TTranslationResponse =>
      provider.note
        ? { translation, provider: provider.name, note: provider.note, source: 'provider' }
        : { translation, provider: provider.name, source: 'provider' };

    if (cacheable) {
      const cached = await this.cacheHit(provider.name, input.source, input.target, text);
      if (cached !== null) return respond(cached);
    }
    const translation = await this.callProvider(provider, input);
    if (cacheable) await this.cacheStore(provider.name, input.source, input.target, text, translation);
    return respond(translation);
  }

  private async checkRate(userId: string): Promise<void> {
    const { limiter, rateLimit, rateWindowSeconds } = this.deps;
    const state = await limiter.consume(`translate:user:${userId}`, rateWindowSeconds, rateLimit);
    if (!state.allowed)
      throw new TooManyRequestsError(TRANSLATION_MESSAGES.tooManyRequests, limiter.secondsUntil(state));
  }

  private async callProvider(
    provider: TTranslationProvider,
    input: Parameters<TTranslationProvider['translate']>[0],
  ): Promise<string> {
    const controller = new AbortController();
    const timer = setTimeout(
      () =>
        controller.abort(
          new TranslationProviderError(
            'timeout',
            `${provider.name} did not answer within ${this.deps.timeoutMs} ms`,
          ),
        ),
      this.deps.timeoutMs,
    );
    try {
      return await provider.translate(input, controller.signal);
    } catch (e) {
      throw this.toApiError(provider, e);
    } finally {
      clearTimeout(timer);
    }
  }

  private toApiError(provider: TTranslationProvider, e: unknown): Error {
    const err =
      e instanceof TranslationProviderError
        ? e
        : new TranslationProviderError('failed', String(e), undefined, { cause: e });
    this.deps.logger.warn({ provider: provider.name, kind: err.kind, err: err.cause ?? err }, err.message);
    switch (err.kind) {
      case 'unsupported_language':
        return ValidationError.field(err.field ?? 'targetLanguage', err.message);
      case 'timeout':
        return new ServiceUnavailableError(ERROR_CODES.translationTimeout, TRANSLATION_MESSAGES.timeout);
      case 'quota':
        return new ServiceUnavailableError(ERROR_CODES.translationQuota, TRANSLATION_MESSAGES.quota, 3600);
      default:
        return new BadGatewayError(ERROR_CODES.translationFailed, TRANSLATION_MESSAGES.providerFailed);
    }
  }

  /** One statement: counts the hit and returns the stored translation, or null when there is none. */
  private async cacheHit(
    provider: string,
    source: string,
    target: string,
    text: string,
  ): Promise<string | null> {
    const rows = await this.deps.db.$queryRaw<{ translation: string }[]>`
      UPDATE translation_cache SET hits = hits + 1
      WHERE provider = ${provider} AND source_language = ${source} AND target_language = ${target}
        AND normalized_text = ${text}
      RETURNING translation`;
    return rows.length ? rows[0].translation : null;
  }

  private async cacheStore(
    provider: string,
    source: string,
    target: string,
    text: string,
    translation: string,
  ): Promise<void> {
    try {
      await this.deps.db.translationCache.upsert({
        where: {
          provider_sourceLanguage_targetLanguage_normalizedText: {
            provider,
            sourceLanguage: source,
            targetLanguage: target,
            normalizedText: text,
          },
        },
        create: {
          provider,
          sourceLanguage: source,
          targetLanguage: target,
          normalizedText: text,
          translation,
        },
        update: { translation },
      });
    } catch (e) {
      // the user still gets the translation; only the cache missed a row
      this.deps.logger.warn({ err: e }, 'could not store a translation in the cache');
    }
  }
}

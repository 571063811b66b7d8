import { ApiError, hasErrorCode } from '../../../lib/api-client';
import { t } from '../../../lib/i18n/i18n';

/** A 403 premium_required: the translator is a premium benefit (the caller opens the premium modal). */
export function isPremiumRequired(err: unknown): boolean {
  return hasErrorCode(err, 'premium_required');
}

/**
 * What the results box says when a translation failed, by the answer's code, in the interface language. The
 * translator's own failures read the catalogue's `translator.*` texts (in English the contract's
 * TRANSLATION_MESSAGES, the ones the API sends with those codes); a rate limit and any other answer of the API say
 * the API's message (in the learner's language when its code has a text: lib/api-failure.ts).
 */
export function failureMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return t('translator.somethingWentWrong');
  if (err.status === 0) return t('translator.connectionFailed'); // no answer at all
  const sent = err.messages.join(' ');
  switch (err.code) {
    case 'premium_required':
      return t('translator.premiumRequired');
    case 'translation_timeout':
      return t('translator.timeout');
    case 'translation_quota':
      return t('translator.quota');
    case 'translation_failed':
      return t('translator.providerFailed');
    case 'rate_limited':
      return sent || t('translator.tooManyRequests');
    case 'internal_error':
      return t('translator.somethingWentWrong');
    default:
      return sent || t('translator.somethingWentWrong');
  }
}

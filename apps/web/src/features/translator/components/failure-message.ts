import { TRANSLATION_MESSAGES } from '@polski/contracts';
import { ApiError, hasErrorCode } from '../../../lib/api-client';

export const CONNECTION_FAILED =
  'The translator could not be reached. Please check your connection and try again.';
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** A 403 premium_required: the translator is a premium benefit (the caller opens the premium modal). */
export function isPremiumRequired(err: unknown): boolean {
  return hasErrorCode(err, 'premium_required');
}

/**
 * What the results box says when a translation failed, by the answer's code. The translator's own failures read
 * the contract's texts (TRANSLATION_MESSAGES, the ones the API sends with those codes); a rate limit and any other
 * answer of the API say the API's message.
 */
export function failureMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return SOMETHING_WENT_WRONG;
  if (err.status === 0) return CONNECTION_FAILED; // no answer at all
  const sent = err.messages.join(' ');
  switch (err.code) {
    case 'premium_required':
      return TRANSLATION_MESSAGES.premiumRequired;
    case 'translation_timeout':
      return TRANSLATION_MESSAGES.timeout;
    case 'translation_quota':
      return TRANSLATION_MESSAGES.quota;
    case 'translation_failed':
      return TRANSLATION_MESSAGES.providerFailed;
    case 'rate_limited':
      return sent || TRANSLATION_MESSAGES.tooManyRequests;
    case 'internal_error':
      return SOMETHING_WENT_WRONG;
    default:
      return sent || SOMETHING_WENT_WRONG;
  }
}

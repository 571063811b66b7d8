import { ERROR_CODES, TRANSLATION_MESSAGES } from '@polski/contracts';
import { ApiError } from '../../../lib/api-client';

export const CONNECTION_FAILED =
  'The translator could not be reached. Please check your connection and try again.';
export const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';

/** A 403 premium_required: the translator is a premium benefit (the caller opens the premium modal). */
export function isPremiumRequired(err: unknown): boolean {
  if (!(err instanceof ApiError) || err.status !== 403) return false;
  const code = (err.body as { code?: unknown } | null)?.code;
  return code === undefined || code === ERROR_CODES.premiumRequired;
}

/** What the results box says when a translation failed; the API's own message wherever it sent one. */
export function failureMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return SOMETHING_WENT_WRONG;
  const sent = err.messages.join(' ');
  switch (err.status) {
    case 0:
      return CONNECTION_FAILED;
    case 403:
      return isPremiumRequired(err) ? TRANSLATION_MESSAGES.premiumRequired : sent || SOMETHING_WENT_WRONG;
    case 429:
      return sent || TRANSLATION_MESSAGES.tooManyRequests;
    case 502:
      return sent || TRANSLATION_MESSAGES.providerFailed;
    case 503:
      return sent || TRANSLATION_MESSAGES.timeout;
    case 500:
      return SOMETHING_WENT_WRONG;
    default:
      return sent || SOMETHING_WENT_WRONG;
  }
}

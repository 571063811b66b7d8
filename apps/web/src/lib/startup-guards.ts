import type { TPaymentsConfigResponse, TUserResponse } from '@polski/contracts';

/**
 * Hand-written checks for the two shapes the app reads before the first page is shown: the stored signed-in user
 * (local storage, then GET payments/user-updated-roles) and GET payments/config. They accept and return exactly
 * what ZUserResponseSchema and ZPaymentsConfigResponseSchema of @polski/contracts accept and return (unknown keys
 * dropped); startup-guards.spec.ts holds them to that with generated input. They exist so that zod, about 28 KB
 * gzipped, stays out of the JavaScript the home page needs before it can render; every other response is still
 * parsed with the contracts' zod schemas, in the lazily loaded code that asks for it.
 */

type TRecord = Record<string, unknown>;

const isRecord = (v: unknown): v is TRecord => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';

/** The signed-in user (ZUserResponseSchema), or null when `value` is not one. */
export function toUserResponse(value: unknown): TUserResponse | null {
  if (!isRecord(value)) return null;
  const { token, username, email, lang, emailConfirmed, roles, cus, premiumLifetime } = value;
  if (!isString(token) || !isString(username) || !isString(email) || !isString(lang)) return null;
  if (!isBoolean(emailConfirmed) || !isBoolean(premiumLifetime)) return null;
  if (!Array.isArray(roles) || !roles.every(isString)) return null;
  if (cus !== null && !isString(cus)) return null;
  return { token, username, email, lang, emailConfirmed, roles: [...roles], cus, premiumLifetime };
}

const OFFERS: readonly TPaymentsConfigResponse['offer'][] = ['one-time', 'subscription'];

/** GET payments/config (ZPaymentsConfigResponseSchema), or null when `value` is not one. */
export function toPaymentsConfig(value: unknown): TPaymentsConfigResponse | null {
  if (!isRecord(value)) return null;
  const { offer, testMode } = value;
  if (!OFFERS.includes(offer as TPaymentsConfigResponse['offer']) || !isBoolean(testMode)) return null;
  return { offer: offer as TPaymentsConfigResponse['offer'], testMode };
}

/** A server answer that is not the expected shape: thrown like a failed zod parse would be. */
export class UnexpectedResponseError extends Error {
  override readonly name = 'UnexpectedResponseError';
  constructor(
    readonly what: string,
    readonly body: unknown,
  ) {
    super(`Unexpected ${what} response`);
  }
}

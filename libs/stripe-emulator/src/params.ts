import { errors } from './api-errors';
import type { TFormObject, TFormValue } from './form-encoding';

/**
 * Reading Stripe-style parameters. Every endpoint declares the parameters Stripe's API has for it (`real`, taken
 * from the installed SDK's `*Params` types) and the ones the emulator handles (`accepted`). A name Stripe does not
 * know is `parameter_unknown`, as Stripe answers; a real parameter the emulator does not implement is refused too
 * (same code, a message that says so) instead of being ignored, so code never relies on behaviour the emulator
 * only pretends to have.
 */
export interface TParamSpec {
  accepted: readonly string[];
  real: readonly string[];
}

export function checkParams(data: TFormObject, spec: TParamSpec): void {
  for (const key of Object.keys(data)) {
    if (spec.accepted.includes(key)) continue;
    if (spec.real.includes(key)) throw errors.notEmulated(key);
    throw errors.unknownParam(key);
  }
}

function describe(value: TFormValue): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function optionalString(data: TFormObject, key: string, param = key): string | undefined {
  const v = data[key];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw errors.invalid(`Invalid string: ${describe(v)}`, param);
  return v;
}

export function requiredString(data: TFormObject, key: string, param = key): string {
  const v = optionalString(data, key, param);
  if (v === undefined || v === '') throw errors.missingParam(param);
  return v;
}

/** A string that may be unset with an empty value (`email=`), as Stripe's update endpoints allow. */
export function nullableString(data: TFormObject, key: string, param = key): string | null | undefined {
  const v = optionalString(data, key, param);
  if (v === undefined) return undefined;
  return v === '' ? null : v;
}

export function optionalInteger(data: TFormObject, key: string, param = key): number | undefined {
  const v = optionalString(data, key, param);
  if (v === undefined) return undefined;
  if (!/^-?\d+$/.test(v)) throw errors.invalidInteger(param, v);
  const n = Number(v);
  if (!Number.isSafeInteger(n)) throw errors.invalidInteger(param, v);
  return n;
}

export function optionalBoolean(data: TFormObject, key: string, param = key): boolean | undefined {
  const v = optionalString(data, key, param);
  if (v === undefined) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw errors.invalidBoolean(param, v);
}

export function optionalEnum<T extends string>(
  data: TFormObject,
  key: string,
  allowed: readonly T[],
  param = key,
): T | undefined {
  const v = optionalString(data, key, param);
  if (v === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(v)) throw errors.invalidEnum(param, allowed);
  return v as T;
}

export function optionalObject(data: TFormObject, key: string, param = key): TFormObject | undefined {
  const v = data[key];
  if (v === undefined || v === '') return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw errors.invalid(`Invalid object`, param);
  return v;
}

export function optionalArray(data: TFormObject, key: string, param = key): TFormValue[] | undefined {
  const v = data[key];
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v === '' ? [] : [v];
  if (!Array.isArray(v)) throw errors.invalid(`Invalid array`, param);
  return v;
}

export function optionalStringArray(data: TFormObject, key: string, param = key): string[] | undefined {
  const v = optionalArray(data, key, param);
  if (v === undefined) return undefined;
  return v.map((item, i) => {
    if (typeof item !== 'string') throw errors.invalid(`Invalid string: ${describe(item)}`, `${param}[${i}]`);
    return item;
  });
}

export function expandParam(data: TFormObject): string[] {
  return optionalStringArray(data, 'expand') ?? [];
}

/**
 * Stripe's metadata rules: up to 50 keys, keys up to 40 characters, values up to 500; `metadata[k]=` removes a
 * key and `metadata=` removes them all.
 */
export function applyMetadata(
  current: Record<string, string> | null | undefined,
  raw: TFormValue | undefined,
  param = 'metadata',
): Record<string, string> {
  const next: Record<string, string> = { ...(current ?? {}) };
  if (raw === undefined) return next;
  if (raw === '') return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw errors.invalid('Invalid hash', param);
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== 'string')
      throw errors.invalid(`Invalid metadata value for key ${key}`, `${param}[${key}]`);
    if (key.length > 40) {
      throw errors.invalid('Metadata keys can have up to 40 characters.', `${param}[${key}]`);
    }
    if (value.length > 500) {
      throw errors.invalid('Metadata values can have up to 500 characters.', `${param}[${key}]`);
    }
    if (value === '') delete next[key];
    else next[key] = value;
  }
  if (Object.keys(next).length > 50) throw errors.invalid('You can have up to 50 metadata keys.', param);
  return next;
}

export function validateEmail(email: string, param: string): string {
  if (email.length > 512 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    throw errors.invalid(`Invalid email address: ${email}`, param, 'email_invalid');
  }
  return email;
}

export function validateUrl(url: string, param: string): string {
  try {
    const parsed = new URL(url.split('{CHECKOUT_SESSION_ID}').join('x'));
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw errors.invalid('Not a valid URL', param, 'url_invalid');
  }
  return url;
}

export function limitParam(data: TFormObject): number {
  const limit = optionalInteger(data, 'limit') ?? 10;
  if (limit < 1) throw errors.invalid('This value must be greater than or equal to 1.', 'limit');
  if (limit > 100) throw errors.invalid('This value must be less than or equal to 100.', 'limit');
  return limit;
}

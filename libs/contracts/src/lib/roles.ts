import { ROLES } from './constants';

// Without zod (account.ts has the account's schemas): the pages that only ask whether a user is premium do not load it.

/** Roles of a token's role claim: a single value or a list (docs/product.md, "Sessions and tokens"). */
export function rolesFromClaim(claim: unknown): string[] {
  if (typeof claim === 'string') return [claim];
  if (Array.isArray(claim)) return claim.filter((r): r is string => typeof r === 'string');
  return [];
}

export function isPremiumRole(roles: readonly string[]): boolean {
  return roles.includes(ROLES.premium);
}

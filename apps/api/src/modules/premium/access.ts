import { ROLES } from '@polski/contracts';

export interface TAccessFields {
  premiumUntil: Date | null;
  premiumLifetime: boolean;
  roles: string[];
}

/** docs/product.md, "Who is premium": premium = holds PremiumMember and access has not expired. Decided from the
 * user row (the database, or the change-notified user cache), never from the token. */
export function hasActivePremium(user: TAccessFields, now: Date): boolean {
  if (!user.roles.includes(ROLES.premium)) return false;
  return user.premiumLifetime || (user.premiumUntil !== null && user.premiumUntil.getTime() > now.getTime());
}

/** Roles as the client sees them: PremiumMember only while access lasts. */
export function effectiveRoles(user: TAccessFields, now: Date): string[] {
  const active = hasActivePremium(user, now);
  const roles = user.roles.filter((r) => r !== ROLES.premium);
  if (active) roles.push(ROLES.premium);
  const order = [ROLES.member, ROLES.premium, ROLES.admin] as string[];
  return roles.sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

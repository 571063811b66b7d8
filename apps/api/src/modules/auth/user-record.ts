import type { TUserResponse, TSettingsResponse } from '@polski/contracts';
import type { Prisma, PrismaClient } from '../../generated/prisma/client';
import { effectiveRoles } from '../premium/access';
import type { TTokenService } from './tokens';

export const userWithRoles = { roles: { include: { role: true } }, customer: true } as const;
export type TUserRow = Prisma.UserGetPayload<{ include: typeof userWithRoles }>;
type TDbLike = PrismaClient | Prisma.TransactionClient;

/** The signed-in user as the API sees it: the database row with its role names. */
export interface TAuthUser {
  id: string;
  username: string;
  email: string;
  nativeLanguage: string;
  emailConfirmed: boolean;
  tokenVersion: number;
  premiumUntil: Date | null;
  premiumLifetime: boolean;
  roles: string[];
  stripeCustomerId: string | null;
}

export function toAuthUser(row: TUserRow): TAuthUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    nativeLanguage: row.nativeLanguage,
    emailConfirmed: row.emailConfirmed,
    tokenVersion: row.tokenVersion,
    premiumUntil: row.premiumUntil,
    premiumLifetime: row.premiumLifetime,
    roles: row.roles.map((r) => r.role.name),
    stripeCustomerId: row.customer?.stripeCustomerId ?? null,
  };
}

export async function findAuthUser(db: TDbLike, id: string): Promise<TAuthUser | null> {
  const row = await db.user.findUnique({ where: { id }, include: userWithRoles });
  return row ? toAuthUser(row) : null;
}

/** The spec's user payload (login, register, get-session, user-updated-roles) with a fresh token. */
export function userResponse(user: TAuthUser, tokens: TTokenService, now: Date): TUserResponse {
  const roles = effectiveRoles(user, now);
  const premium = roles.includes('PremiumMember');
  return {
    token: tokens.sign({ sub: user.id, ver: user.tokenVersion, roles }),
    username: user.username,
    email: user.email,
    lang: user.nativeLanguage,
    emailConfirmed: user.emailConfirmed,
    roles,
    cus: premium && !user.premiumLifetime && user.premiumUntil ? user.premiumUntil.toISOString() : null,
    premiumLifetime: premium && user.premiumLifetime,
  };
}

export function settingsResponse(user: TAuthUser, now: Date): TSettingsResponse {
  const roles = effectiveRoles(user, now);
  const premium = roles.includes('PremiumMember');
  return {
    username: user.username,
    emailAddress: user.email,
    emailConfirmed: user.emailConfirmed,
    roles,
    premiumExpirationDate:
      premium && !user.premiumLifetime && user.premiumUntil ? user.premiumUntil.toISOString() : null,
    premiumLifetime: premium && user.premiumLifetime,
    chosenNativeLanguage: user.nativeLanguage,
    hasBillingAccount: Boolean(user.stripeCustomerId),
  };
}

import { SESSION_MAX_AGE_SECONDS, type TSettingsResponse, type TUserResponse } from '@polski/contracts';
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

/**
 * A signed-in session as the API checks it (the sessions table): ended by a logout (`revokedAt`) and
 * SESSION_MAX_AGE_SECONDS after `signedInAt`.
 */
export interface TSessionState {
  id: string;
  signedInAt: Date;
  revokedAt: Date | null;
}

/** The session a request is authenticated with (set by auth.middleware next to req.user). */
export interface TAuthSession {
  id: string;
  signedInAt: Date;
}

/** Whether a session may still be used at `now` (docs/product.md, "Sessions and tokens"). */
export function isSessionLive(
  session: TSessionState | null | undefined,
  now: Date,
): session is TSessionState {
  return (
    !!session &&
    session.revokedAt === null &&
    now.getTime() < session.signedInAt.getTime() + SESSION_MAX_AGE_SECONDS * 1000
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user with role names and Stripe customer in one statement: every authenticated request runs this, and the
 * client's `include` costs four round trips (users, user_roles, roles, payment_customers).
 */
export async function findAuthUser(db: TDbLike, id: string): Promise<TAuthUser | null> {
  return (await findAuthUserAndSession(db, id, null))?.user ?? null;
}

/**
 * The user as findAuthUser reads it and, in the same statement, one of the user's sessions (null: no such session
 * of this user).
 */
export async function findAuthUserAndSession(
  db: TDbLike,
  id: string,
  sessionId: string | null,
): Promise<{ user: TAuthUser; session: TSessionState | null } | null> {
  if (!UUID.test(id)) return null;
  const sid = sessionId !== null && UUID.test(sessionId) ? sessionId : null;
  const rows = await db.$queryRaw<
    {
      id: string;
      username: string;
      email: string;
      native_language: string;
      email_confirmed: boolean;
      token_version: number;
      premium_until: Date | null;
      premium_lifetime: boolean;
      stripe_customer_id: string | null;
      roles: string[] | null;
      session_id: string | null;
      signed_in_at: Date | null;
      revoked_at: Date | null;
    }[]
  >`
    SELECT u.id, u.username, u.email, u.native_language, u.email_confirmed, u.token_version, u.premium_until,
      u.premium_lifetime, pc.stripe_customer_id,
      (SELECT array_agg(r.name ORDER BY ur.created_at, r.id) FROM user_roles ur JOIN roles r ON r.id = ur.role_id
        WHERE ur.user_id = u.id) AS roles,
      s.id AS session_id, s.signed_in_at, s.revoked_at
    FROM users u LEFT JOIN payment_customers pc ON pc.user_id = u.id
      LEFT JOIN sessions s ON s.id = ${sid}::uuid AND s.user_id = u.id
    WHERE u.id = ${id}::uuid`;
  const row = rows[0];
  if (!row) return null;
  return {
    user: {
      id: row.id,
      username: row.username,
      email: row.email,
      nativeLanguage: row.native_language,
      emailConfirmed: row.email_confirmed,
      tokenVersion: Number(row.token_version),
      premiumUntil: row.premium_until === null ? null : new Date(row.premium_until),
      premiumLifetime: row.premium_lifetime,
      roles: row.roles ?? [],
      stripeCustomerId: row.stripe_customer_id,
    },
    session:
      row.session_id === null || row.signed_in_at === null
        ? null
        : {
            id: row.session_id,
            signedInAt: new Date(row.signed_in_at),
            revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
          },
  };
}

/** One session of one user (null: no such session of this user). */
export async function findSession(
  db: TDbLike,
  userId: string,
  sessionId: string,
): Promise<TSessionState | null> {
  if (!UUID.test(userId) || !UUID.test(sessionId)) return null;
  return db.session.findFirst({
    where: { id: sessionId, userId },
    select: { id: true, signedInAt: true, revokedAt: true },
  });
}

/**
 * The user payload (docs/product.md, "The stored user") of login, register, get-session and user-updated-roles,
 * with a fresh token of `session`: its id and sign-in time go into the token unchanged, so a refresh never extends
 * the session.
 */
export function userResponse(
  user: TAuthUser,
  tokens: TTokenService,
  now: Date,
  session: TAuthSession,
): TUserResponse {
  const roles = effectiveRoles(user, now);
  const premium = roles.includes('PremiumMember');
  return {
    token: tokens.sign({
      sub: user.id,
      ver: user.tokenVersion,
      roles,
      sid: session.id,
      authTime: Math.floor(session.signedInAt.getTime() / 1000),
    }),
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

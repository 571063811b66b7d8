import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from './constants';
import { ZNativeLanguageSchema } from './languages';

/** The validation messages of docs/product.md, "Validation". */
export const messages = {
  required: (label: string) => `Please enter ${label}`,
  minLength: (label: string, n: number) => `${label} must be at least ${n} characters long`,
  maxLength: (label: string, n: number) => `${label} must be at most ${n} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  invalidEmail: 'Please enter a valid Email Address',
} as const;

export const FIELD_LABELS = {
  username: 'Username',
  email: 'Email Address',
  usernameOrEmail: 'Username or Email',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  lang: 'Native Language',
  newLanguage: 'Native Language',
} as const;

export const USERNAME_MAX_LENGTH = 32;
export const EMAIL_MAX_LENGTH = 254;

const requiredTrimmed = (label: string, max: number) =>
  z
    .string({ error: messages.required(label) })
    .trim()
    .min(1, messages.required(label))
    .max(max, messages.maxLength(label, max));

export const ZPasswordSchema = (label: string = FIELD_LABELS.password) =>
  z
    .string({ error: messages.required(label) })
    .min(1, messages.required(label))
    .min(PASSWORD_MIN_LENGTH, messages.minLength(label, PASSWORD_MIN_LENGTH))
    .max(PASSWORD_MAX_LENGTH, messages.maxLength(label, PASSWORD_MAX_LENGTH));

export const ZUsernameSchema = requiredTrimmed(FIELD_LABELS.username, USERNAME_MAX_LENGTH).regex(
  /^[\p{L}\p{N}._-]+$/u,
  'Username may contain only letters, digits, dots, dashes and underscores',
);

export const ZEmailSchema = requiredTrimmed(FIELD_LABELS.email, EMAIL_MAX_LENGTH).pipe(
  z.email({ error: messages.invalidEmail }),
);

// ---- login / register --------------------------------------------------------------------------------------
export const ZLoginRequestSchema = z.object({
  usernameOrEmail: requiredTrimmed(FIELD_LABELS.usernameOrEmail, EMAIL_MAX_LENGTH),
  password: z
    .string({ error: messages.required(FIELD_LABELS.password) })
    .min(1, messages.required(FIELD_LABELS.password))
    .max(200, messages.maxLength(FIELD_LABELS.password, 200)),
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;

export const ZRegisterRequestSchema = z
  .object({
    username: ZUsernameSchema,
    email: ZEmailSchema,
    lang: ZNativeLanguageSchema,
    password: ZPasswordSchema(),
    confirmPassword: z
      .string({ error: messages.required(FIELD_LABELS.confirmPassword) })
      .min(1, messages.required(FIELD_LABELS.confirmPassword)),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type TRegisterRequest = z.infer<typeof ZRegisterRequestSchema>;

/**
 * The signed-in user, as returned by login/register and kept in local storage under `user` (docs/product.md, "The
 * stored user").
 */
export const ZUserResponseSchema = z.object({
  token: z.string(),
  username: z.string(),
  email: z.string(),
  lang: z.string(),
  emailConfirmed: z.boolean(),
  roles: z.array(z.string()),
  /** Premium expiration as ISO 8601, or null (docs/product.md, "The access record"). */
  cus: z.string().nullable(),
  premiumLifetime: z.boolean(),
});
export type TUserResponse = z.infer<typeof ZUserResponseSchema>;

export const ZSettingsResponseSchema = z.object({
  username: z.string(),
  emailAddress: z.string(),
  emailConfirmed: z.boolean(),
  roles: z.array(z.string()),
  premiumExpirationDate: z.string().nullable(),
  premiumLifetime: z.boolean(),
  chosenNativeLanguage: z.string(),
  hasBillingAccount: z.boolean(),
});
export type TSettingsResponse = z.infer<typeof ZSettingsResponseSchema>;

// ---- email / password flows --------------------------------------------------------------------------------
const ZOneTimeTokenSchema = z
  .string({ error: 'The link is invalid or has expired' })
  .trim()
  .min(1, 'The link is invalid or has expired')
  .max(200, 'The link is invalid or has expired');
const ZUserIdParamSchema = z
  .string({ error: 'The link is invalid or has expired' })
  .trim()
  .min(1, 'The link is invalid or has expired')
  .max(64, 'The link is invalid or has expired');

export const ZConfirmEmailRequestSchema = z.object({
  token: ZOneTimeTokenSchema,
  userid: ZUserIdParamSchema,
});
export type TConfirmEmailRequest = z.infer<typeof ZConfirmEmailRequestSchema>;

export const ZForgotPasswordRequestSchema = z.object({ email: ZEmailSchema });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequestSchema>;

export const ZResetPasswordRequestSchema = z
  .object({
    password: ZPasswordSchema(),
    confirmPassword: z
      .string({ error: messages.required(FIELD_LABELS.confirmPassword) })
      .min(1, messages.required(FIELD_LABELS.confirmPassword)),
    token: ZOneTimeTokenSchema,
    userid: ZUserIdParamSchema,
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequestSchema>;

export const ZChangeLanguageRequestSchema = z.object({ newLanguage: ZNativeLanguageSchema });
export type TChangeLanguageRequest = z.infer<typeof ZChangeLanguageRequestSchema>;

export const ZMessageResponseSchema = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponseSchema>;

// ---- payment-redirect session ------------------------------------------------------------------------------
export const ZSaveSessionResponseSchema = z.object({ message: z.string(), userId: z.string() });
export type TSaveSessionResponse = z.infer<typeof ZSaveSessionResponseSchema>;

/** Roles of a token's role claim: a single value or a list (docs/product.md, "Sessions and tokens"). */
export function rolesFromClaim(claim: unknown): string[] {
  if (typeof claim === 'string') return [claim];
  if (Array.isArray(claim)) return claim.filter((r): r is string => typeof r === 'string');
  return [];
}

export function isPremiumRole(roles: readonly string[]): boolean {
  return roles.includes(ROLES.premium);
}

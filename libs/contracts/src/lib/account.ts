import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
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
  currentPassword: 'Current Password',
  newEmail: 'New Email Address',
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

/** The password rules beyond length (docs/product.md, "Validation"); the API checks them again. */
export const PASSWORD_RULE_MESSAGES = {
  repeated: 'Password must not be one character repeated',
  sameAsUsername: 'Password must not be the same as the username',
  sameAsEmail: 'Password must not be the same as the email address or the part before the @',
} as const;

/** Compared as a person reads them: Unicode compatibility form (NFKC), trimmed, ignoring case. */
const comparable = (s: string) => s.normalize('NFKC').trim().toLowerCase();

/** The password is one character repeated ('aaaaaa', '111111'); any length. */
export function isOneRepeatedCharacter(password: string): boolean {
  const chars = Array.from(password);
  return chars.length > 0 && chars.every((c) => c === chars[0]);
}

/**
 * What is wrong with a password given the account's username and email (empty: nothing): equal to the username, to
 * the email, or to the email's part before the @, ignoring case. Register checks it in its schema, reset on the
 * server (the reset form does not know the account).
 */
export function passwordIdentityProblems(
  password: string,
  account: { username?: string; email?: string },
): string[] {
  const p = comparable(password);
  if (!p) return [];
  const problems: string[] = [];
  if (account.username && p === comparable(account.username))
    problems.push(PASSWORD_RULE_MESSAGES.sameAsUsername);
  if (account.email) {
    const email = comparable(account.email);
    const at = email.lastIndexOf('@');
    if (p === email || (at > 0 && p === email.slice(0, at)))
      problems.push(PASSWORD_RULE_MESSAGES.sameAsEmail);
  }
  return problems;
}

export const ZPasswordSchema = (label: string = FIELD_LABELS.password) =>
  z
    .string({ error: messages.required(label) })
    .min(1, messages.required(label))
    .min(PASSWORD_MIN_LENGTH, messages.minLength(label, PASSWORD_MIN_LENGTH))
    .max(PASSWORD_MAX_LENGTH, messages.maxLength(label, PASSWORD_MAX_LENGTH))
    .refine(
      (p) => p.length < PASSWORD_MIN_LENGTH || !isOneRepeatedCharacter(p),
      PASSWORD_RULE_MESSAGES.repeated,
    );

export const USERNAME_CHARACTERS_MESSAGE =
  'Username may contain only letters, digits, dots, dashes and underscores';

/**
 * A username as stored and compared: its Unicode compatibility form (NFKC), so full-width and other presentation
 * forms become the letters they show ('ｋａｓｉａ' is 'kasia'). The rules below hold for that form.
 */
export function normalizeUsername(username: string): string {
  return username.trim().normalize('NFKC');
}

export const ZUsernameSchema = requiredTrimmed(FIELD_LABELS.username, USERNAME_MAX_LENGTH)
  .refine(
    (u) => normalizeUsername(u).length <= USERNAME_MAX_LENGTH,
    messages.maxLength(FIELD_LABELS.username, USERNAME_MAX_LENGTH),
  )
  .refine((u) => /^[\p{L}\p{N}._-]+$/u.test(normalizeUsername(u)), USERNAME_CHARACTERS_MESSAGE);

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
  .superRefine((v, ctx) => {
    for (const message of passwordIdentityProblems(v.password, v))
      ctx.addIssue({ code: 'custom', message, path: ['password'] });
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

// ---- change password / change email (signed in) -------------------------------------------------------------
const ZCurrentPasswordSchema = z
  .string({ error: messages.required(FIELD_LABELS.currentPassword) })
  .min(1, messages.required(FIELD_LABELS.currentPassword))
  .max(200, messages.maxLength(FIELD_LABELS.currentPassword, 200));

/**
 * The new password as at registration (docs/product.md, "Validation"): 6 to 24 characters, not one character
 * repeated, confirmed; the server also refuses a very common one and one equal to the username or email.
 */
export const ZChangePasswordRequestSchema = z
  .object({
    currentPassword: ZCurrentPasswordSchema,
    password: ZPasswordSchema(),
    confirmPassword: z
      .string({ error: messages.required(FIELD_LABELS.confirmPassword) })
      .min(1, messages.required(FIELD_LABELS.confirmPassword)),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequestSchema>;

export const ZChangeEmailRequestSchema = z.object({
  newEmail: requiredTrimmed(FIELD_LABELS.newEmail, EMAIL_MAX_LENGTH).pipe(
    z.email({ error: messages.invalidEmail }),
  ),
  currentPassword: ZCurrentPasswordSchema,
});
export type TChangeEmailRequest = z.infer<typeof ZChangeEmailRequestSchema>;

export const ZConfirmEmailChangeRequestSchema = z.object({
  token: ZOneTimeTokenSchema,
  userid: ZUserIdParamSchema,
});
export type TConfirmEmailChangeRequest = z.infer<typeof ZConfirmEmailChangeRequestSchema>;

/** The answers' messages (docs/api.md). */
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed';
export const EMAIL_CHANGE_SENT_MESSAGE =
  'We have sent a confirmation link to the new address. Your email address changes when you open it.';
export const EMAIL_CHANGED_MESSAGE = 'Your email address has been changed';
export const SAME_EMAIL_MESSAGE = 'This is already your email address';

export const ZChangeLanguageRequestSchema = z.object({ newLanguage: ZNativeLanguageSchema });
export type TChangeLanguageRequest = z.infer<typeof ZChangeLanguageRequestSchema>;

export const ZMessageResponseSchema = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponseSchema>;

// ---- payment-redirect session ------------------------------------------------------------------------------
export const ZSaveSessionResponseSchema = z.object({ message: z.string(), userId: z.string() });
export type TSaveSessionResponse = z.infer<typeof ZSaveSessionResponseSchema>;

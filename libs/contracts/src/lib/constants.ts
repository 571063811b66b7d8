/** Business constants and timers (docs/product.md, "Business constants", and "Validation"). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 24;
export const TRANSLATION_MAX_LENGTH = 1000;

export const ROLES = { member: 'Member', premium: 'PremiumMember', admin: 'Admin' } as const;
export type TRole = (typeof ROLES)[keyof typeof ROLES];

/** Milliseconds. */
export const TIMERS = {
  roleRefreshAfterStart: 3000,
  confirmationToastDelay: 5000,
  registerFormClose: 1500,
  premiumPageCompletion: 2000,
  paymentPolling: 500,
  paymentOverlayHide: 5000,
  successRolesRefresh: 11000,
  successFinalCheck: 14000,
} as const;

export const TOAST = {
  timeOut: 5000,
  extendedTimeOut: 1000,
  easeTime: 300,
  position: 'bottom-right',
} as const;

export const HOME_FACTS = { learners: '5000+', alphabetLetters: 32, reviews: 6 } as const;

/** The 32 letters of the Polish alphabet (no q, v, x). */
export const POLISH_ALPHABET = [
  'A',
  'Ą',
  'B',
  'C',
  'Ć',
  'D',
  'E',
  'Ę',
  'F',
  'G',
  'H',
  'I',
  'J',
  'K',
  'L',
  'Ł',
  'M',
  'N',
  'Ń',
  'O',
  'Ó',
  'P',
  'R',
  'S',
  'Ś',
  'T',
  'U',
  'W',
  'Y',
  'Z',
  'Ź',
  'Ż',
] as const;

export const FAQ = { items: 8, initiallyShown: 4 } as const;

export const TERMS_LAST_UPDATED = '2025-08-23';
export const PRIVACY_EFFECTIVE = '2023-12-29';
export const MINIMUM_AGE = 18;
export const WITHDRAWAL_DAYS = 14;

/**
 * Access token lifetime and one-time token lifetimes (docs/product.md, "Sessions and tokens", and "Accounts and
 * email").
 */
export const ACCESS_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;
export const CONFIRM_EMAIL_TTL_SECONDS = 3 * 24 * 60 * 60;
export const RESET_PASSWORD_TTL_SECONDS = 60 * 60;
export const SAVED_SESSION_TTL_SECONDS = 30 * 60;
/** The link that confirms a new email address (docs/product.md, "Changing the password or the email address"). */
export const CHANGE_EMAIL_TTL_SECONDS = 24 * 60 * 60;
/**
 * The absolute lifetime of a session (docs/product.md, "Sessions and tokens"): 30 days from its sign-in (login or
 * registration), however often its token is refreshed; then the user signs in again.
 */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

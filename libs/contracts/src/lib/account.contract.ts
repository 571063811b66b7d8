import { z } from 'zod';
import {
  ZChangeEmailRequestSchema,
  ZChangeLanguageRequestSchema,
  ZChangePasswordRequestSchema,
  ZConfirmEmailChangeRequestSchema,
  ZConfirmEmailRequestSchema,
  ZForgotPasswordRequestSchema,
  ZLoginRequestSchema,
  ZMessageResponseSchema,
  ZRegisterRequestSchema,
  ZResetPasswordRequestSchema,
  ZSaveSessionResponseSchema,
  ZSettingsResponseSchema,
  ZUserResponseSchema,
} from './account';
import { ZAccountExportSchema, ZDeleteAccountRequestSchema } from './account-data';
import { defineContract, error, errorWith, json, validation } from './contract';
import { ERROR_CODES as E } from './error-codes';
import { ZValidationErrorsSchema } from './errors';
import { ROUTES } from './routes';

/**
 * save-session takes the stored user as the web app sends it; the server uses the signed-in user, never the body.
 */
export const ZSaveSessionRequestSchema = z.object({}).loose();
export const ZGetSessionParamsSchema = z.object({ userId: z.string().min(1).max(128) });
/** `cacheBuster` only defeats caches on the way (docs/product.md, "The API"). */
export const ZCacheBusterQuerySchema = z.object({ cacheBuster: z.string().max(32).optional() }).loose();

const rateLimited = error('Too many attempts; try again after Retry-After seconds', E.rateLimited);

/** Accounts: registration, login, email confirmation, password reset, settings and the payment-redirect session. */
export const accountContract = defineContract(ROUTES.account, {
  register: {
    summary: 'Create an account and sign in',
    description:
      'Sends the email confirmation link. Very common passwords are refused, and a username that looks like an ' +
      'existing one. Limited per client address and per email address (docs/product.md, "Accounts and email").',
    auth: 'public',
    body: ZRegisterRequestSchema,
    responses: {
      201: json(ZUserResponseSchema, 'The new, signed-in user (token included)'),
      400: [
        validation('Invalid fields, a username or email already taken, or a too common password'),
        errorWith(
          'The username looks like an existing one; `errors` lists the messages per field as in a validation answer',
          { errors: ZValidationErrorsSchema },
          E.usernameConfusable,
        ),
      ],
      429: rateLimited,
    },
  },
  login: {
    summary: 'Sign in with a username or email and a password',
    auth: 'public',
    body: ZLoginRequestSchema,
    responses: {
      200: json(ZUserResponseSchema, 'The signed-in user (token included)'),
      400: validation(),
      401: error('Wrong username/email or password', E.invalidCredentials),
      429: rateLimited,
    },
  },
  confirmEmail: {
    summary: 'Confirm the email address with the link sent by email',
    auth: 'public',
    body: ZConfirmEmailRequestSchema,
    responses: {
      200: json(ZMessageResponseSchema, "'Email Confirmed'"),
      400: [validation(), error('The link is unknown, expired or already used', E.invalidLink)],
    },
  },
  sendEmailConfirmationLink: {
    summary: 'Send the email confirmation link again',
    auth: 'user',
    responses: {
      200: json(ZMessageResponseSchema, "'Email confirmation link has been sent'"),
      400: error('The email address is already confirmed', E.emailAlreadyConfirmed),
      429: rateLimited,
    },
  },
  forgotPassword: {
    summary: 'Send a password reset link',
    description: 'Answers the same whether or not an account has this email.',
    auth: 'public',
    body: ZForgotPasswordRequestSchema,
    responses: {
      200: json(ZMessageResponseSchema, "'Reset link has been sent'"),
      400: validation(),
      429: rateLimited,
    },
  },
  resetPassword: {
    summary: 'Set a new password with the reset link',
    description:
      'Ends every session of the account (tokens issued before no longer work). The link is checked before the ' +
      'password is hashed; limited per client address.',
    auth: 'public',
    body: ZResetPasswordRequestSchema,
    responses: {
      200: json(ZMessageResponseSchema, "'The Password has been reset'"),
      400: [validation(), error('The link is unknown, expired or already used', E.invalidLink)],
      429: rateLimited,
    },
  },
  changeLanguage: {
    summary: "Change the learner's native language",
    auth: 'user',
    body: ZChangeLanguageRequestSchema,
    responses: {
      200: json(ZMessageResponseSchema, "'Language changed successfully'"),
      400: validation(),
    },
  },
  settings: {
    summary: 'The settings view of the signed-in user',
    auth: 'user',
    responses: { 200: json(ZSettingsResponseSchema) },
  },
  saveSession: {
    summary: 'Park the signed-in user before the redirect to the hosted checkout',
    description:
      'Returns an opaque, single-use handle valid for 30 minutes (`userId`), which get-session exchanges for the ' +
      'user after the payment. The body (the stored user) is not used.',
    auth: 'user',
    body: ZSaveSessionRequestSchema,
    responses: { 200: json(ZSaveSessionResponseSchema), 400: validation('The body is not a JSON object') },
  },
  getSession: {
    summary: 'Exchange a payment-redirect handle for the signed-in user',
    description:
      'The handle carries the session it was saved in: the answer is a fresh token of that session (same sign-in ' +
      'time). It is refused once used, after 30 minutes, when that session ended, and when the token version moved ' +
      'on since it was saved (a password reset, sign out everywhere). With a token, only a handle of that same user ' +
      "is exchanged: another account's handle is refused with 403 and left unused.",
    auth: 'public',
    params: ZGetSessionParamsSchema,
    responses: {
      200: json(ZUserResponseSchema, 'The user, with a fresh token'),
      400: validation(),
      403: error('The request carries the token of another account than the handle', E.sessionOtherAccount),
      404: error(
        'The handle is unknown, expired or already used, or its session ended',
        E.savedSessionNotFound,
      ),
    },
  },
  logout: {
    summary: 'End the session of this token',
    description:
      'The token (and every token refreshed from the same sign-in) is refused from then on, by every API ' +
      "process; the handles saved in this session die with it. The user's other sessions go on.",
    auth: 'user',
    responses: { 200: json(ZMessageResponseSchema, "'Logged out'") },
  },
  logoutEverywhere: {
    summary: "End every session of the signed-in user ('Sign out everywhere')",
    description:
      'Increments the token version (every token of the account issued before is refused), marks every session ' +
      'ended and deletes the saved payment-redirect handles.',
    auth: 'user',
    responses: { 200: json(ZMessageResponseSchema, "'Signed out everywhere'") },
  },
  exportData: {
    summary:
      'Download my data: everything the product holds about the signed-in learner, as one JSON document',
    description:
      'Sent as a download (`Content-Disposition: attachment; filename="polski-stories-data.json"`). Account, ' +
      'sessions, billing records, lesson progress, saved words, statuses, review cards and logs, settings, ' +
      'activity and the emails sent; never a password hash, the hash of a token or handle, or an email link. ' +
      'At most 10 an hour per account (docs/product.md, "Your data").',
    auth: 'user',
    responses: { 200: json(ZAccountExportSchema), 429: rateLimited },
  },
  deleteAccount: {
    summary: 'Delete my account, confirmed with the current password',
    description:
      'Cancels an active subscription at Stripe first (the payments service stays unavailable: 503, nothing ' +
      'deleted), then in one transaction deletes every row of the learner (sessions and tokens end at once), keeps ' +
      'the payment records the law requires without a link to the account, and queues a confirmation email. A ' +
      'wrong password changes nothing. At most 5 attempts an hour per account (docs/product.md, "Deleting the ' +
      'account").',
    auth: 'user',
    body: ZDeleteAccountRequestSchema,
    responses: {
      200: json(ZMessageResponseSchema, "'Your account has been deleted'"),
      400: validation(),
      403: error("The password is not the account's", E.wrongPassword),
      429: rateLimited,
      503: error('Stripe could not cancel the subscription now; nothing was deleted', E.paymentsUnavailable),
    },
  },
  changePassword: {
    summary: 'Change the password, confirmed with the current one',
    description:
      'The new password follows the registration rules (6 to 24 characters, not one character repeated, not very ' +
      'common, not the username or the email). On success every other session of the account ends (the token ' +
      'version moves on, the other sessions are marked ended, saved payment-redirect handles are deleted); this ' +
      'session goes on with the fresh token of the answer, and a "password changed" email is queued. A wrong ' +
      'current password changes nothing. At most 10 attempts an hour per account (docs/product.md, "Changing the ' +
      'password or the email address").',
    auth: 'user',
    body: ZChangePasswordRequestSchema,
    responses: {
      200: json(ZUserResponseSchema, 'The user, with a fresh token of this session'),
      400: validation('Invalid fields, a too common password, or one equal to the username or email'),
      403: error("The current password is not the account's", E.wrongPassword),
      429: rateLimited,
    },
  },
  changeEmail: {
    summary: 'Ask to change the email address, confirmed with the current password',
    description:
      'Sends a single-use link, valid for 24 hours, to the new address; the account keeps its address until the ' +
      'link is opened. The answer is the same whether or not the new address belongs to another account (that ' +
      'address is told instead that it already has an account), so it reveals nothing registration does not. A ' +
      'new request replaces the links sent before. At most 5 an hour per account.',
    auth: 'user',
    body: ZChangeEmailRequestSchema,
    responses: {
      200: json(ZMessageResponseSchema, 'The link was sent (or, for a taken address, the notice)'),
      400: validation("Invalid fields, or the address is already the account's"),
      403: error("The current password is not the account's", E.wrongPassword),
      429: rateLimited,
    },
  },
  confirmEmailChange: {
    summary: 'Confirm a new email address with the link sent to it',
    description:
      'Changes the address (and marks it confirmed), ends the links sent to the old address (confirmation, ' +
      'password reset) and any other change link, and queues a notice to the old address. Limited per client ' +
      'address.',
    auth: 'public',
    body: ZConfirmEmailChangeRequestSchema,
    responses: {
      200: json(ZMessageResponseSchema, "'Your email address has been changed'"),
      400: [
        validation(),
        error('The link is unknown, expired or already used', E.invalidLink),
        error("The new address has become another account's since the link was sent", E.emailTaken),
      ],
      429: rateLimited,
    },
  },
  userUpdatedRoles: {
    summary: 'The signed-in user as the database sees it now, with a fresh token',
    description:
      'Roles and premium change after a payment or when access ends; the web app refreshes 3 s after start.',
    auth: 'user',
    query: ZCacheBusterQuerySchema,
    responses: { 200: json(ZUserResponseSchema), 400: validation() },
  },
});

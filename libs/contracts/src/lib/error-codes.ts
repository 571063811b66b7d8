/**
 * The machine-readable `code` of every error answer of the API, without zod. Clients branch on these, never on the
 * message text (which is for people and may change). Each contract lists, per route and status, which of them the
 * route can answer; the OpenAPI document lists them too (docs/product.md, "Errors").
 */
export const ERROR_CODES = {
  // ---- the request itself --------------------------------------------------------------------------------------
  /** 400 with the validation-errors object: field -> messages. */
  validationFailed: 'validation_failed',
  /** 400: the body is not JSON. */
  invalidJson: 'invalid_json',
  /** 400: the request could not be read (aborted, undecodable body, malformed path). */
  badRequest: 'bad_request',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  /** 404: no API route for this method and path. */
  routeNotFound: 'route_not_found',
  /** 429, with Retry-After. */
  rateLimited: 'rate_limited',

  // ---- who is asking -------------------------------------------------------------------------------------------
  /** 401: no token, or one that is not ours ('No user is logged in'). */
  notSignedIn: 'not_signed_in',
  /** 401: the token's user no longer exists ('No user found'). */
  userNotFound: 'user_not_found',
  /**
   * 401: the token expired or was revoked (logout, sign out everywhere, password reset, 30 days after its sign-in):
   * sign in again.
   */
  sessionExpired: 'session_expired',
  /** 401 from login. */
  invalidCredentials: 'invalid_credentials',
  /** 403: administrators only. */
  adminOnly: 'admin_only',
  /** 403: a premium lesson, its audio, or the translator, for someone without active premium. */
  premiumRequired: 'premium_required',

  // ---- accounts ------------------------------------------------------------------------------------------------
  /** 400: a confirmation or reset link that is unknown, expired or already used. */
  invalidLink: 'invalid_link',
  emailAlreadyConfirmed: 'email_already_confirmed',
  /**
   * 400 from register, with the validation-errors object: the username looks like an existing one (Unicode
   * confusables, or the same letters in another form such as full-width).
   */
  usernameConfusable: 'username_confusable',
  /** 404: a payment-redirect handle that is unknown, expired or already used. */
  savedSessionNotFound: 'saved_session_not_found',
  /** 403: a payment-redirect handle of another account than the one whose token the request carries. */
  sessionOtherAccount: 'session_other_account',
  /** 403: deleting the account with a password that is not the account's (nothing changes). */
  wrongPassword: 'wrong_password',
  /**
   * 400 from confirm-email-change: the new address became another account's after the link was sent (the link's
   * holder owns that mailbox, so this tells no one anything new). Changing to a taken address is otherwise answered
   * like any other change (docs/product.md, "Changing the password or the email address").
   */
  emailTaken: 'email_taken',

  // ---- content -------------------------------------------------------------------------------------------------
  /** 404: no such hub, lesson, episode or post. */
  notFound: 'not_found',
  /** 404: the lesson has no audio, or its file is missing. */
  audioNotAvailable: 'audio_not_available',
  /** 403: a premium media URL without a valid signature (docs/api.md, "Lesson media"). */
  mediaLinkInvalid: 'media_link_invalid',
  /** 403: a premium media URL whose signature expired: fetch the lesson again for fresh URLs. */
  mediaLinkExpired: 'media_link_expired',

  // ---- learning -----------------------------------------------------------------------------------------------
  /** 400: the token of a sentence is a number, not a word (nothing to save). */
  notAWord: 'not_a_word',
  /** 404: no saved word or card with this id for this learner. */
  wordNotFound: 'word_not_found',
  /** 409: a review answer for a card that is not due, or of another type than the one the queue gave. */
  reviewNotDue: 'review_not_due',
  /** 404: no answer to undo. */
  nothingToUndo: 'nothing_to_undo',

  // ---- payments ------------------------------------------------------------------------------------------------
  /** 409: a checkout for someone whose premium is active. */
  alreadyPremium: 'already_premium',
  /** 400: the checkout route of the premium offer this deployment does not sell. */
  offerNotAvailable: 'offer_not_available',
  /** 400: a subscription in another currency than the one the account is billed in. */
  currencyMismatch: 'currency_mismatch',
  /** 404: a checkout session that is not this user's. */
  checkoutNotFound: 'checkout_not_found',
  /** 400: the customer portal for someone who never paid. */
  noBillingAccount: 'no_billing_account',
  /** 400: a webhook without a valid Stripe signature, or a malformed event. */
  invalidWebhook: 'invalid_webhook',
  /** 503: Stripe is not answering. */
  paymentsUnavailable: 'payments_unavailable',

  // ---- translator ----------------------------------------------------------------------------------------------
  /** 502: the provider failed. */
  translationFailed: 'translation_failed',
  /** 503: the provider timed out. */
  translationTimeout: 'translation_timeout',
  /** 503: the provider's quota is exhausted (Retry-After). */
  translationQuota: 'translation_quota',

  // ---- the server ----------------------------------------------------------------------------------------------
  /** 503: the database cannot be reached (Retry-After). */
  serviceUnavailable: 'service_unavailable',
  internal: 'internal_error',
} as const;

export type TErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
export const ALL_ERROR_CODES = Object.values(ERROR_CODES) as [TErrorCode, ...TErrorCode[]];

import { ApiError, validationErrorsOf } from './api-client';
import { i18n, t, type TMessageKey } from './i18n/i18n';
import { toast } from './toast';

/**
 * The failure path of the api-client, a chunk of its own (it is not needed for the first paint; docs/i18n.md,
 * "Server errors"): the toast by status (docs/product.md, "Errors the web app shows") and the learner's text of the
 * error, chosen by the answer's `code`.
 */

/**
 * Field messages the server sends under a validation error whose wording is stable (the API's own constants, not
 * zod's), with the key that translates them; any other field message is shown as the server wrote it.
 */
const FIELD_MESSAGES: Readonly<Record<string, TMessageKey>> = {
  'This username is already taken': 'errors.field.usernameTaken',
  'An account with this email already exists': 'errors.field.emailTaken',
  'This password is too common. Please choose a less predictable one.': 'errors.field.commonPassword',
  'Your checkout session has expired. Please start again.': 'errors.field.checkoutExpired',
};

/** The catalogue key of an error code, when the catalogue has one. */
function keyOf(code: unknown): TMessageKey | null {
  if (typeof code !== 'string') return null;
  const key = `errors.${code}`;
  return key in i18n.messages ? (key as TMessageKey) : null;
}

/**
 * What the learner reads for an error answer (docs/i18n.md, "Server errors"): in English the server's own message
 * (it is the spec's English and may be more precise than the generic key); in another language the catalogue's
 * `errors.<code>`, or the server's English message for a code without a key.
 */
export function localizedMessage(code: unknown, serverMessage: string | null): string | null {
  if (i18n.locale === 'en') return serverMessage;
  const key = keyOf(code);
  return key ? t(key) : serverMessage;
}

/** A field message of a validation error in the learner's language (the server's English for an unknown one). */
export function localizedFieldMessage(message: string): string {
  if (i18n.locale === 'en') return message;
  const key = FIELD_MESSAGES[message];
  return key ? t(key) : message;
}

interface TIssue {
  code: string;
  message: string;
  params?: Record<string, string | number>;
}

/** The answer's `issues` (codes and parameters beside the field messages), null when it has none. */
function issuesOf(body: unknown): TIssue[] | null {
  const issues = (body as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues) || !issues.length) return null;
  const ok = issues.every(
    (i: unknown) =>
      !!i &&
      typeof (i as TIssue).code === 'string' &&
      typeof (i as TIssue).message === 'string' &&
      ((i as TIssue).params === undefined || typeof (i as TIssue).params === 'object'),
  );
  return ok ? (issues as TIssue[]) : null;
}

/**
 * One problem of a validation error in the learner's language: the catalogue's `errors.issue.<code>` with its
 * parameters (numbers written for the locale: "5.000" in German), else the field message as the known ones are.
 * English keeps the server's own words, as for the error codes.
 */
export function localizedIssue(issue: TIssue): string {
  if (i18n.locale === 'en') return issue.message;
  const key = `errors.issue.${issue.code}`;
  if (!(key in i18n.messages)) return localizedFieldMessage(issue.message);
  const number = new Intl.NumberFormat(i18n.locale);
  const params = Object.fromEntries(
    Object.entries(issue.params ?? {}).map(([k, v]) => [k, typeof v === 'number' ? number.format(v) : v]),
  );
  return t(key as TMessageKey, params);
}

/**
 * docs/product.md, "Errors the web app shows", status by status. Returns the error to throw; the caller always
 * gets it.
 */
export function handleFailure(
  status: number,
  body: unknown,
  url: string,
  silent: readonly number[],
): ApiError {
  const code = (body as { code?: unknown } | null)?.code;
  const validation = status === 400 ? validationErrorsOf(body) : null;
  if (validation) {
    // a code of its own (username_confusable) has one text for the whole answer; else field by field
    const own = code !== 'validation_failed' ? keyOf(code) : null;
    const issues = issuesOf(body);
    const messages =
      own && i18n.locale !== 'en'
        ? [t(own)]
        : issues
          ? [...new Set(issues.map(localizedIssue))]
          : Object.values(validation).flat().map(localizedFieldMessage);
    return new ApiError(status, body, messages, url);
  }
  const message = localizedMessage(code, messageOf(body));
  const messages = message ? [message] : [];
  if (silent.includes(status)) return new ApiError(status, body, messages, url);
  switch (status) {
    case 400:
      toast.error(message ?? t('api.somethingWentWrong'), String(status));
      break;
    case 401:
      if (!url.includes('user-updated-roles')) toast.error(t('api.unauthorised'), String(status));
      break;
    case 404:
      toast.error(t('api.somethingWentWrong'));
      break;
    case 500:
      break;
    default:
      toast.error(t('api.somethingWentWrong'));
      console.error(`API ${status} for ${url}`, body);
  }
  return new ApiError(status, body, messages, url);
}

function messageOf(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() || null;
  if (body && typeof body === 'object') {
    const { message, title } = body as { message?: unknown; title?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof title === 'string' && title) return title;
  }
  return null;
}

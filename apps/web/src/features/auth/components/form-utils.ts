import type { z } from 'zod';
import { FIELD_LABELS, messages, PASSWORD_RULE_MESSAGES } from '@polski/contracts';
import { t, type TMessageKey } from '../../../lib/i18n/i18n';

/** The translated label of a form field (the contracts' FIELD_LABELS, in English, by field name). */
export function fieldLabel(field: keyof typeof FIELD_LABELS): string {
  // the fields of the settings' password and email forms (issue 18 item 8) have keys of their own
  if (field === 'currentPassword' || field === 'newEmail') return t(`account2.field.${field}`);
  return t(`auth.field.${field === 'newLanguage' ? 'lang' : field}` as TMessageKey);
}

const PASSWORD_RULE_KEYS: Record<string, TMessageKey> = {
  [PASSWORD_RULE_MESSAGES.repeated]: 'auth.validation.passwordRepeated',
  [PASSWORD_RULE_MESSAGES.sameAsUsername]: 'auth.validation.passwordSameAsUsername',
  [PASSWORD_RULE_MESSAGES.sameAsEmail]: 'auth.validation.passwordSameAsEmail',
};

/**
 * A validation message of the contracts' schemas (English, docs/product.md, "Validation") in the interface
 * language: the schemas are shared with the API and stay English; the message is recognised by its template and
 * said again from the catalogue. A message the catalogue does not know stays as it is.
 */
export function translateIssue(field: string, message: string): string {
  const english = (FIELD_LABELS as Record<string, string>)[field];
  if (english) {
    const label = fieldLabel(field as keyof typeof FIELD_LABELS);
    if (message === messages.required(english)) return t('auth.validation.required', { label });
    const min = /^(.*) must be at least (\d+) characters long$/.exec(message);
    if (min?.[1] === english) return t('auth.validation.minLength', { label, n: Number(min[2]) });
    const max = /^(.*) must be at most (\d+) characters$/.exec(message);
    if (max?.[1] === english) return t('auth.validation.maxLength', { label, n: Number(max[2]) });
  }
  if (message === messages.passwordsDoNotMatch) return t('auth.validation.passwordsDoNotMatch');
  if (message === messages.invalidEmail) return t('auth.validation.invalidEmail');
  const rule = PASSWORD_RULE_KEYS[message];
  return rule ? t(rule) : message;
}

/** The first message per field of a failed parse, keyed by the field's name. */
export function fieldErrors<TKeys extends string>(
  schema: z.ZodType,
  values: Record<TKeys, unknown>,
): Partial<Record<TKeys, string>> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: Partial<Record<TKeys, string>> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '') as TKeys;
    if (key && out[key] === undefined) out[key] = translateIssue(key, issue.message);
  }
  return out;
}

/** Messages of whatever a mutation threw: the server's list for an ApiError, a generic line otherwise. */
export function errorMessages(error: unknown, fallback = t('api.somethingWentWrong')): string[] {
  const messages = (error as { messages?: unknown })?.messages;
  if (Array.isArray(messages) && messages.length > 0) return messages.map(String);
  return [fallback];
}

/**
 * For controls that leave or switch the form ('Forgot Password?', 'Create an Account', Cancel): a mouse press on
 * them must not blur the focused field first. That blur marks the field touched, its error message appears, the
 * control moves down under the pointer and the click lands on nothing. Keyboard use is unaffected.
 */
export function keepFocusOnPress(e: { preventDefault: () => void }) {
  e.preventDefault();
}

import type { z } from 'zod';

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
    if (key && out[key] === undefined) out[key] = issue.message;
  }
  return out;
}

/** Messages of whatever a mutation threw: the server's list for an ApiError, a generic line otherwise. */
export function errorMessages(error: unknown, fallback = 'Something went wrong'): string[] {
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

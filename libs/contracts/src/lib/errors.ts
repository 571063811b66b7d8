import { z } from 'zod';
import { ALL_ERROR_CODES, ERROR_CODES, type TErrorCode } from './error-codes';

export * from './error-codes';

/**
 * A 400 caused by invalid input carries a validation-errors object: field name -> list of messages
 * (docs/product.md, "Error answers of the API"). The web client flattens all messages into one list.
 */
export const ZValidationErrorsSchema = z.record(z.string(), z.array(z.string()));
export type TValidationErrors = z.infer<typeof ZValidationErrorsSchema>;

/**
 * One problem of a validation error, machine-readable: the field's path (`text`, `address.city`), a stable code
 * (VALIDATION_ISSUE_CODES, or zod's own issue code) and its parameters, beside the English `message` (the same as
 * in `errors`). A client says a code it knows in the learner's language and shows `message` for any other.
 */
export const ZValidationIssueSchema = z.object({
  path: z.string(),
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type TValidationIssue = z.infer<typeof ZValidationIssueSchema>;

/** The issue codes of the API's own field messages and of the zod limits it reports with their numbers. */
export const VALIDATION_ISSUE_CODES = {
  /** A known-words import of more lines than MAX_IMPORT_LINES (`params.max`). */
  tooManyLines: 'too_many_lines',
  /** A text longer than the field allows (`params.max`, characters). */
  tooLong: 'too_long',
} as const;

export const ZValidationErrorResponseSchema = z.object({
  status: z.literal(400),
  code: z.literal(ERROR_CODES.validationFailed),
  title: z.string(),
  errors: ZValidationErrorsSchema,
  /** The same problems with codes and parameters (absent from older answers). */
  issues: z.array(ZValidationIssueSchema).optional(),
  requestId: z.string().optional(),
});
export type TValidationErrorResponse = z.infer<typeof ZValidationErrorResponseSchema>;

/** Every other error answer: one envelope, with one of `codes` (and `extra` fields, such as a lesson's teaser). */
export function errorEnvelope(codes: readonly TErrorCode[] = ALL_ERROR_CODES, extra: z.ZodRawShape = {}) {
  return z.object({
    status: z.number().int().min(400).max(599),
    code: z.enum(codes as [TErrorCode, ...TErrorCode[]]),
    message: z.string(),
    requestId: z.string().optional(),
    ...extra,
  });
}

export const ZErrorEnvelopeSchema = errorEnvelope();
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelopeSchema>;

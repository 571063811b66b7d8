import { z } from 'zod';
import { ALL_ERROR_CODES, ERROR_CODES, type TErrorCode } from './error-codes';

export * from './error-codes';

/**
 * A 400 caused by invalid input carries a validation-errors object: field name -> list of messages
 * (docs/product.md, "Error answers of the API"). The web client flattens all messages into one list.
 */
export const ZValidationErrorsSchema = z.record(z.string(), z.array(z.string()));
export type TValidationErrors = z.infer<typeof ZValidationErrorsSchema>;

export const ZValidationErrorResponseSchema = z.object({
  status: z.literal(400),
  code: z.literal(ERROR_CODES.validationFailed),
  title: z.string(),
  errors: ZValidationErrorsSchema,
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

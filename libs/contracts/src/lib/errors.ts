import { z } from 'zod';

export * from './error-codes';

/**
 * A 400 caused by invalid input carries a validation-errors object: field name -> list of messages
 * (the spec's "validation errors object"). The web client flattens all messages into one list.
 */
export const ZValidationErrorsSchema = z.record(z.string(), z.array(z.string()));
export type TValidationErrors = z.infer<typeof ZValidationErrorsSchema>;

export const ZValidationErrorResponseSchema = z.object({
  status: z.literal(400),
  title: z.string(),
  errors: ZValidationErrorsSchema,
});
export type TValidationErrorResponse = z.infer<typeof ZValidationErrorResponseSchema>;

/** Every other error answer: one envelope. */
export const ZErrorEnvelopeSchema = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
});
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelopeSchema>;

export const ZHealthResponseSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

import { z } from 'zod';

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

export const ERROR_CODES = {
  badRequest: 'bad_request',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  premiumRequired: 'premium_required',
  notFound: 'not_found',
  conflict: 'conflict',
  tooManyRequests: 'too_many_requests',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  badGateway: 'bad_gateway',
  serviceUnavailable: 'service_unavailable',
  internal: 'internal_error',
} as const;

export const ZHealthResponseSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** The `code` of the error envelope (errors.ts), without zod. */
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

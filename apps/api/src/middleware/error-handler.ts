import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ERROR_CODES, type TErrorEnvelope, type TValidationErrorResponse } from '@polski/contracts';
import { AppError, isDatabaseUnavailable, NotFoundError, ValidationError } from '../lib/errors';

/** Unknown /api paths answer 404 JSON. */
export const apiNotFound: RequestHandler = (req, _res, next) =>
  next(new NotFoundError(`No API route for ${req.method} ${req.originalUrl.split('?')[0]}`));

/** body-parser's errors carry a `type` and a status; they are client errors, never 500s. */
function bodyParserError(err: unknown): { status: number; code: string; message: string } | null {
  const e = err as { type?: string; status?: number };
  switch (e?.type) {
    case 'entity.parse.failed':
      return { status: 400, code: ERROR_CODES.badRequest, message: 'The request body is not valid JSON' };
    case 'entity.too.large':
      return { status: 413, code: ERROR_CODES.payloadTooLarge, message: 'The request body is too large' };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, code: ERROR_CODES.unsupportedMediaType, message: 'Unsupported content encoding' };
    case 'request.aborted':
      return { status: 400, code: ERROR_CODES.badRequest, message: 'The request was aborted' };
    default:
      return null;
  }
}

/**
 * Other client errors raised before a handler runs: a compressed body that does not decompress (body-parser wraps
 * zlib's error as an exposed 400 without a `type`), a path parameter that is not valid percent-encoding (the router
 * throws a URIError with status 400). The client's fault, so they answer their 4xx, never a 500.
 */
function clientError(err: unknown): { status: number; code: string; message: string } | null {
  const e = err as { status?: unknown; expose?: unknown };
  const status = typeof e?.status === 'number' ? e.status : NaN;
  if (!Number.isInteger(status) || status < 400 || status > 499) return null;
  if (err instanceof URIError) {
    return { status: 400, code: ERROR_CODES.badRequest, message: 'The request path is not valid' };
  }
  if (e.expose !== true) return null;
  if (status === 413)
    return { status, code: ERROR_CODES.payloadTooLarge, message: 'The request body is too large' };
  if (status === 415) {
    return { status, code: ERROR_CODES.unsupportedMediaType, message: 'Unsupported content encoding' };
  }
  return { status: 400, code: ERROR_CODES.badRequest, message: 'The request body could not be read' };
}

/** The only place that writes error responses. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  const requestId = String(req.id ?? '');
  if (res.headersSent) {
    req.log?.error({ err }, 'error after the response started');
    res.destroy();
    return;
  }
  if (err instanceof ValidationError) {
    const body: TValidationErrorResponse = { status: 400, title: err.message, errors: err.errors };
    res.status(400).json(body);
    return;
  }
  if (err instanceof AppError) {
    for (const [k, v] of Object.entries(err.headers)) res.setHeader(k, v);
    const body: TErrorEnvelope & Record<string, unknown> = {
      status: err.status,
      code: err.code,
      message: err.message,
      requestId,
      ...((err as { details?: Record<string, unknown> }).details ?? {}),
    };
    if (err.status >= 500) req.log?.warn({ err }, err.message);
    res.status(err.status).json(body);
    return;
  }
  const bp = bodyParserError(err) ?? clientError(err);
  if (bp) {
    res.status(bp.status).json({ ...bp, requestId } satisfies TErrorEnvelope);
    return;
  }
  if (isDatabaseUnavailable(err)) {
    req.log?.error({ err }, 'database unavailable');
    res.setHeader('Retry-After', '5');
    const body: TErrorEnvelope = {
      status: 503,
      code: ERROR_CODES.serviceUnavailable,
      message: 'The service is briefly unavailable. Please try again in a moment.',
      requestId,
    };
    res.status(503).json(body);
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  const body: TErrorEnvelope = {
    status: 500,
    code: ERROR_CODES.internal,
    message: 'Something went wrong on our side. Please try again.',
    requestId,
  };
  res.status(500).json(body);
};

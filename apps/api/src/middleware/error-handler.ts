import type { ErrorRequestHandler, RequestHandler } from 'express';
import {
  ERROR_CODES,
  type TErrorCode,
  type TErrorEnvelope,
  type TValidationErrorResponse,
} from '@polski/contracts';
import { AppError, isDatabaseUnavailable, NotFoundError, ValidationError } from '../lib/errors';
import { redactUrl } from '../lib/redact-url';
import { checkAnswer, ContractViolationError, routeOfResponse } from './contract-router';

/** Unknown /api paths answer 404 JSON (naming the path, a secret segment of it redacted). */
export const apiNotFound: RequestHandler = (req, _res, next) =>
  next(
    new NotFoundError(
      ERROR_CODES.routeNotFound,
      `No API route for ${req.method} ${redactUrl(req.originalUrl.split('?')[0])}`,
    ),
  );

/** body-parser's errors carry a `type` and a status; they are client errors, never 500s. */
function bodyParserError(err: unknown): { status: number; code: TErrorCode; message: string } | null {
  const e = err as { type?: string; status?: number };
  switch (e?.type) {
    case 'entity.parse.failed':
      return { status: 400, code: ERROR_CODES.invalidJson, message: 'The request body is not valid JSON' };
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
function clientError(err: unknown): { status: number; code: TErrorCode; message: string } | null {
  const e = err as { status?: unknown; expose?: unknown };
  const status = typeof e?.status === 'number' ? e.status : NaN;
  if (!Number.isInteger(status) || status < 400 || status > 499) return null;
  if (err instanceof URIError) {
    return { status: 400, code: ERROR_CODES.badRequest, message: 'The request path is not valid' };
  }
  if (e.expose !== true) return null;
  if (status === 413)
    return { status, code: ERROR_CODES.payloadTooLarge, message: 'The request body is too large' };
  if (status === 416) {
    return { status, code: ERROR_CODES.badRequest, message: 'The requested range is outside the file' };
  }
  if (status === 415) {
    return { status, code: ERROR_CODES.unsupportedMediaType, message: 'Unsupported content encoding' };
  }
  return { status: 400, code: ERROR_CODES.badRequest, message: 'The request body could not be read' };
}

/**
 * The only place that writes error responses. Where answers are checked against the contracts (tests), an error
 * body the route's contract does not declare becomes a 500 that names the mismatch.
 */
export function errorHandler(options: { checkAnswers?: boolean } = {}): ErrorRequestHandler {
  return (err, req, res, _next) => {
    const requestId = String(req.id ?? '');
    if (res.headersSent) {
      req.log?.error({ err }, 'error after the response started');
      res.destroy();
      return;
    }
    const answer = errorAnswer(err, requestId, req.log);
    const route = routeOfResponse(res);
    if (options.checkAnswers && route && !(err instanceof ContractViolationError)) {
      try {
        checkAnswer(route, answer.body.status, answer.body);
      } catch (violation) {
        req.log?.error({ err: violation }, 'contract violation');
        res.status(500).json({
          status: 500,
          code: ERROR_CODES.internal,
          message: (violation as Error).message,
          requestId,
        } satisfies TErrorEnvelope);
        return;
      }
    }
    for (const [k, v] of Object.entries(answer.headers)) res.setHeader(k, v);
    res.status(answer.body.status).json(answer.body);
  };
}

type TLog = { warn(o: object, m: string): void; error(o: object, m: string): void } | undefined;

function errorAnswer(
  err: unknown,
  requestId: string,
  log: TLog,
): {
  body: (TErrorEnvelope | TValidationErrorResponse) & Record<string, unknown>;
  headers: Record<string, string>;
} {
  if (err instanceof ValidationError) {
    return {
      body: {
        status: 400,
        code: err.code as 'validation_failed',
        title: err.message,
        errors: err.errors,
        ...(err.issues?.length ? { issues: err.issues } : {}),
        requestId,
      },
      headers: {},
    };
  }
  if (err instanceof AppError) {
    if (err.status >= 500) log?.warn({ err }, err.message);
    return {
      body: { status: err.status, code: err.code, message: err.message, requestId, ...(err.details ?? {}) },
      headers: err.headers,
    };
  }
  const bp = bodyParserError(err) ?? clientError(err);
  if (bp) return { body: { ...bp, requestId } as TErrorEnvelope, headers: {} };
  if (isDatabaseUnavailable(err)) {
    log?.error({ err }, 'database unavailable');
    return {
      body: {
        status: 503,
        code: ERROR_CODES.serviceUnavailable,
        message: 'The service is briefly unavailable. Please try again in a moment.',
        requestId,
      },
      headers: { 'Retry-After': '5' },
    };
  }
  log?.error({ err }, 'unhandled error');
  return {
    body: {
      status: 500,
      code: ERROR_CODES.internal,
      message: 'Something went wrong on our side. Please try again.',
      requestId,
    },
    headers: {},
  };
}

import {
  ERROR_CODES,
  type TErrorCode,
  type TValidationErrors,
  type TValidationIssue,
} from '@polski/contracts';

/**
 * The closed set of errors services throw; only the error handler turns them into responses. Each carries the
 * stable `code` the client branches on (ERROR_CODES, listed per route in the contracts) and a message for people.
 */
export abstract class AppError extends Error {
  abstract readonly status: number;
  readonly headers: Record<string, string> = {};
  constructor(
    readonly code: TErrorCode,
    message: string,
    /** Extra fields of the error body (a premium lesson's teaser). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** 400 with the validation-errors object (field -> messages). */
export class ValidationError extends AppError {
  readonly status = 400;
  constructor(
    public readonly errors: TValidationErrors,
    /** The same problems with codes and parameters, where they have them (docs/api.md, "Errors"). */
    public readonly issues?: TValidationIssue[],
  ) {
    super(ERROR_CODES.validationFailed, 'One or more validation errors occurred.');
  }
  /** One field's message; with `issue`, its stable code and parameters too (VALIDATION_ISSUE_CODES). */
  static field(
    field: string,
    message: string,
    issue?: { code: string; params?: TValidationIssue['params'] },
  ): ValidationError {
    return new ValidationError(
      { [field]: [message] },
      issue
        ? [{ path: field, code: issue.code, message, ...(issue.params ? { params: issue.params } : {}) }]
        : undefined,
    );
  }
}

/** A 400 with a plain message (no field errors): the web app shows it as a toast. */
export class BadRequestError extends AppError {
  readonly status = 400;
}

export class UnauthorizedError extends AppError {
  readonly status = 401;
}

export class ForbiddenError extends AppError {
  readonly status = 403;
}

export class NotFoundError extends AppError {
  readonly status = 404;
}

export class ConflictError extends AppError {
  readonly status = 409;
}

export class TooManyRequestsError extends AppError {
  readonly status = 429;
  constructor(message: string, retryAfterSeconds: number) {
    super(ERROR_CODES.rateLimited, message);
    this.headers['Retry-After'] = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  }
}

export class BadGatewayError extends AppError {
  readonly status = 502;
}

export class ServiceUnavailableError extends AppError {
  readonly status = 503;
  constructor(code: TErrorCode, message: string, retryAfterSeconds?: number) {
    super(code, message);
    if (retryAfterSeconds) this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

/** Prisma's "unique constraint failed" error, for services that translate it into a ConflictError. */
export function isUniqueViolation(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: string }).code === 'P2002';
}

export function isRecordNotFound(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: string }).code === 'P2025';
}

const PRISMA_UNAVAILABLE = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const ADAPTER_UNAVAILABLE = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);
/** PostgreSQL SQLSTATEs: connection exceptions (08...), shutting down or starting up (57P01-57P03). */
const PG_UNAVAILABLE = /^(08|57P0[1-3])/;
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/**
 * The database cannot be reached (down, restarting, network gone, pool exhausted): Prisma's and the pg driver's
 * shapes of it. The error handler answers 503 with Retry-After, so clients and Stripe try again.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const x = e as {
    code?: unknown;
    message?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: unknown; code?: unknown } } };
  };
  if (
    typeof x.code === 'string' &&
    (PRISMA_UNAVAILABLE.has(x.code) || SOCKET_CODES.has(x.code) || PG_UNAVAILABLE.test(x.code))
  ) {
    return true;
  }
  const cause = x.meta?.driverAdapterError?.cause;
  if (cause && typeof cause.kind === 'string') {
    if (ADAPTER_UNAVAILABLE.has(cause.kind)) return true;
    if (cause.kind === 'postgres' && typeof cause.code === 'string' && PG_UNAVAILABLE.test(cause.code))
      return true;
  }
  return typeof x.message === 'string' && DRIVER_MESSAGES.test(x.message);
}

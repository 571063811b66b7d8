import { ERROR_CODES, type TValidationErrors } from '@polski/contracts';

/** The closed set of errors services throw; only the error handler turns them into responses. */
export abstract class AppError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  readonly headers: Record<string, string> = {};
}

export class ValidationError extends AppError {
  readonly status = 400;
  readonly code = ERROR_CODES.badRequest;
  constructor(public readonly errors: TValidationErrors) {
    super('One or more validation errors occurred.');
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

/** A 400 with a plain message (no field errors): the web app shows it as a toast. */
export class BadRequestError extends AppError {
  readonly status = 400;
  readonly code = ERROR_CODES.badRequest;
}

export class UnauthorizedError extends AppError {
  readonly status = 401;
  readonly code = ERROR_CODES.unauthorized;
  constructor(message = 'No user is logged in') {
    super(message);
  }
}

export class ForbiddenError extends AppError {
  readonly status = 403;
  constructor(
    message = 'You do not have access to this resource',
    readonly code: string = ERROR_CODES.forbidden,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class NotFoundError extends AppError {
  readonly status = 404;
  readonly code = ERROR_CODES.notFound;
  constructor(message = 'Not found') {
    super(message);
  }
}

export class ConflictError extends AppError {
  readonly status = 409;
  readonly code = ERROR_CODES.conflict;
}

export class TooManyRequestsError extends AppError {
  readonly status = 429;
  readonly code = ERROR_CODES.tooManyRequests;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.headers['Retry-After'] = String(Math.max(1, Math.ceil(retryAfterSeconds)));
  }
}

export class BadGatewayError extends AppError {
  readonly status = 502;
  readonly code = ERROR_CODES.badGateway;
}

export class ServiceUnavailableError extends AppError {
  readonly status = 503;
  readonly code = ERROR_CODES.serviceUnavailable;
  constructor(message: string, retryAfterSeconds?: number) {
    super(message);
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

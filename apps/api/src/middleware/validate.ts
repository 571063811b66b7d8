import type { RequestHandler } from 'express';
import type { z } from 'zod';
import type { TValidationErrors } from '@polski/contracts';
import { ValidationError } from '../lib/errors';

/** field -> messages; errors on the object itself (or unknown paths) are listed under "body". */
export function zodToValidationErrors(error: z.ZodError): TValidationErrors {
  const out: TValidationErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : 'body';
    const list = (out[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return out;
}

type Source = 'body' | 'query' | 'params';

/**
 * Parses req[source] with the schema and replaces it with the parsed value (Express 5's req.query is a getter, so
 * it is redefined on the request). Invalid input -> 400 with the validation-errors object, nothing else runs.
 */
export function validate<S extends z.ZodType>(schema: S, source: Source = 'body'): RequestHandler {
  return (req, _res, next) => {
    const input = source === 'body' && (req.body === undefined || req.body === null) ? {} : req[source];
    const parsed = schema.safeParse(input);
    if (!parsed.success) return next(new ValidationError(zodToValidationErrors(parsed.error)));
    Object.defineProperty(req, source, {
      value: parsed.data,
      writable: true,
      configurable: true,
      enumerable: true,
    });
    next();
  };
}

import type { RequestHandler } from 'express';
import type { z } from 'zod';
import { VALIDATION_ISSUE_CODES, type TValidationErrors, type TValidationIssue } from '@polski/contracts';
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

/**
 * The issues of a zod error with codes (docs/api.md, "Errors"): a string over its maximum length is `too_long`
 * with `params.max`; any other issue keeps zod's code (a client shows its message).
 */
export function zodToIssues(error: z.ZodError): TValidationIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.length ? issue.path.map(String).join('.') : 'body';
    if (issue.code === 'too_big' && issue.origin === 'string')
      return {
        path,
        code: VALIDATION_ISSUE_CODES.tooLong,
        message: issue.message,
        params: { max: Number(issue.maximum) },
      };
    return { path, code: issue.code, message: issue.message };
  });
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
    if (!parsed.success)
      return next(new ValidationError(zodToValidationErrors(parsed.error), zodToIssues(parsed.error)));
    Object.defineProperty(req, source, {
      value: parsed.data,
      writable: true,
      configurable: true,
      enumerable: true,
    });
    next();
  };
}

import { z } from 'zod';
import { ERROR_CODES, type TErrorCode } from './error-codes';
import { errorEnvelope, ZValidationErrorResponseSchema } from './errors';
import { API_PREFIX, type TPathParamNames, type TRouteDef } from './routes';

/**
 * How a route's contract is written: its method and path (routes.ts), who may call it, the schemas of its path
 * parameters, query and body, and one response per status — success bodies and error bodies alike. The API
 * registers its routes from these (apps/api/src/lib/contract-router.ts) and validates with the same schemas, the
 * web app's client calls through them (apps/web/src/lib/api-client.ts), and the OpenAPI document is generated
 * from them (openapi.ts).
 */

/**
 * Who may call a route. `public`: anyone (a request that sends a bad token is still refused with 401); `user`: a
 * signed-in user; `admin`: a signed-in administrator; `premium`: a signed-in user with active premium.
 */
export type TAuth = 'public' | 'user' | 'admin' | 'premium';

export type TResponseSpec =
  | { kind: 'json'; description: string; schema: z.ZodType }
  | { kind: 'error'; description: string; codes: readonly TErrorCode[]; extra?: z.ZodRawShape }
  | { kind: 'validation'; description: string }
  | { kind: 'content'; description: string; contentType: string; binary: boolean }
  | { kind: 'empty'; description: string };

/** A JSON body. */
export function json<S extends z.ZodType>(schema: S, description = 'OK') {
  return { kind: 'json', description, schema } as const;
}

/** The error envelope `{ status, code, message, requestId }` with one of these codes (and `extra` fields). */
export function error<const C extends readonly TErrorCode[]>(description: string, ...codes: C) {
  return { kind: 'error', description, codes } as const;
}

export function errorWith<const C extends readonly TErrorCode[], E extends z.ZodRawShape>(
  description: string,
  extra: E,
  ...codes: C
) {
  return { kind: 'error', description, codes, extra } as const;
}

/** The 400 with the validation-errors object: field -> messages (docs/product.md, "Error answers of the API"). */
export function validation(description = 'Invalid input: the messages per field') {
  return { kind: 'validation', description } as const;
}

/** A document or file that is not JSON (audio, RSS, text). */
export function content(contentType: string, description: string, binary = false) {
  return { kind: 'content', description, contentType, binary } as const;
}

/** No body (304 Not Modified). */
export function empty(description: string) {
  return { kind: 'empty', description } as const;
}

export type TResponses = { readonly [status: number]: TResponseSpec | readonly TResponseSpec[] };

export interface TRouteSpec {
  summary: string;
  auth: TAuth;
  /** Longer explanation for the OpenAPI document. */
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body is not JSON (the Stripe webhook reads the raw bytes to check the signature). */
  rawBody?: string;
  responses: TResponses;
  /** Not for clients (the Stripe webhook, operators' endpoints): left out of the web client. */
  internal?: boolean;
}

export type TContractRoute = TRouteDef & TRouteSpec;

/** The schema of one response spec's body (undefined: not JSON). */
export function bodySchemaOf(spec: TResponseSpec): z.ZodType | undefined {
  switch (spec.kind) {
    case 'json':
      return spec.schema;
    case 'error':
      return errorEnvelope(spec.codes, spec.extra);
    case 'validation':
      return ZValidationErrorResponseSchema;
    default:
      return undefined;
  }
}

// ---- answers every route can give ----------------------------------------------------------------------------

/**
 * The answers a route can give whatever it does, added to every contract by defineContract: the server's own
 * failures, a database that cannot be reached, and for routes under /api the refusals of a request before any
 * route runs (a bad token, a body that is not JSON or too large).
 */
export function commonResponses(
  route: TRouteDef & { auth: TAuth; rawBody?: string },
): Record<number, TResponseSpec[]> {
  const api = route.path.startsWith(`${API_PREFIX}/`) && !route.path.startsWith(`${API_PREFIX}/health`);
  const out: Record<number, TResponseSpec[]> = {
    500: [error('The server failed; the answer carries a request id to report', ERROR_CODES.internal)],
    503: [
      error(
        'The database cannot be reached; try again after Retry-After seconds',
        ERROR_CODES.serviceUnavailable,
      ),
    ],
  };
  if (!api) return out;
  out[400] = [
    error(
      'The request could not be read: a body that is not JSON, an undecodable body, a malformed path',
      ERROR_CODES.invalidJson,
      ERROR_CODES.badRequest,
    ),
  ];
  out[401] = [
    error(
      route.auth === 'public'
        ? 'A token was sent and is not valid (a request without a token is anonymous)'
        : 'Not signed in, or the session ended',
      ERROR_CODES.notSignedIn,
      ERROR_CODES.userNotFound,
      ERROR_CODES.sessionExpired,
    ),
  ];
  out[413] = [error('The body is too large', ERROR_CODES.payloadTooLarge)];
  out[415] = [error('The body is in an encoding the server does not read', ERROR_CODES.unsupportedMediaType)];
  if (route.auth === 'admin') out[403] = [error('Administrators only', ERROR_CODES.adminOnly)];
  if (route.auth === 'premium') out[403] = [error('Active premium is required', ERROR_CODES.premiumRequired)];
  return out;
}

/** A route's responses with the common ones merged in, status by status, as lists. */
export function allResponses(route: TContractRoute): Record<number, TResponseSpec[]> {
  const out = commonResponses(route);
  for (const [status, spec] of Object.entries(route.responses)) {
    const list = Array.isArray(spec) ? [...(spec as TResponseSpec[])] : [spec as TResponseSpec];
    const s = Number(status);
    out[s] = [...list, ...(out[s] ?? [])];
  }
  return out;
}

/** The schema a JSON answer with this status must satisfy (a union where a status has several), or undefined. */
export function responseSchema(route: TContractRoute, status: number): z.ZodType | undefined {
  const schemas = (allResponses(route)[status] ?? []).flatMap((s) => {
    const schema = bodySchemaOf(s);
    return schema ? [schema] : [];
  });
  if (schemas.length === 0) return undefined;
  return schemas.length === 1 ? schemas[0] : z.union(schemas as [z.ZodType, z.ZodType, ...z.ZodType[]]);
}

/** The error codes a route can answer with, by status. */
export function errorCodesOf(route: TContractRoute): Record<number, TErrorCode[]> {
  const out: Record<number, TErrorCode[]> = {};
  for (const [status, specs] of Object.entries(allResponses(route))) {
    for (const s of specs) {
      if (s.kind === 'error') (out[Number(status)] ??= []).push(...s.codes);
      if (s.kind === 'validation') (out[Number(status)] ??= []).push(ERROR_CODES.validationFailed);
    }
  }
  return out;
}

// ---- defining a resource's contract --------------------------------------------------------------------------

type TParamsSchemaFor<P extends string> = [TPathParamNames<P>] extends [never]
  ? { params?: never }
  : { params: z.ZodObject<{ [K in TPathParamNames<P>]: z.ZodType<string, string> }> };

type TSpecsFor<R extends Record<string, TRouteDef>> = {
  [K in keyof R]: TRouteSpec & TParamsSchemaFor<R[K]['path']>;
};

/**
 * A resource's contract: its routes of routes.ts, each with its spec. Every route of the resource must have a spec
 * and nothing else may (the type says so); a route with `:parameters` must declare their schema.
 */
export function defineContract<R extends Record<string, TRouteDef>, const S extends TSpecsFor<R>>(
  routes: R,
  specs: S & Record<Exclude<keyof S, keyof R>, never>,
): { [K in keyof R]: R[K] & S[K] } {
  const out = {} as Record<string, TContractRoute>;
  for (const key of Object.keys(routes)) {
    const spec = (specs as Record<string, TRouteSpec>)[key];
    if (!spec) throw new Error(`contract: no spec for ${key} (${routes[key].method} ${routes[key].path})`);
    out[key] = { ...routes[key], ...spec };
  }
  for (const key of Object.keys(specs)) {
    if (!(key in routes)) throw new Error(`contract: a spec for ${key}, which is not a route`);
  }
  return out as { [K in keyof R]: R[K] & S[K] };
}

// ---- types for the server and the client ---------------------------------------------------------------------

type TSchemaOr<S, Fallback> = S extends z.ZodType ? z.output<S> : Fallback;
type TInputOr<S, Fallback> = S extends z.ZodType ? z.input<S> : Fallback;

export type TBodyOf<C extends TRouteSpec> = TSchemaOr<C['body'], undefined>;
export type TQueryOf<C extends TRouteSpec> = TSchemaOr<C['query'], Record<string, never>>;
export type TParamsOf<C extends TRouteSpec> = TSchemaOr<C['params'], Record<string, never>>;

/** What the client sends: the schemas' input types. */
export type TClientInput<C extends TRouteSpec> = (C['params'] extends z.ZodType
  ? { params: z.input<C['params']> }
  : { params?: undefined }) &
  (C['query'] extends z.ZodType ? { query?: z.input<C['query']> } : { query?: undefined }) &
  (C['body'] extends z.ZodType ? { body: TInputOr<C['body'], never> } : { body?: undefined });

type TSpecOfStatus<C extends TRouteSpec, S extends number> = S extends keyof C['responses']
  ? C['responses'][S] extends readonly (infer X)[]
    ? X
    : C['responses'][S]
  : never;

type TJsonOf<X> = X extends { kind: 'json'; schema: infer Z } ? (Z extends z.ZodType ? Z : never) : never;

/** The statuses 200-299 a route declares. */
export type TSuccessStatus<C extends TRouteSpec> = Extract<keyof C['responses'], 200 | 201 | 202 | 204>;

/** The statuses whose answer is a JSON body of the route's own (not an error envelope): what a handler replies. */
export type TReplyStatus<C extends TRouteSpec> = {
  [S in keyof C['responses']]: S extends number
    ? TJsonOf<TSpecOfStatus<C, S>> extends never
      ? never
      : S
    : never;
}[keyof C['responses']];

/** The body a route sends with a success status (what the server writes: the schema's input type). */
export type TReplyBody<C extends TRouteSpec, S extends number> = z.input<TJsonOf<TSpecOfStatus<C, S>>>;

/** What the client receives on success: the body of the route's first 2xx JSON response. */
export type TClientOutput<C extends TRouteSpec> = z.output<TJsonOf<TSpecOfStatus<C, TSuccessStatus<C>>>>;

import {
  routeUrl,
  type TApiContract,
  type TRoutes,
  type TClientInput,
  type TClientOutput,
  type TErrorCode,
} from '@polski/contracts';
import { currentRouteTable, loadRouteTable } from './route-table-loader';
import { currentToken, session } from './session';
import { takePageData } from './page-data';
import { ensureCatalogue, storedLanguage, t } from './i18n/i18n';
import { toast } from './toast';

/**
 * Every failed call ends in one of these; `messages` is what a form can list under itself, `code` the machine-
 * readable reason the API sent (libs/contracts error-codes.ts): callers branch on it, never on the message text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly messages: string[],
    readonly url: string,
  ) {
    super(messages[0] ?? `Request failed with status ${status}`);
  }

  /** The error code of the API's answer (undefined: no answer, or not the API's). */
  get code(): TErrorCode | undefined {
    const code = (this.body as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? (code as TErrorCode) : undefined;
  }

  /** A 400 with a validation-errors object. */
  get isValidation(): boolean {
    return this.status === 400 && validationErrorsOf(this.body) !== null;
  }
}

/**
 * Whether `err` is the API's answer with one of `codes`: how callers branch on a failure (the codes are checked
 * against the contract's list by the type; the message text is for people and is never compared).
 */
export function hasErrorCode(err: unknown, ...codes: readonly TErrorCode[]): err is ApiError {
  if (!(err instanceof ApiError)) return false;
  const code = err.code;
  return code !== undefined && codes.includes(code);
}

export interface TRequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Failed statuses the caller reports itself: no central toast (and no log) for them, the ApiError is still
   * thrown. The login form, for example, has its own failure message for a 401. 0 stands for no answer at all
   * (the server could not be reached).
   */
  silentStatuses?: readonly number[];
}

/** A route of the API by resource and name: 'account.login', 'content.lesson', ... */
export type TEndpoint = {
  [R in keyof TApiContract]: `${R & string}.${keyof TApiContract[R] & string}`;
}[keyof TApiContract];

type TRouteOf<E extends TEndpoint> = E extends `${infer R}.${infer N}`
  ? R extends keyof TApiContract
    ? N extends keyof TApiContract[R]
      ? TApiContract[R][N]
      : never
    : never
  : never;

/** What a call needs besides its route: path parameters, query and body, as the route's contract types them. */
export type TCallInput<E extends TEndpoint> = TClientInput<TRouteOf<E>>;
/** What a call answers on success, as the route's contract types it (not validated here: see the callers). */
export type TCallOutput<E extends TEndpoint> = TClientOutput<TRouteOf<E>>;

/** The input may be left out where none of its parts is required (no path parameters, no body). */
type TOptionalInput<E extends TEndpoint> =
  Partial<TCallInput<E>> extends TCallInput<E> ? [input?: TCallInput<E>] : [input: TCallInput<E>];

/**
 * The one way the web app calls the API: the route by name, its input typed by the route's contract
 * (libs/contracts), the URL and method taken from the contract's route table (route-table.ts, which loads no
 * schemas). The answer is typed by the contract; a caller that must not trust it parses it with the contract's schema.
 */
export async function callApi<E extends TEndpoint>(
  endpoint: E,
  ...[input, options]: [...TOptionalInput<E>, options?: TRequestOptions]
): Promise<TCallOutput<E>> {
  const given = input as TCallInput<E> | undefined;
  let table: TRoutes;
  try {
    table = currentRouteTable() ?? (await loadRouteTable());
  } catch {
    // the table's chunk could not be fetched: no network, as for a request that gets no answer
    return unreachable(endpoint, options as TRequestOptions | undefined);
  }
  return apiRequest<TCallOutput<E>>(urlIn(table, endpoint, given), {
    ...(options as TRequestOptions | undefined),
    method: routeIn(table, endpoint).method,
    body: (given as { body?: unknown } | undefined)?.body,
  });
}

export { loadRouteTable };

/** The URL `callApi` asks for (the key of a page-sent answer), once the route table is here. */
export async function urlOf<E extends TEndpoint>(endpoint: E, input?: TCallInput<E>): Promise<string> {
  return urlIn(currentRouteTable() ?? (await loadRouteTable()), endpoint, input);
}

/** The URL `callApi` asks for (the key of a page-sent answer). */
function urlIn<E extends TEndpoint>(table: TRoutes, endpoint: E, input?: TCallInput<E>): string {
  const { params, query } = (input ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, string | number | boolean | undefined>;
  };
  return routeUrl(routeIn(table, endpoint), params, query);
}

function routeIn(table: TRoutes, endpoint: TEndpoint) {
  const [resource, name] = endpoint.split('.') as [keyof TRoutes, string];
  return (table[resource] as Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>)[
    name
  ];
}

/**
 * The language content answers are in (docs/api.md, "Language of the content"), for query keys: a signed-in
 * learner's native language, a visitor's choice from the language menu (sent as Accept-Language by apiRequest),
 * else '' (the browser's own Accept-Language, which does not change while the app runs). A new language is a new
 * answer, fetched again. Here rather than in a module of its own: the lazy pages that use it would share it as one
 * more chunk to fetch.
 */
export function readerLanguageKey(): string {
  return session.get()?.lang ?? storedLanguage() ?? '';
}

/**
 * fetch with JSON in and out, the bearer token when signed in, and the central error handling of docs/product.md
 * ("Errors the web app shows"). Returns the parsed JSON (or undefined for an empty body); throws ApiError otherwise.
 */
async function apiRequest<T>(
  url: string,
  options: TRequestOptions & { method: string; body?: unknown },
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // a visitor who chose a language in the menu reads the content in it, as a learner reads it in their native
  // language: the API answers a visitor in the language of Accept-Language (docs/api.md, "Language of the content")
  const chosen = token ? null : storedLanguage();
  if (chosen) headers['Accept-Language'] = chosen;
  // a visitor's first GET of what the page was sent with (lib/page-data.ts) needs no round trip, when it is in the
  // language asked for (the page was made for the browser's Accept-Language)
  if (!token && options.method === 'GET' && options.body === undefined) {
    const sent = takePageData(url, chosen ?? undefined);
    if (sent !== undefined) return sent as T;
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (isAbort(err)) throw err; // a cancelled query is not a failure
    return unreachable(url, options);
  }

  const body = await readBody(response);
  if (response.ok) return body as T;
  // the failure path and its messages are not in the first download (api-failure.ts, docs/i18n.md)
  const [{ handleFailure }] = await Promise.all([import('./api-failure'), ensureCatalogue()]);
  throw handleFailure(response.status, body, url, options.silentStatuses ?? []);
}

/**
 * No answer at all (status 0): a network failure, not a refusal (docs/product.md, "Errors the web app shows"). The
 * message says so, offline or the server out of reach; the central toast unless the caller reports it itself.
 */
async function unreachable(url: string, options: TRequestOptions | undefined): Promise<never> {
  await ensureCatalogue(); // the messages below are not in the shell's first download
  const message = t(navigator.onLine ? 'nav2.network.unreachable' : 'nav2.network.offline');
  if (!options?.silentStatuses?.includes(0)) toast.error(message);
  throw new ApiError(0, null, [message], url);
}

/** field -> messages of a 400 with the validation-errors object, null for any other answer. */
export function validationErrorsOf(body: unknown): Record<string, string[]> | null {
  if (!body || typeof body !== 'object') return null;
  const errors = (body as { errors?: unknown }).errors;
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return null;
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(errors)) {
    const list = Array.isArray(value) ? value : [value];
    out[field] = list.filter((m): m is string => typeof m === 'string');
  }
  return out;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function isAbort(err: unknown): boolean {
  return err instanceof DOMException && err.name === 'AbortError';
}

import { API_PREFIX } from '@polski/contracts';
import { currentToken } from './session';
import { takePageData } from './page-data';
import { toast } from './toast';

const SOMETHING_WENT_WRONG = 'Something went wrong';
const UNAUTHORISED = 'Unauthorised';

/** Every failed call ends in one of these; `messages` is what a form can list under itself. */
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

  /** A 400 with a validation-errors object. */
  get isValidation(): boolean {
    return this.status === 400 && validationErrorsOf(this.body) !== null;
  }
}

export interface TRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Failed statuses the caller reports itself: no central toast (and no log) for them, the ApiError is still
   * thrown. The login form, for example, has its own failure message for a 401.
   */
  silentStatuses?: readonly number[];
}

/**
 * fetch against /api with JSON in and out, the bearer token when signed in, and the central error handling of
 * spec §8. Returns the parsed JSON (or undefined for an empty body); throws ApiError otherwise.
 */
export async function apiRequest<T>(path: string, options: TRequestOptions = {}): Promise<T> {
  const url = `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // a visitor's first GET of what the page was sent with (lib/page-data.ts) needs no round trip
  if (!token && (options.method ?? 'GET') === 'GET' && options.body === undefined) {
    const sent = takePageData(path);
    if (sent !== undefined) return sent as T;
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (isAbort(err)) throw err; // a cancelled query is not a failure
    toast.error(SOMETHING_WENT_WRONG);
    throw new ApiError(0, null, [SOMETHING_WENT_WRONG], url);
  }

  const body = await readBody(response);
  if (response.ok) return body as T;
  throw handleFailure(response.status, body, url, options.silentStatuses ?? []);
}

export const api = {
  get: <T>(path: string, options?: Omit<TRequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<TRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<TRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<TRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Spec §8, status by status. Returns the error to throw; the caller always gets it. */
function handleFailure(status: number, body: unknown, url: string, silent: readonly number[]): ApiError {
  const validation = status === 400 ? validationErrorsOf(body) : null;
  if (validation) {
    return new ApiError(status, body, Object.values(validation).flat(), url);
  }
  const message = messageOf(body);
  const messages = message ? [message] : [];
  if (silent.includes(status)) return new ApiError(status, body, messages, url);
  switch (status) {
    case 400:
      toast.error(message ?? SOMETHING_WENT_WRONG, String(status));
      break;
    case 401:
      if (!url.includes('user-updated-roles')) toast.error(UNAUTHORISED, String(status));
      break;
    case 404:
      toast.error(SOMETHING_WENT_WRONG);
      break;
    case 500:
      break;
    default:
      toast.error(SOMETHING_WENT_WRONG);
      console.error(`API ${status} for ${url}`, body);
  }
  return new ApiError(status, body, messages, url);
}

function validationErrorsOf(body: unknown): Record<string, string[]> | null {
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

function messageOf(body: unknown): string | null {
  if (typeof body === 'string') return body.trim() || null;
  if (body && typeof body === 'object') {
    const { message, title } = body as { message?: unknown; title?: unknown };
    if (typeof message === 'string' && message) return message;
    if (typeof title === 'string' && title) return title;
  }
  return null;
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

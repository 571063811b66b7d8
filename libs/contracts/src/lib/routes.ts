/**
 * Every route the server answers: method and path, by resource, without zod. This is the half of the contracts that
 * the web app's first paint may load (building a URL must not pull in the schemas); each `<resource>.contract.ts`
 * completes its resource's routes with their request and response schemas, and a type check there fails when a
 * route is missing on either side. Paths are the full paths on the site (`/api/...` for the API), with `:name` for
 * a path parameter, as Express writes them.
 */
import type { ROUTES as ROUTE_TABLE } from './route-table';

export const API_PREFIX = '/api';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TRouteDef {
  readonly method: THttpMethod;
  readonly path: string;
}

/** The names of a path's `:parameters`: '/a/:hub/:slug' -> 'hub' | 'slug'. */
export type TPathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | TPathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type TPathParams<P extends string> = { [K in TPathParamNames<P>]: string };

// The table itself is a module of its own (route-table.ts): the web app's first paint imports routeUrl from here and
// loads the table with its first request, so the table's 4 KB stay out of the home route's initial JavaScript.
export { ROUTES } from './route-table';

export type TRoutes = typeof ROUTE_TABLE;
export type TResourceName = keyof TRoutes;

/**
 * The URL of a route: its path with the parameters filled in (percent-encoded) and the query appended (undefined
 * values left out). Throws when a parameter is missing: a URL with ':hub' in it is never sent.
 */
export function routeUrl(
  route: TRouteDef,
  params: Record<string, string | number> = {},
  query: Record<string, string | number | boolean | undefined> = {},
): string {
  const path = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_m, name: string) => {
    const value = params[name];
    if (value === undefined || value === '')
      throw new Error(`${route.path}: the parameter "${name}" is missing`);
    return encodeURIComponent(String(value));
  });
  const search = Object.entries(query)
    .filter((e): e is [string, string | number | boolean] => e[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

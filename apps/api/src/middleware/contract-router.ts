import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import {
  responseSchema,
  type TBodyOf,
  type TContractRoute,
  type TParamsOf,
  type TQueryOf,
  type TReplyBody,
  type TReplyStatus,
} from '@polski/contracts';
import type { TClock } from '../lib/clock';
import { requireAdmin, requirePremium, requireUser } from '../modules/auth/auth.middleware';
import type { TAuthUser } from '../modules/auth/user-record';
import { validate } from './validate';

/** The request a route's handler gets: params, query and body as the contract's schemas parsed them. */
export type TRouteRequest<C extends TContractRoute> = Omit<
  Request<TParamsOf<C>, unknown, TBodyOf<C>>,
  'query' | 'user'
> & {
  query: TQueryOf<C>;
} & (C['auth'] extends 'public' ? { user?: TAuthUser } : { user: TAuthUser });

/**
 * The response, with `reply`: an answer with a JSON body of the route's own that the contract declares, typed by
 * the contract (errors are thrown, and the error handler writes them).
 */
export type TRouteResponse<C extends TContractRoute> = Response & {
  reply<S extends TReplyStatus<C>>(status: S, body: TReplyBody<C, S>): void;
};

export type TRouteHandler<C extends TContractRoute> = (
  req: TRouteRequest<C>,
  res: TRouteResponse<C>,
  next: NextFunction,
) => void | Promise<void>;

/** The contract route a request is being answered by (the error handler checks error bodies against it). */
export function routeOfResponse(res: Response): TContractRoute | undefined {
  return res.locals.contractRoute as TContractRoute | undefined;
}

/**
 * A body that the contract does not allow for this status (or a status it does not declare). Thrown only where
 * answers are checked (tests): a route and its contract that drift apart fail there, loudly.
 */
export class ContractViolationError extends Error {
  override readonly name = 'ContractViolationError';
}

export function checkAnswer(route: TContractRoute, status: number, body: unknown): void {
  const schema = responseSchema(route, status);
  if (!schema) {
    throw new ContractViolationError(
      `${route.method} ${route.path} answered ${status}, which its contract does not declare`,
    );
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ContractViolationError(
      `${route.method} ${route.path} answered ${status} with a body its contract refuses: ${parsed.error.message}`,
    );
  }
}

/**
 * Checks a body about to be sent (by `reply`, or by code that sends bytes it serialised itself) against the
 * contract of the route being answered, where answers are checked.
 */
export function checkReply(res: Response, status: number, body: unknown): void {
  const route = routeOfResponse(res);
  if (route && res.locals.checkAnswers === true) checkAnswer(route, status, body);
}

export interface TContractRouterOptions {
  /** Where the router is mounted ('/api' for the API, '' at the site root). Contract paths start with it. */
  mountedAt: string;
  /** For the premium guard. */
  clock: TClock;
  /** What the premium guard says to someone without premium (the code is always premium_required). */
  premiumMessage?: string;
  /** Check every JSON answer against the contract (tests); a mismatch becomes a 500 that names it. */
  checkAnswers?: boolean;
  /**
   * Match paths exactly: case-sensitive and without Express's optional trailing slash (for /metrics, which a
   * proxy rule hides by its exact spelling).
   */
  exact?: boolean;
}

const GUARDS: Record<TContractRoute['auth'], (o: TContractRouterOptions) => RequestHandler[]> = {
  public: () => [],
  user: () => [requireUser],
  admin: () => [requireAdmin],
  premium: (o) => [requireUser, requirePremium(o.clock, o.premiumMessage)],
};

/**
 * Registers routes from their contracts: the path and method come from the contract, then in this order the
 * guard its `auth` names, the route's own middleware (rate limits, a raw body parser), validation of params, query
 * and body with the contract's schemas (invalid input answers 400 with the validation-errors object and nothing
 * else runs), and the handler, which answers with `res.reply(status, body)` typed by the contract.
 */
export function contractRouter(options: TContractRouterOptions) {
  const router = options.exact ? Router({ caseSensitive: true, strict: true }) : Router();
  const routes: TContractRoute[] = [];
  const add = <C extends TContractRoute>(
    route: C,
    ...handlers: [...middleware: RequestHandler[], handler: TRouteHandler<C>]
  ) => {
    if (!route.path.startsWith(`${options.mountedAt}/`)) {
      throw new Error(`${route.path} is not under ${options.mountedAt}/ where this router is mounted`);
    }
    const path = route.path.slice(options.mountedAt.length);
    const middleware = handlers.slice(0, -1) as RequestHandler[];
    const handler = handlers[handlers.length - 1] as TRouteHandler<C>;
    const attach: RequestHandler = (_req, res, next) => {
      res.locals.contractRoute = route;
      res.locals.checkAnswers = options.checkAnswers === true;
      (res as TRouteResponse<C>).reply = (status, body) => {
        checkReply(res, status, body);
        res.status(status).json(body);
      };
      next();
    };
    const validation: RequestHandler[] = [];
    if (route.params) validation.push(validate(route.params, 'params'));
    if (route.query) validation.push(validate(route.query, 'query'));
    if (route.body) validation.push(validate(route.body, 'body'));
    const run: RequestHandler = async (req: Request, res: Response, next: NextFunction) => {
      try {
        await handler(req as unknown as TRouteRequest<C>, res as TRouteResponse<C>, next);
      } catch (err) {
        next(err);
      }
    };
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[method](path, attach, ...GUARDS[route.auth](options), ...middleware, ...validation, run);
    routes.push(route);
  };
  return { router, add, routes };
}

export type TContractRouter = ReturnType<typeof contractRouter>;

import { Router, type RequestHandler } from 'express';
import { API_ROUTES, ERROR_CODES, TRANSLATION_MESSAGES, ZTranslationRequestSchema } from '@polski/contracts';
import type { TClock } from '../../services';
import { ForbiddenError } from '../../lib/errors';
import { validate } from '../../middleware/validate';
import { currentUser, requireUser } from '../auth/auth.middleware';
import { hasActivePremium } from '../premium/access';
import type { TTranslationProvider } from './providers/provider';
import type { TranslationService } from './translation.service';

/** Premium from the database row loaded for this request (decisions.md), never from the token's role claim. */
export function requirePremium(clock: TClock): RequestHandler {
  return (req, _res, next) => {
    const user = currentUser(req);
    if (!hasActivePremium(user, clock.now())) {
      return next(new ForbiddenError(TRANSLATION_MESSAGES.premiumRequired, ERROR_CODES.premiumRequired));
    }
    next();
  };
}

export function translationRouter(deps: {
  service: TranslationService;
  clock: TClock;
  google: TTranslationProvider;
  deepl: TTranslationProvider;
}): Router {
  const r = Router();
  const guard = [requireUser, requirePremium(deps.clock), validate(ZTranslationRequestSchema)];
  const route =
    (provider: TTranslationProvider): RequestHandler =>
    async (req, res) => {
      res.json(await deps.service.translate(provider, currentUser(req).id, req.body));
    };
  r.post(API_ROUTES.translation.google, ...guard, route(deps.google));
  r.post(API_ROUTES.translation.deepl, ...guard, route(deps.deepl));
  return r;
}

import { Router, type RequestHandler } from 'express';
import {
  ZDictionaryLookupQuerySchema,
  ZWordCheckRequestSchema,
  WORD_CHECKER_ROUTES,
} from '@polski/contracts';
import { TooManyRequestsError } from '../../lib/errors';
import { validate } from '../../middleware/validate';
import type { TRateLimiter } from '../rate-limit/rate-limiter';
import { nativeLanguageOr, type WordCheckerService } from './word-checker.service';

export const TOO_MANY_CHECKS = 'Too many requests. Please wait a moment and try again.';

/** Public, so limited per client address (counters in PostgreSQL, shared by every API process). */
function perAddressLimit(limiter: TRateLimiter, max: number, windowSeconds: number): RequestHandler {
  return async (req, _res, next) => {
    const state = await limiter.hit(`word-checker:ip:${req.ip ?? 'unknown'}`, windowSeconds);
    if (state.count > max)
      return next(new TooManyRequestsError(TOO_MANY_CHECKS, limiter.secondsUntil(state)));
    next();
  };
}

export function wordCheckerRouter(deps: {
  service: WordCheckerService;
  limiter: TRateLimiter;
  rateLimit: number;
  rateWindowSeconds: number;
}): Router {
  const r = Router();
  const limit = perAddressLimit(deps.limiter, deps.rateLimit, deps.rateWindowSeconds);

  r.post(WORD_CHECKER_ROUTES.check, limit, validate(ZWordCheckRequestSchema), async (req, res) => {
    // meanings in the body's language, else the signed-in learner's native language, else English
    const lang = nativeLanguageOr(req.body.lang ?? req.user?.nativeLanguage);
    res.json(await deps.service.check(req.body.text, lang));
  });

  r.get(
    WORD_CHECKER_ROUTES.lookup,
    limit,
    validate(ZDictionaryLookupQuerySchema, 'query'),
    async (req, res) => {
      const query = req.query as unknown as { word: string; lang: string };
      res.json(await deps.service.lookup(query.word, nativeLanguageOr(query.lang)));
    },
  );

  return r;
}

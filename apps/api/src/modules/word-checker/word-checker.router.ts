import type { RequestHandler } from 'express';
import { API_CONTRACT, API_PREFIX } from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import { TooManyRequestsError } from '../../lib/errors';
import { contractRouter } from '../../middleware/contract-router';
import type { TRateLimiter } from '../rate-limit/rate-limiter';
import { nativeLanguageOr, type WordCheckerService } from './word-checker.service';

const c = API_CONTRACT.wordChecker;

export const TOO_MANY_CHECKS = 'Too many requests. Please wait a moment and try again.';

/** Public, so limited per client address (counters shared by every API process). */
function perAddressLimit(limiter: TRateLimiter, max: number, windowSeconds: number): RequestHandler {
  return async (req, _res, next) => {
    // a refused check is not counted (nothing written)
    const state = await limiter.consume(`word-checker:ip:${req.ip ?? 'unknown'}`, windowSeconds, max);
    if (!state.allowed) return next(new TooManyRequestsError(TOO_MANY_CHECKS, limiter.secondsUntil(state)));
    next();
  };
}

/** The word checker and the popover's dictionary look-up (libs/contracts word-checker.contract.ts). */
export function wordCheckerRouter(deps: {
  service: WordCheckerService;
  limiter: TRateLimiter;
  rateLimit: number;
  rateWindowSeconds: number;
  clock: TClock;
  checkAnswers?: boolean;
}) {
  const r = contractRouter({ mountedAt: API_PREFIX, clock: deps.clock, checkAnswers: deps.checkAnswers });
  const limit = perAddressLimit(deps.limiter, deps.rateLimit, deps.rateWindowSeconds);

  r.add(c.check, limit, async (req, res) => {
    // meanings in the body's language, else the signed-in learner's native language, else English
    const lang = nativeLanguageOr(req.body.lang ?? req.user?.nativeLanguage);
    res.reply(200, await deps.service.check(req.body.text, lang));
  });

  r.add(c.lookup, limit, async (req, res) => {
    res.reply(200, await deps.service.lookup(req.query.word, nativeLanguageOr(req.query.lang)));
  });

  return r;
}

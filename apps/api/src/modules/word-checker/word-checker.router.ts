import type { RequestHandler } from 'express';
import { API_CONTRACT, API_PREFIX, ERROR_CODES } from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import { NotFoundError, TooManyRequestsError } from '../../lib/errors';
import { cachePublic, setEtag } from '../content/cache';
import { inflectionTables } from './inflection';
import type { ParadigmIndex } from './paradigms';
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

/**
 * The word checker, the popover's dictionary look-up and the inflection tables (libs/contracts
 * word-checker.contract.ts).
 */
export function wordCheckerRouter(deps: {
  service: WordCheckerService;
  limiter: TRateLimiter;
  rateLimit: number;
  rateWindowSeconds: number;
  clock: TClock;
  checkAnswers?: boolean;
  /** Morfologik's paradigms, loaded on the first inflection request. */
  paradigms: () => Promise<ParadigmIndex>;
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

  r.add(c.inflection, limit, async (req, res) => {
    const { lemma, pos } = req.query;
    const index = await deps.paradigms();
    const answer = inflectionTables(lemma, pos, index.paradigm(lemma.replace(/ się$/u, '')));
    if (!answer)
      throw new NotFoundError(ERROR_CODES.notFound, `“${lemma}” (${pos}) is not in the dictionary.`);
    // the data changes only with a new build: shareable, and a 304 to a matching If-None-Match
    cachePublic(res, false);
    setEtag(res, JSON.stringify(answer));
    res.reply(200, answer);
  });

  return r;
}

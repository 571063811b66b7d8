import { API_CONTRACT, API_PREFIX, TRANSLATION_MESSAGES } from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import { hasActivePremium } from '../premium/access';
import { contractRouter } from '../../middleware/contract-router';
import type { TTranslationProvider } from './providers/provider';
import type { TranslationService } from './translation.service';

const c = API_CONTRACT.translation;

/**
 * The translator (libs/contracts translation.contract.ts): premium only, decided from the database row loaded for
 * this request (docs/product.md, "Who is premium"), never from the token's role claim.
 */
export function translationRouter(deps: {
  service: TranslationService;
  clock: TClock;
  google: TTranslationProvider;
  deepl: TTranslationProvider;
  checkAnswers?: boolean;
}) {
  const r = contractRouter({
    mountedAt: API_PREFIX,
    clock: deps.clock,
    checkAnswers: deps.checkAnswers,
    premiumMessage: TRANSLATION_MESSAGES.premiumRequired,
  });
  const premium = (user: Parameters<typeof hasActivePremium>[0]) => hasActivePremium(user, deps.clock.now());
  r.add(c.google, async (req, res) => {
    res.reply(200, await deps.service.translate(deps.google, req.user.id, req.body, premium(req.user)));
  });
  r.add(c.deepl, async (req, res) => {
    res.reply(200, await deps.service.translate(deps.deepl, req.user.id, req.body, premium(req.user)));
  });
  return r;
}

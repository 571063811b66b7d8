import { API_CONTRACT, API_PREFIX } from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import type { TDatabase } from '../../lib/db';
import { contractRouter, type TRouteResponse } from '../../middleware/contract-router';

const c = API_CONTRACT.health;

/**
 * Health checks (answered before authentication: a probe sends no token) and the API's OpenAPI document
 * (libs/contracts health.contract.ts).
 */
export function healthRouter(deps: {
  database: Pick<TDatabase, 'ping'>;
  clock: TClock;
  openApiDocument: () => object;
  checkAnswers?: boolean;
}) {
  const r = contractRouter({ mountedAt: API_PREFIX, clock: deps.clock, checkAnswers: deps.checkAnswers });
  const ready = async (_req: unknown, res: TRouteResponse<typeof c.ready | typeof c.health>) => {
    if (await deps.database.ping()) res.reply(200, { status: 'ok' });
    else res.reply(503, { status: 'unavailable' });
  };
  r.add(c.health, ready);
  r.add(c.ready, ready);
  r.add(c.live, (_req, res) => {
    res.reply(200, { status: 'ok' });
  });
  r.add(c.openapi, (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.reply(
      200,
      deps.openApiDocument() as {
        openapi: string;
        info: Record<string, unknown>;
        paths: Record<string, unknown>;
      },
    );
  });
  return r;
}

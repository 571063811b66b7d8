import { readFileSync } from 'node:fs';
import { createOpenApiDocument } from '@polski/contracts/openapi';
import { workspacePath } from '../../lib/paths';
import type { TModuleFactory } from '../../module';
import { healthRouter } from './health.router';

/**
 * Health checks for load balancers, and GET /api/openapi.json: the API described from its contracts, built on the
 * first request and kept.
 */
export const healthModule: TModuleFactory = (deps) => {
  let document: object | undefined;
  const openApiDocument = () =>
    (document ??= createOpenApiDocument({
      serverUrl: deps.config.PUBLIC_URL.replace(/\/+$/, ''),
      version: (JSON.parse(readFileSync(workspacePath('package.json'), 'utf8')) as { version: string })
        .version,
    }));
  return {
    name: 'health',
    openRouters: [
      healthRouter({
        database: deps.database,
        clock: deps.clock,
        openApiDocument,
        checkAnswers: deps.config.checkAnswers,
      }),
    ],
  };
};

import { Router } from 'express';
import type { TAppDeps } from '../../app';

export function healthRouter(deps: Pick<TAppDeps, 'database'>): Router {
  const router = Router();
  const check = async (_req: unknown, res: import('express').Response) => {
    const ok = await deps.database.ping();
    res.setHeader('Cache-Control', 'no-store');
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable' });
  };
  router.get('/health', check);
  /** Readiness: the database answers. */
  router.get('/health/ready', check);
  /** Liveness: the process serves HTTP; says nothing of dependencies. */
  router.get('/health/live', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });
  return router;
}

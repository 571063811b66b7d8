import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type TAppDeps } from './app';
import { loadConfig, type TConfig } from './config/env';
import { openDatabase, type TDatabase } from './lib/db';
import { createLogger, type TLogger } from './lib/logger';
import { createModules } from './modules';
import { systemClock } from './lib/clock';
import { createServices, startBackground } from './services';

export interface TRunningServer {
  server: Server;
  url: string;
  config: TConfig;
  database: TDatabase;
  logger: TLogger;
  stop(): Promise<void>;
}

/**
 * Builds every dependency from the configuration and listens. main.ts calls this; browser tests start the same
 * thing in-process. Module bootstraps (mail worker, payments, ...) hang off `deps` here as they arrive.
 */
export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<TRunningServer> {
  const config = loadConfig(env);
  const logger = createLogger(config.LOG_LEVEL);
  for (const warning of config.warnings) logger.warn(warning);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
    onNotice: (message) => logger.warn(message),
    avoidPorts: [config.PORT],
  });
  if (database.embedded)
    logger.warn(
      { dataDir: config.dataDir },
      'using the embedded PostgreSQL server in DATA_DIR/postgres (set DATABASE_URL to use another server)',
    );
  const base = { config, database, logger, clock: systemClock };
  const services = createServices(base);
  const modules = await createModules({ ...base, services });
  const deps: TAppDeps = { ...base, services, modules };
  const app = createApp(deps);
  const server = createServer(app);
  server.requestTimeout = config.REQUEST_TIMEOUT_MS;
  server.headersTimeout = Math.min(config.REQUEST_TIMEOUT_MS, 60_000);
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const stopServices = startBackground(services);
  const { port: listening } = server.address() as AddressInfo;
  for (const m of modules) m.start?.({ url: `http://127.0.0.1:${listening}` });
  const stopBackground = async () => {
    for (const m of [...modules].reverse())
      await m.stop?.().catch((err) => logger.warn({ err, module: m.name }, 'stop failed'));
    await stopServices();
  };
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  let stopping: Promise<void> | undefined;
  return {
    server,
    url,
    config,
    database,
    logger,
    stop() {
      stopping ??= (async () => {
        // stop accepting, let requests in flight finish, then close idle keep-alive sockets
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        // keep-alive sockets become idle as their last response ends: close them as they do
        server.closeIdleConnections();
        const idle = setInterval(() => server.closeIdleConnections(), 50);
        const timer = setTimeout(() => server.closeAllConnections(), config.SHUTDOWN_TIMEOUT_MS);
        await closed;
        clearInterval(idle);
        clearTimeout(timer);
        await stopBackground();
        await database.close();
      })();
      return stopping;
    },
  };
}

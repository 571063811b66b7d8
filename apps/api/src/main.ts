import { ConfigError } from './config/env';
import { EmbeddedPostgresError } from './lib/embedded-postgres';
import { startServer, type TRunningServer } from './server';

async function main(): Promise<void> {
  let running: TRunningServer | undefined;
  let requested: string | undefined;
  let shuttingDown = false;
  const shutdown = (signal: string) => {
    // a signal during start (initdb, migrations) is kept: the server stops in order as soon as it has started
    if (!running) {
      requested ??= signal;
      return;
    }
    // a Ctrl-C reaches this process twice under `npm start` (from the terminal and forwarded by tools/start.mjs):
    // the listeners stay, so a repeated signal cannot end the process before the drain and the database's stop
    if (shuttingDown) return;
    shuttingDown = true;
    const { logger } = running;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    running
      .stop()
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((err) => {
        logger.error({ err }, 'error while stopping');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    running = await startServer();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78);
    }
    console.error('Failed to start:', e instanceof EmbeddedPostgresError ? e.message : e);
    process.exit(1);
  }
  const { logger, config } = running;
  logger.info(
    { port: running.server.address(), publicUrl: config.PUBLIC_URL },
    `listening on ${config.PUBLIC_URL}`,
  );
  if (requested) shutdown(requested);
}

void main();

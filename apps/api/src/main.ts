import { ConfigError } from './config/env';
import { startServer } from './server';

async function main(): Promise<void> {
  let running;
  try {
    running = await startServer();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(78);
    }
    console.error('Failed to start:', e);
    process.exit(1);
  }
  const { logger, config } = running;
  logger.info(
    { port: running.server.address(), publicUrl: config.PUBLIC_URL },
    `listening on ${config.PUBLIC_URL}`,
  );
  const shutdown = (signal: string) => {
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
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

void main();

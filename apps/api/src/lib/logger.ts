import pino, { type Logger } from 'pino';

export type TLogger = Logger;

/** Structured JSON logs. Secrets and credentials are redacted wherever they appear in a logged object. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["stripe-signature"]',
          'res.headers["set-cookie"]',
          '*.password',
          '*.confirmPassword',
          '*.token',
          '*.jwtSecret',
          '*.JWT_SECRET',
          '*.STRIPE_SECRET_KEY',
          '*.STRIPE_WEBHOOK_SECRET',
          '*.SMTP_PASSWORD',
          '*.DEEPL_AUTH_KEY',
          '*.GOOGLE_TRANSLATE_API_KEY',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

import pino, { type Logger } from 'pino';
import { redactRequest } from './redact-url';

export type TLogger = Logger;

/**
 * Structured JSON logs. Secrets and credentials are redacted wherever they appear in a logged object; a logged
 * request (`req`) has the tokens and handles of its URL, query, params and Referer redacted (lib/redact-url.ts).
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      serializers: { req: pino.stdSerializers.wrapRequestSerializer(redactRequest) },
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
          '*.METRICS_TOKEN',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}

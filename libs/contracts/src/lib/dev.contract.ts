import { z } from 'zod';
import { content, defineContract, error, json } from './contract';
import { ERROR_CODES as E } from './error-codes';
import { ROUTES } from './routes';

export const ZDevMailResponseSchema = z.array(
  z.object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    links: z.array(z.string()),
    status: z.string(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
  }),
);
export type TDevMailResponse = z.infer<typeof ZDevMailResponseSchema>;

/**
 * Development only: with ENABLE_DEV_MAIL=true (npm start sets it where no mail server is configured) these show the
 * outbox; otherwise, and always in production, they answer 404.
 */
export const devContract = defineContract(ROUTES.dev, {
  mail: {
    summary: 'The outbox, newest first (development only)',
    auth: 'public',
    internal: true,
    responses: { 200: json(ZDevMailResponseSchema), 404: error('The outbox viewer is off', E.notFound) },
  },
  mailPage: {
    summary: 'The outbox as a page, with the links of each email (development only)',
    auth: 'public',
    internal: true,
    responses: {
      200: content('text/html', 'The page'),
      404: error('The outbox viewer is off', E.notFound),
    },
  },
});

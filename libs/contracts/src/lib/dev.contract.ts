import { z } from 'zod';
import { content, defineContract, json } from './contract';
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
 * Development only: where no mail server is configured, emails stay in the outbox and these show them (never
 * mounted in production).
 */
export const devContract = defineContract(ROUTES.dev, {
  mail: {
    summary: 'The outbox, newest first (development only)',
    auth: 'public',
    internal: true,
    responses: { 200: json(ZDevMailResponseSchema) },
  },
  mailPage: {
    summary: 'The outbox as a page, with the links of each email (development only)',
    auth: 'public',
    internal: true,
    responses: { 200: content('text/html', 'The page') },
  },
});

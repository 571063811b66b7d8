import type { Prisma, PrismaClient } from '../../generated/prisma/client';

export interface TEmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
  /** Extra headers (List-Unsubscribe of the review reminders), name -> value. */
  headers?: Record<string, string>;
}

/**
 * Writes an email to the outbox. Call it with the transaction client of the change that causes the email, so the
 * change and its email commit together or not at all; the mail worker sends it afterwards.
 */
export async function enqueueEmail(
  tx: Prisma.TransactionClient | PrismaClient,
  message: TEmailMessage,
  now: Date,
): Promise<void> {
  const { headers, ...rest } = message;
  await tx.emailOutbox.create({
    data: { ...rest, ...(headers ? { headers } : {}), createdAt: now, nextAttemptAt: now },
  });
}

import type { Prisma, PrismaClient } from '../../generated/prisma/client';

export interface TEmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  kind: string;
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
  await tx.emailOutbox.create({ data: { ...message, createdAt: now, nextAttemptAt: now } });
}

import nodemailer, { type Transporter } from 'nodemailer';
import type { TConfig } from '../../config/env';
import type { TDb } from '../../lib/db';
import type { TLogger } from '../../lib/logger';

export interface TMailTransport {
  send(message: {
    from: string;
    to: string;
    subject: string;
    text: string;
    html: string;
    /** extra headers (List-Unsubscribe, ...), name -> value */
    headers?: Record<string, string>;
  }): Promise<void>;
  close?(): void;
}

export function smtpTransport(config: TConfig): TMailTransport {
  const transporter: Transporter = config.SMTP_URL
    ? nodemailer.createTransport({
        url: config.SMTP_URL,
        connectionTimeout: 10_000,
        socketTimeout: 20_000,
      } as never)
    : nodemailer.createTransport({
        host: config.SMTP_HOST,
        port: config.SMTP_PORT ?? 587,
        secure: config.SMTP_SECURE ?? config.SMTP_PORT === 465,
        auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD ?? '' } : undefined,
        connectionTimeout: 10_000,
        socketTimeout: 20_000,
      });
  return {
    async send(m) {
      await transporter.sendMail(m);
    },
    close: () => transporter.close(),
  };
}

/** Delay before attempt n+1: 5 s, 10 s, 20 s ... capped at 15 minutes. */
export function backoffMs(attempts: number, baseMs = 5_000): number {
  return Math.min(15 * 60_000, baseMs * 2 ** Math.max(0, attempts - 1));
}

export interface TMailWorkerOptions {
  db: TDb;
  transport: TMailTransport;
  from: string;
  logger: TLogger;
  now?: () => Date;
  pollMs?: number;
  baseBackoffMs?: number;
  maxAttempts?: number;
  batchSize?: number;
}

/**
 * Sends what the outbox holds. Rows are claimed with FOR UPDATE SKIP LOCKED and a short lease, so several API
 * processes can run workers on one database without sending a message twice; a failed send is retried with
 * exponential backoff and only marked SENT once the mail server accepted it.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = true;
  private readonly now: () => Date;

  constructor(private readonly o: TMailWorkerOptions) {
    this.now = o.now ?? (() => new Date());
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Ask for a run soon (after an email was enqueued). */
  kick(): void {
    if (!this.stopped) this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.runOnce()
        .catch((err) => {
          this.o.logger.warn({ err }, 'mail worker run failed');
          return 0;
        })
        .finally(() => {
          if (!this.stopped) this.schedule(this.o.pollMs ?? 2_000);
        });
    }, ms);
    this.timer.unref?.();
  }

  /** One pass: claim due messages and try each once. Returns how many were sent. */
  async runOnce(): Promise<number> {
    const now = this.now();
    const lease = new Date(now.getTime() + 60_000);
    const batch = this.o.batchSize ?? 10;
    const claimed = await this.o.db.$queryRaw<
      {
        id: string;
        to: string;
        subject: string;
        text: string;
        html: string;
        headers: Record<string, string> | null;
        attempts: number;
      }[]
    >`
      UPDATE email_outbox SET locked_until = ${lease}, attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM email_outbox
        WHERE status = 'PENDING' AND next_attempt_at <= ${now} AND (locked_until IS NULL OR locked_until <= ${now})
        ORDER BY created_at
        LIMIT ${batch}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, "to", subject, text, html, headers, attempts`;
    let sent = 0;
    for (const m of claimed) {
      try {
        await this.o.transport.send({
          from: this.o.from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          ...(m.headers ? { headers: m.headers } : {}),
        });
        await this.o.db.emailOutbox.update({
          where: { id: m.id },
          data: { status: 'SENT', sentAt: this.now(), lockedUntil: null, lastError: null },
        });
        sent += 1;
      } catch (err) {
        const attempts = Number(m.attempts);
        const giveUp = attempts >= (this.o.maxAttempts ?? 25);
        this.o.logger.warn({ err, emailId: m.id, attempts, giveUp }, 'email not accepted by the mail server');
        await this.o.db.emailOutbox.update({
          where: { id: m.id },
          data: {
            status: giveUp ? 'FAILED' : 'PENDING',
            lockedUntil: null,
            lastError: String((err as Error).message ?? err).slice(0, 500),
            nextAttemptAt: new Date(this.now().getTime() + backoffMs(attempts, this.o.baseBackoffMs)),
          },
        });
      }
    }
    return sent;
  }
}

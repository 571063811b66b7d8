import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TTestSmtp {
  port: number;
  url: string;
  messages: ParsedMail[];
  /** While false, every message is refused with a temporary 451 error. */
  accepting: boolean;
  refused: number;
  close(): Promise<void>;
  /** Links found in the text part of a message. */
  linksOf(m: ParsedMail): string[];
}

/** A real SMTP server in the test process (smtp-server), messages parsed with mailparser. */
export async function startTestSmtp(): Promise<TTestSmtp> {
  const state: TTestSmtp = {
    port: 0,
    url: '',
    messages: [],
    accepting: true,
    refused: 0,
    close: async () => undefined,
    linksOf: (m) => [...new Set((m.text ?? '').match(/https?:\/\/[^\s"'<>]+/g) ?? [])],
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (!state.accepting) {
          state.refused += 1;
          const err = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
          err.responseCode = 451;
          return callback(err);
        }
        state.messages.push(await simpleParser(Buffer.concat(chunks)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  state.port = (server.server.address() as AddressInfo).port;
  state.url = `smtp://127.0.0.1:${state.port}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tiny HTTP server for tests: records every request (raw body kept byte for byte) and answers as told. */
export interface TReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface TTestReceiver {
  url: string;
  requests: TReceivedRequest[];
  /** Statuses to answer with, in turn; once used up, 200. */
  respondWith(...statuses: number[]): void;
  close(): Promise<void>;
}

export async function startTestReceiver(): Promise<TTestReceiver> {
  const requests: TReceivedRequest[] = [];
  const statuses: number[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'Content-Type': 'text/plain', Connection: 'close' });
      res.end(status < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    respondWith: (...s) => statuses.push(...s),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

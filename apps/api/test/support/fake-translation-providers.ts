import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TRecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the fake answers: a status and a JSON body, or 'hang' (never answers: for timeouts). */
export type TFakeAnswer = { status: number; json: unknown } | 'hang';

export interface TFakeServer {
  url: string;
  requests: TRecordedRequest[];
  /** Replaces the answer for the following requests. */
  answer(fn: (req: TRecordedRequest) => TFakeAnswer): void;
  close(): Promise<void>;
}

/** A local HTTP server standing in for a provider's documented REST API; it records every request. */
export async function startFakeServer(initial: (req: TRecordedRequest) => TFakeAnswer): Promise<TFakeServer> {
  let handler = initial;
  const requests: TRecordedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const rec: TRecordedRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(rec);
      const a = handler(rec);
      if (a === 'hang') return; // keep the socket open, answer nothing
      res.writeHead(a.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(a.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer(fn) {
      handler = fn;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Google Cloud Translation v2: POST /language/translate/v2?key=KEY, JSON {q, source, target, format}
 * -> {data: {translations: [{translatedText}]}}; errors as {error: {code, message, errors: [{reason}]}}.
 */
export function googleAnswer(req: TRecordedRequest): TFakeAnswer {
  if (req.method !== 'POST' || req.path !== '/language/translate/v2')
    return { status: 404, json: { error: { code: 404, message: 'Not Found' } } };
  const body = JSON.parse(req.body) as { q: string[] | string; target: string };
  const q = Array.isArray(body.q) ? body.q : [body.q];
  return {
    status: 200,
    json: { data: { translations: q.map((t) => ({ translatedText: `[${body.target}] ${t}` })) } },
  };
}

export function googleError(code: number, reason: string, message = 'error'): TFakeAnswer {
  return {
    status: code,
    json: { error: { code, message, errors: [{ domain: 'usageLimits', reason, message }] } },
  };
}

/**
 * DeepL v2: POST /v2/translate with `Authorization: DeepL-Auth-Key KEY` and a form body (text, source_lang,
 * target_lang) -> {translations: [{detected_source_language, text}]}.
 */
export function deeplAnswer(req: TRecordedRequest): TFakeAnswer {
  if (req.method !== 'POST' || req.path !== '/v2/translate')
    return { status: 404, json: { message: 'Not found' } };
  const form = new URLSearchParams(req.body);
  return {
    status: 200,
    json: {
      translations: form.getAll('text').map((t) => ({
        detected_source_language: (form.get('source_lang') ?? 'EN').toUpperCase(),
        text: `[${form.get('target_lang')}] ${t}`,
      })),
    },
  };
}

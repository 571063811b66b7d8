import http from 'node:http';

export interface TRawRequest {
  method: string;
  /** Sent as it is: no URL normalisation, so `..`, `%2F`, `%00` and malformed escapes reach the server unchanged. */
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}

export interface TRawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

/**
 * One HTTP request over a raw socket-level client (node:http), unlike supertest/fetch which normalise paths and
 * refuse odd headers. Rejects on a network error or when no answer arrives within `timeoutMs`.
 */
export function rawRequest(
  base: { host: string; port: number; agent?: http.Agent },
  req: TRawRequest,
  timeoutMs = 10_000,
): Promise<TRawResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...(req.headers ?? {}) };
    if (req.body && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) {
      headers['Content-Length'] = String(req.body.length);
    }
    let r: http.ClientRequest;
    try {
      r = http.request({
        host: base.host,
        port: base.port,
        method: req.method,
        path: req.path,
        headers,
        agent: base.agent,
      });
    } catch (err) {
      reject(err);
      return;
    }
    const timer = setTimeout(() => {
      r.destroy(new Error(`no answer within ${timeoutMs} ms: ${req.method} ${req.path.slice(0, 200)}`));
    }, timeoutMs);
    r.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        });
      });
      res.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    r.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    r.end(req.body);
  });
}

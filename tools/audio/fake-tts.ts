import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A WAV file (PCM s16le mono) of a tone: what Google (LINEAR16) and Azure (riff-24khz-16bit-mono-pcm) answer. */
export function toneWav(seconds: number, sampleRate = 24000, freq = 330): Buffer {
  const n = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(n * 2);
  for (let i = 0; i < n; i++)
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * freq * i) / sampleRate) * 8000), i * 2);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

export interface TFakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}
export type TFakeReply = { status: number; type: string; body: Buffer | string };

/**
 * A local HTTP stand-in for a text-to-speech REST API (Google's `v1/text:synthesize`, Azure's
 * `cognitiveservices/v1`), speaking their documented protocol; tests only (providers refuse http:// in production).
 */
export async function startFakeTts(handler: (req: TFakeRequest) => TFakeReply) {
  const requests: TFakeRequest[] = [];
  let answer = handler;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const r: TFakeRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(r);
      const a = answer(r);
      res.writeHead(a.status, { 'Content-Type': a.type });
      res.end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    answer(fn: (req: TFakeRequest) => TFakeReply) {
      answer = fn;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Google's documented answer: JSON with the audio file in base64. */
export const googleOk = (seconds = 0.4): TFakeReply => ({
  status: 200,
  type: 'application/json',
  body: JSON.stringify({ audioContent: toneWav(seconds).toString('base64') }),
});

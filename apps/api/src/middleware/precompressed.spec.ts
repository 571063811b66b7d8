import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import express from 'express';
import { precompressed } from './precompressed';

const JS = 'export const greeting = "cześć";\n'.repeat(100);
const CSS = 'body { margin: 0 }\n'.repeat(100);

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'precompressed-'));
  mkdirSync(join(dir, 'fonts'));
  writeFileSync(join(dir, 'app-1.js'), JS);
  writeFileSync(join(dir, 'app-1.js.br'), brotliCompressSync(JS));
  writeFileSync(join(dir, 'app-1.js.gz'), gzipSync(JS));
  writeFileSync(join(dir, 'fonts', 'style-2.css'), CSS);
  writeFileSync(join(dir, 'fonts', 'style-2.css.gz'), gzipSync(CSS));
  writeFileSync(join(dir, 'plain-3.js'), 'export {};\n');
  writeFileSync(join(dir, 'orphan-4.js.br'), brotliCompressSync('no original'));
  const app = express();
  app.use(
    '/assets',
    precompressed(dir, { immutable: true, maxAge: '1y' }),
    express.static(dir, { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  await new Promise<void>((resolve, reject) => {
    server = app.listen(0, '127.0.0.1', (err) => (err ? reject(err) : resolve()));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** The raw answer: status, headers and the bytes as sent (no decompression). */
function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('precompressed: the build’s brotli and gzip copies of the web assets', () => {
  it('a browser that accepts brotli gets the .br copy, typed and cached as the file itself', async () => {
    const r = await get('/assets/app-1.js', { 'Accept-Encoding': 'gzip, deflate, br, zstd' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers.vary).toMatch(/Accept-Encoding/i);
    expect(r.body.equals(brotliCompressSync(JS))).toBe(true);
  });

  it('gzip when brotli is not accepted (or refused with q=0)', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip']) {
      const r = await get('/assets/app-1.js', { 'Accept-Encoding': accept });
      expect(r.headers['content-encoding']).toBe('gzip');
      expect(r.body.equals(gzipSync(JS))).toBe(true);
    }
  });

  it('no Accept-Encoding: the file itself, from the next handler, still marked as varying', async () => {
    const r = await get('/assets/app-1.js');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers.vary).toMatch(/Accept-Encoding/i);
    expect(r.body.toString()).toBe(JS);
  });

  it('only the copies that exist are offered; files in sub-folders too', async () => {
    const r = await get('/assets/fonts/style-2.css', { 'Accept-Encoding': 'br, gzip' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers['content-type']).toMatch(/^text\/css/);
    expect(r.body.equals(gzipSync(CSS))).toBe(true);
  });

  it('files without copies, copies without a file, and other methods are left to the next handler', async () => {
    const plain = await get('/assets/plain-3.js', { 'Accept-Encoding': 'br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('export {};\n');
    expect((await get('/assets/orphan-4.js', { 'Accept-Encoding': 'br' })).status).toBe(404);
    // express.static (without fallthrough) refuses other methods
    const posted = await get('/assets/app-1.js', { 'Accept-Encoding': 'br' }, 'POST');
    expect(posted.status).toBe(405);
    expect(posted.headers['content-encoding']).toBeUndefined();
  });

  it('HEAD answers the headers of the copy without a body', async () => {
    const r = await get('/assets/app-1.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(Number(r.headers['content-length'])).toBe(brotliCompressSync(JS).length);
    expect(r.body.length).toBe(0);
  });
});

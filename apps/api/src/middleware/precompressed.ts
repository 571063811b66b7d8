import { existsSync, readdirSync } from 'node:fs';
import { extname, join, sep } from 'node:path';
import type { RequestHandler } from 'express';

type TCopy = 'br' | 'gz';
/** brotli first: it is the smaller */
const COPIES: readonly TCopy[] = ['br', 'gz'];
const ENCODING: Record<TCopy, string> = { br: 'br', gz: 'gzip' };

/**
 * The web build writes a brotli and a gzip copy next to each of its text files (x.js.br, x.js.gz: see
 * apps/web/vite.config.mts). This sends the copy the browser accepts, brotli first, with Content-Encoding and the
 * original file's type, so assets go out compressed without compressing them on every request. Requests for files
 * without copies, and browsers that accept neither, go on to the next handler (express.static). The copies are
 * listed once, at start.
 */
export function precompressed(
  dir: string,
  sendOptions: { maxAge?: string | number; immutable?: boolean } = {},
): RequestHandler {
  const found = new Map<string, Set<TCopy>>();
  const names = existsSync(dir) ? (readdirSync(dir, { recursive: true }) as string[]) : [];
  for (const name of names) {
    const m = /^(.+)\.(br|gz)$/.exec(name);
    if (!m || !existsSync(join(dir, m[1]))) continue;
    const url = `/${m[1].split(sep).join('/')}`;
    found.set(url, (found.get(url) ?? new Set<TCopy>()).add(m[2] as TCopy));
  }
  const copies = new Map([...found].map(([url, set]) => [url, COPIES.filter((c) => set.has(c))]));

  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const available = copies.get(req.path);
    if (!available) return next();
    res.vary('Accept-Encoding');
    // the smallest copy the browser accepts at all (browsers list gzip before br, with the same weight)
    const copy = available.find((c) => req.acceptsEncodings(ENCODING[c]) === ENCODING[c]);
    if (!copy) return next();
    res.setHeader('Content-Encoding', ENCODING[copy]);
    res.type(extname(req.path));
    res.sendFile(`${req.path.slice(1)}.${copy}`, { root: dir, ...sendOptions }, (err) => {
      if (!err || res.headersSent) return;
      // the copy went missing after start: the file itself, uncompressed
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next();
    });
  };
}

import type { RequestHandler } from 'express';

/**
 * CORS for the site's own origin only (PUBLIC_URL). The web app is served from the same origin, so browsers never
 * need CORS for it; this lets a separately hosted copy of the web app at PUBLIC_URL call the API, and gives every
 * other origin nothing (the browser then refuses to read the answer).
 */
export function corsForOrigin(publicUrl: string): RequestHandler {
  const allowed = new URL(publicUrl).origin;
  return (req, res, next) => {
    const origin = req.headers.origin;
    res.vary('Origin');
    if (origin === allowed) {
      res.setHeader('Access-Control-Allow-Origin', allowed);
      res.setHeader('Access-Control-Expose-Headers', 'X-Request-Id, Retry-After');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, DELETE');
        res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type, X-Request-Id');
        res.setHeader('Access-Control-Max-Age', '600');
        res.status(204).end();
        return;
      }
    } else if (req.method === 'OPTIONS' && origin) {
      res.status(204).end();
      return;
    }
    next();
  };
}

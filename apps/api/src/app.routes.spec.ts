import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import request from 'supertest';
import { compileErrors, validate } from '@readme/openapi-parser';
import { contractRoutes, ERROR_CODES, routeUrl, type TContractRoute } from '@polski/contracts';
import { openApiPath } from '@polski/contracts/openapi';
import { createTestApp, type TTestApp } from '../test/support/test-app';

interface TFound {
  method: string;
  path: string;
}

/**
 * Every route the Express app registers, by walking its router stack: routes (method and path, with the mount path
 * of every router above them) and middleware mounted at a path (`app.use('/assets', ...)`, method `*`).
 */
export function listRoutes(app: Express): TFound[] {
  const out: TFound[] = [];
  type TLayer = {
    rawPath?: unknown;
    route?: { path: unknown; methods: Record<string, boolean> };
    handle?: { stack?: TLayer[] };
  };
  const walk = (stack: TLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const path =
          typeof layer.route.path === 'string'
            ? prefix + layer.route.path
            : `${prefix}${String(layer.route.path)}`;
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') out.push({ method: method.toUpperCase(), path });
        }
      } else if (layer.handle?.stack) {
        walk(
          layer.handle.stack,
          prefix + (typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : ''),
        );
      } else if (typeof layer.rawPath === 'string' && layer.rawPath !== '/') {
        // one entry per mount path (`app.use(path, a, b)` makes a layer per handler)
        const path = prefix + layer.rawPath;
        if (!out.some((r) => r.method === '*' && r.path === path)) out.push({ method: '*', path });
      }
    }
  };
  walk((app as unknown as { router: { stack: TLayer[] } }).router.stack, '');
  return out;
}

/** What the app serves that is not the API's: the built web app (its files and its pages for every other GET). */
const WEB_APP = [
  { method: '*', path: '/assets' },
  { method: 'GET', path: '/.*/' },
];

describe('the routes the app answers and the contracts', () => {
  let t: TTestApp;
  let dist: string;
  beforeAll(async () => {
    // with a web build, so the web app's own handlers are in the stack too
    dist = mkdtempSync(join(tmpdir(), 'polski-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><title>Polski Stories</title><div id="root"></div>',
    );
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const key = (r: TFound) => `${r.method} ${r.path}`;

  it('registers exactly the routes of the contracts, and nothing else but the web app', () => {
    const found = listRoutes(t.app.express).map(key);
    const declared = contractRoutes().map(({ route }) => key(route));
    const undeclared = found.filter((r) => !declared.includes(r) && !WEB_APP.map(key).includes(r));
    const missing = declared.filter((r) => !found.includes(r));
    expect({ undeclared, missing }).toEqual({ undeclared: [], missing: [] });
    // each route once
    expect(found.filter((r, i) => found.indexOf(r) !== i)).toEqual([]);
  });

  /** A route whose contract says it answers a page (the outbox viewer, the unsubscribe pages), not the web app. */
  const pageOfItsOwn = (route: TContractRoute) =>
    Object.values(route.responses)
      .flat()
      .some((spec) => spec.kind === 'content' && spec.contentType === 'text/html');

  it('answers every route of the contracts over HTTP (none falls through to "no such route" or the web app)', async () => {
    const sample = (route: TContractRoute) =>
      routeUrl(route, Object.fromEntries([...route.path.matchAll(/:(\w+)/g)].map((m) => [m[1], 'x'])));
    const problems: string[] = [];
    for (const { route } of contractRoutes()) {
      const url = sample(route);
      const res = await request(t.app)[route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](url);
      if (res.body?.code === ERROR_CODES.routeNotFound)
        problems.push(`${route.method} ${url}: no such route`);
      if (res.status < 500 && /text\/html/.test(res.headers['content-type'] ?? '') && !pageOfItsOwn(route))
        problems.push(`${route.method} ${url}: answered by the web app`);
      if (res.status >= 500) problems.push(`${route.method} ${url}: ${res.status} ${res.text.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
  });

  it('fails on a route the contracts do not declare (the check itself)', () => {
    t.app.express.get('/api/not-in-the-contract', (_req, res) => void res.json({}));
    try {
      const found = listRoutes(t.app.express).map(key);
      expect(found).toContain('GET /api/not-in-the-contract');
      const declared = contractRoutes().map(({ route }) => key(route));
      expect(declared).not.toContain('GET /api/not-in-the-contract');
    } finally {
      const stack = (t.app.express as unknown as { router: { stack: unknown[] } }).router.stack;
      stack.pop();
    }
  });

  describe('GET /api/openapi.json', () => {
    let doc: {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown>; operationId: string }>>;
      components: { schemas: Record<string, { enum?: string[] }> };
    };
    beforeAll(async () => {
      const res = await request(t.app).get('/api/openapi.json');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      doc = res.body;
    });

    it('is a valid OpenAPI 3.1 document', async () => {
      expect(doc.openapi).toBe('3.1.0');
      // a copy: the parser resolves references in place
      const result = await validate(structuredClone(doc) as never);
      expect(result.valid ? '' : compileErrors(result)).toBe('');
      expect(result.valid).toBe(true);
    });

    it('describes every route with its success and error answers and their codes', () => {
      for (const { resource, name, route } of contractRoutes()) {
        const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
        expect([route.path, op?.operationId]).toEqual([route.path, `${resource}.${name}`]);
        const statuses = Object.keys(op.responses).map(Number);
        expect([route.path, statuses.some((s) => s >= 200 && s < 300)]).toEqual([route.path, true]);
        expect([route.path, statuses]).toEqual([route.path, expect.arrayContaining([500, 503])]);
      }
      const login = doc.paths['/api/account/login'].post.responses as Record<string, { description: string }>;
      expect(login['401'].description).toContain('invalid_credentials');
      expect(login['400'].description).toContain('validation_failed');
      expect(doc.components.schemas.ErrorCode.enum).toEqual(
        expect.arrayContaining(Object.values(ERROR_CODES)),
      );
    });
  });
});

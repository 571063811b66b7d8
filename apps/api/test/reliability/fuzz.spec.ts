import { writeFileSync } from 'node:fs';
import http, { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import request from 'supertest';
import { ZErrorEnvelopeSchema, ZValidationErrorResponseSchema } from '@polski/contracts';
import { createLogger } from '../../src/lib/logger';
import { createTestApp, type TTestApp } from '../support/test-app';
import { buildFuzzContext } from './fuzz-context';
import { fuzzRequest, type TFuzzContext, type TFuzzRequest } from './fuzz-requests';
import { rawRequest, type TRawResponse } from './raw-http';
import { digestChanges, stateDigest, type TStateDigest } from './state-digest';

/**
 * Property-based fuzzing of the whole API over real HTTP with a fixed seed. In the suite: FUZZ_RUNS (default 1000)
 * requests. The full run: `FUZZ_RUNS=10000 npx jest -c apps/api/jest.config.js apps/api/test/reliability/fuzz.spec.ts`
 * (FUZZ_SEED picks another seed, FUZZ_REPORT=<file> writes the figures as JSON, FUZZ_SHRINK=1 stops at the first
 * problem and lets fast-check shrink it). See docs/reliability.md.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const SHRINK = process.env.FUZZ_SHRINK === '1';
const REQUEST_TIMEOUT_MS = 15_000;

interface TProblem {
  request: string;
  problems: string[];
}

function describeRequest(r: TFuzzRequest): string {
  const body = r.body
    ? ` body(${r.body.length}B)=${JSON.stringify(r.body.subarray(0, 300).toString('utf8'))}`
    : '';
  const headers = Object.fromEntries(
    Object.entries(r.headers).map(([k, v]) => [k, v.length > 80 ? `${v.slice(0, 80)}...(${v.length})` : v]),
  );
  const path = r.path.length > 300 ? `${r.path.slice(0, 300)}...(${r.path.length})` : r.path;
  return `${r.method} ${path} headers=${JSON.stringify(headers)}${body}`;
}

/** What must hold for every answer, whatever was asked. */
function checkResponse(req: TFuzzRequest, res: TRawResponse): string[] {
  const problems: string[] = [];
  if (res.status >= 500)
    problems.push(`answered ${res.status}: ${res.body.subarray(0, 300).toString('utf8')}`);
  const requestId = res.headers['x-request-id'];
  const pathname = req.path.split('?')[0];
  // /metrics is answered before the request logger that sets X-Request-Id
  const reachedApp = typeof requestId === 'string' || /^\/metrics\b/i.test(pathname);
  if (!reachedApp) {
    // Node's HTTP parser refuses some requests itself (431 headers too large, 400 malformed) before the app runs
    if (![400, 413, 414, 431].includes(res.status))
      problems.push(`answered ${res.status} without passing through the app`);
    return problems;
  }
  const type = String(res.headers['content-type'] ?? '');
  const text = res.body.toString('utf8');
  if (/\n\s+at .+:\d+:\d+|node_modules|\.ts:\d+/.test(text))
    problems.push('the body leaks a stack trace or source path');
  let json: unknown;
  if (type.startsWith('application/json') && res.body.length) {
    try {
      json = JSON.parse(text);
    } catch {
      problems.push('the body is not valid JSON despite its content type');
      return problems;
    }
  }
  if (res.status < 400 || req.method === 'HEAD') return problems;
  const api = /^\/api(\/|$)/i.test(pathname);
  if (json === undefined) {
    // only the site root's default 404 page may be something else than JSON
    if (api || res.status !== 404) problems.push(`error ${res.status} is not JSON (${type})`);
    return problems;
  }
  const validation = ZValidationErrorResponseSchema.safeParse(json);
  const envelope = ZErrorEnvelopeSchema.safeParse(json);
  if (!validation.success && !envelope.success) {
    problems.push(`error body in neither error shape: ${text.slice(0, 300)}`);
  } else {
    const body = json as { status: number; requestId?: string };
    if (body.status !== res.status)
      problems.push(`body status ${body.status} differs from the HTTP status ${res.status}`);
    if (
      envelope.success &&
      !validation.success &&
      body.requestId !== undefined &&
      body.requestId !== requestId
    ) {
      problems.push(`requestId ${body.requestId} differs from the X-Request-Id header ${requestId}`);
    }
  }
  return problems;
}

describe('fuzzing every endpoint (fast-check)', () => {
  let t: TTestApp;
  let server: Server;
  let agent: http.Agent;
  let port = 0;
  let ctx: TFuzzContext;
  const serverErrors: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      // the error handler's log of an unexpected error goes with the problem report
      extend: (deps) => {
        deps.logger = createLogger('error', { write: (line: string) => void serverErrors.push(line) });
      },
      env: {
        // addresses come from X-Forwarded-For (fuzzed too), so the per-address login limits do not end coverage early
        TRUST_PROXY: 'true',
        TRANSLATION_RATE_LIMIT: '1000000',
        WORD_CHECK_RATE_LIMIT: '1000000',
      },
    });
    // as in production: signed-in reads may come from the user cache and the fast lane (PostgreSQL only)
    await t.deps.services.users.start();
    server = createServer(t.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    port = (server.address() as AddressInfo).port;
    agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    ctx = await buildFuzzContext(t);
    // the spelling dictionary loads on first use in tests (~9 s): load it before the clock of the fuzz starts
    expect((await request(t.app).post('/api/word-checker/check').send({ text: 'kot' })).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    agent?.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await t?.close();
  });

  it('sees any change to a guarded table, so the state check below is not vacuous', async () => {
    const db = t.database.db;
    const before = await stateDigest(db);
    expect(digestChanges(before, await stateDigest(db))).toEqual([]);
    const u = await db.user.findFirstOrThrow({ orderBy: { createdAt: 'asc' } });
    await db.user.update({ where: { id: u.id }, data: { emailConfirmed: !u.emailConfirmed } });
    await db.user.update({ where: { id: u.id }, data: { emailConfirmed: u.emailConfirmed } });
    // the same value again, but updated_at moved: an update that leaves the row count alone is seen
    expect(digestChanges(before, await stateDigest(db))).toEqual([
      `users: ${before.users.rows} -> ${before.users.rows} rows (content changed)`,
    ]);
  });

  it(
    `answers ${RUNS} generated requests with no 5xx, every refusal in an error shape, and nothing changed by a refusal`,
    async () => {
      const found: TProblem[] = [];
      const byStatus: Record<string, number> = {};
      const byEndpoint: Record<string, { requests: number; ok: number; refused: number }> = {};
      let refused = 0;
      let slowest = 0;
      let state: TStateDigest = await stateDigest(t.database.db);
      const started = performance.now();

      await fc.assert(
        fc.asyncProperty(fuzzRequest(ctx), async (req) => {
          const problems: string[] = [];
          serverErrors.length = 0;
          let res: TRawResponse | undefined;
          try {
            res = await rawRequest({ host: '127.0.0.1', port, agent }, req, REQUEST_TIMEOUT_MS);
          } catch (err) {
            problems.push(`no answer: ${(err as Error).message}`);
          }
          // work begun after an answer (a reset link) belongs to its request, not to the next one
          await t.deps.services.accounts.idle();
          const after = await stateDigest(t.database.db);
          if (res) {
            problems.push(...checkResponse(req, res));
            byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
            const e = (byEndpoint[req.endpoint] ??= { requests: 0, ok: 0, refused: 0 });
            e.requests += 1;
            if (res.status >= 400) e.refused += 1;
            else e.ok += 1;
            slowest = Math.max(slowest, res.ms);
          }
          if (!res || res.status >= 400) {
            refused += 1;
            const changed = digestChanges(state, after);
            if (changed.length)
              problems.push(
                `a refused request (${res?.status ?? 'no answer'}) changed ${changed.join(', ')}`,
              );
          }
          state = after;
          if (problems.length) {
            for (const line of serverErrors.slice(0, 2)) {
              const log = JSON.parse(line) as {
                msg?: string;
                err?: { type?: string; message?: string; stack?: string };
              };
              const where = log.err?.stack?.split('\n').slice(1, 4).join(' <') ?? '';
              problems.push(
                `server log: ${log.msg}: ${log.err?.type} ${log.err?.message?.slice(0, 300)} ${where}`,
              );
            }
            found.push({ request: describeRequest(req), problems });
            if (SHRINK) throw new Error(problems.join('; '));
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: !SHRINK },
      );

      const seconds = (performance.now() - started) / 1000;
      const fivexx = Object.entries(byStatus)
        .filter(([s]) => Number(s) >= 500)
        .reduce((n, [, c]) => n + c, 0);
      const summary = {
        date: new Date().toISOString(),
        seed: SEED,
        requests: RUNS,
        database: 'postgresql',
        seconds: Math.round(seconds * 10) / 10,
        requestsPerSecond: Math.round(RUNS / seconds),
        fivexx,
        refused,
        problems: found.length,
        slowestMs: Math.round(slowest),
        byStatus,
        byEndpoint,
      };
      if (process.env.FUZZ_REPORT)
        writeFileSync(
          process.env.FUZZ_REPORT,
          JSON.stringify({ ...summary, found: found.slice(0, 50) }, null, 2),
        );
      if (RUNS > 1000 || found.length) {
        console.log(JSON.stringify({ ...summary, byEndpoint: undefined }, null, 1));
      }
      // every endpoint was reached at least once
      expect(Object.keys(byEndpoint).length).toBeGreaterThan(40);
      expect(found.slice(0, 20)).toEqual([]);
    },
    120_000 + RUNS * 120,
  );
});

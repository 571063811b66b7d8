import request from 'supertest';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { workspacePath } from '../../lib/paths';
import { createTestApp, type TTestApp } from '../../../test/support/test-app';
import { loadCatalogue } from '../content/catalogue';
import { createLearningModule } from './index';

/**
 * A lesson's word statuses from the fast lane (learning/index.ts, middleware/fast-lane.ts): for a reader the user
 * cache holds, answered without Express, byte for byte and header for header what the router answers; anything
 * else, and any failure, goes through the router.
 */
const catalogue = loadCatalogue(workspacePath('content'));
const LESSON = catalogue.lesson('complete-beginner', 'complete-beginner-1')!;
const URL_OF = (hub: string, slug: string) => `/api/learning/statuses/lessons/${hub}/${slug}`;
const STATUSES = URL_OF(LESSON.hub, LESSON.slug);
const VOLATILE = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
const stable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !VOLATILE.has(k)));

async function waitFor(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("learning fast lane: a lesson's statuses", () => {
  let t: TTestApp;
  let slow: TTestApp;
  let sends: jest.SpyInstance;
  const learning = createLearningModule({ catalogue });

  beforeAll(async () => {
    t = await createTestApp({ modules: [learning] });
    slow = await createTestApp({ modules: [learning], env: { FAST_LANE: 'false' }, database: t.database });
    await t.deps.services.users.start();
    await waitFor(() => t.deps.services.users.active, 'the user cache to listen');
  });
  afterAll(async () => {
    await t?.close();
    await slow?.close();
  });
  beforeEach(() => {
    sends = jest.spyOn(t.app.express.response, 'send');
  });
  afterEach(() => sends.mockRestore());

  async function signUp(): Promise<string> {
    const res = await request(t.app).post('/api/account/register').send(makeRegisterRequest());
    expect(res.status).toBe(201);
    return res.body.token as string;
  }
  const get = (app: TTestApp, path: string, token: string) =>
    request(app.app).get(path).set('Authorization', `Bearer ${token}`);

  it('answers a cached reader without Express, with the router answer byte for byte, and every change at once', async () => {
    const token = await signUp();
    // the first request (through Express) puts the reader in the cache
    const first = await get(t, STATUSES, token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ statuses: {} });
    sends.mockClear();

    const put = await request(t.app)
      .put('/api/learning/statuses')
      .set('Authorization', `Bearer ${token}`)
      .send({ lemma: 'być', status: 'learning', stage: 2 });
    expect(put.status).toBe(200);
    sends.mockClear();
    const fast = await get(t, STATUSES, token).set('X-Request-Id', 'fast-statuses');
    expect(sends).not.toHaveBeenCalled();
    expect(fast.status).toBe(200);
    expect(fast.headers['x-request-id']).toBe('fast-statuses');
    expect(fast.body).toEqual({ statuses: { być: { status: 'learning', stage: 2 } } });
    const reference = await get(slow, STATUSES, token);
    expect(reference.text).toBe(fast.text);
    expect(stable(fast.headers)).toEqual(stable(reference.headers));
    expect(fast.headers['cache-control']).toBe('no-store');
    expect(fast.headers['x-content-type-options']).toBe('nosniff');

    // a matching If-None-Match: 304, as Express answers it
    const again = await get(t, STATUSES, token).set('If-None-Match', fast.headers.etag);
    expect(again.status).toBe(304);
  });

  it('leaves an unknown lesson, a bad token and a cross-origin request to the router', async () => {
    const token = await signUp();
    await get(t, STATUSES, token);
    sends.mockClear();
    const unknown = await get(t, URL_OF(LESSON.hub, 'no-such-lesson'), token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('not_found');
    const bad = await get(t, STATUSES, `${token}x`);
    expect(bad.status).toBe(401);
    expect(sends).toHaveBeenCalledTimes(2);
    sends.mockClear();
    const cors = await get(t, STATUSES, token).set('Origin', 'http://localhost:4200');
    expect(cors.status).toBe(200);
    expect(sends).toHaveBeenCalled();
  });

  it('hands the request to the router when the query fails, which answers it as the router does', async () => {
    const token = await signUp();
    await get(t, STATUSES, token);
    const pool = t.database.pool;
    const query = jest
      .spyOn(pool, 'query')
      .mockImplementationOnce((() => Promise.reject(new Error('connection lost'))) as never);
    sends.mockClear();
    const res = await get(t, STATUSES, token);
    // the fast lane's query failed; the router ran the statement again and answered
    expect(query).toHaveBeenCalledTimes(2);
    expect(sends).toHaveBeenCalled();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ statuses: {} });
    query.mockRestore();
  });
});

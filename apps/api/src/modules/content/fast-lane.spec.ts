import request from 'supertest';
import { ROLES, ZLessonResponseSchema } from '@polski/contracts';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { workspacePath } from '../../lib/paths';
import { createTestApp, type TTestApp } from '../../../test/support/test-app';
import { loadCatalogue } from './catalogue';
import { contentModule } from './index';
import pg from 'pg';

/**
 * The fast lane (middleware/fast-lane.ts) answers already-serialised content before the Express stack. These tests
 * prove it is used (Express's res.send is not called) and that its answers are the Express answers: same status,
 * bytes and headers. Signed-in answers come from the user cache, active once its change listener is subscribed.
 */
const catalogue = loadCatalogue(workspacePath('content'));
const FREE = catalogue.allLessons().find((l) => !l.premium)!;
const PREMIUM = catalogue.allLessons().find((l) => l.premium)!;
const lessonUrl = (l: { hub: string; slug: string }) => `/api/content/lessons/${l.hub}/${l.slug}`;

/** Headers that differ between any two answers (time, the generated request id, the connection). */
const VOLATILE = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);
const stable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([k]) => !VOLATILE.has(k)));

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('fast lane', () => {
  let t: TTestApp;
  let slow: TTestApp;
  let sends: jest.SpyInstance;

  beforeAll(async () => {
    t = await createTestApp({ modules: [contentModule] });
    // the same app without the fast lane: the reference answers
    slow = await createTestApp({ modules: [contentModule], env: { FAST_LANE: 'false' }, database: t.database });
  });
  afterAll(async () => {
    await t?.close();
    await slow?.close();
  });
  beforeEach(() => {
    sends = jest.spyOn(t.app.express.response, 'send');
  });
  afterEach(() => sends.mockRestore());

  describe('public content', () => {
    it('answers a free lesson from the fast lane after its first request, with the Express answer byte for byte', async () => {
      const first = await request(t.app).get(lessonUrl(FREE));
      expect(first.status).toBe(200);
      expect(sends).toHaveBeenCalled();
      sends.mockClear();

      const fast = await request(t.app).get(lessonUrl(FREE)).set('X-Request-Id', 'fast-1');
      expect(sends).not.toHaveBeenCalled();
      expect(fast.status).toBe(200);
      expect(fast.headers['x-request-id']).toBe('fast-1');
      expect(fast.text).toBe(first.text);
      expect(stable(fast.headers)).toEqual(stable(first.headers));
      expect(ZLessonResponseSchema.parse(fast.body).slug).toBe(FREE.slug);
      // the word annotations ride along in the same bytes
      expect(ZLessonResponseSchema.parse(fast.body).annotations?.blocks.length).toBe(
        FREE.paragraphs.reduce((n, p) => n + p.sentences.length, 0),
      );

      const reference = await request(slow.app).get(lessonUrl(FREE));
      expect(stable(fast.headers)).toEqual(stable(reference.headers));
      expect(fast.text).toBe(reference.text);
      // the security headers of the stack are all there
      expect(fast.headers['content-security-policy']).toContain("script-src 'self'");
      expect(fast.headers['x-content-type-options']).toBe('nosniff');
      expect(fast.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(fast.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=3600');
      expect(fast.headers.vary).toBe('Origin, Authorization, Accept-Language');
    });

    it('answers each reader language from its own entry, never another language’s (Accept-Language, ?lang)', async () => {
      const url = '/api/content/lessons/complete-beginner/complete-beginner-1';
      const english = await request(t.app).get(url);
      const germanFirst = await request(t.app).get(url).set('Accept-Language', 'de-DE,de;q=0.9');
      expect(germanFirst.body.lang).toBe('de');
      sends.mockClear();
      const german = await request(t.app).get(url).set('Accept-Language', 'de-DE,de;q=0.9');
      const byQuery = await request(t.app).get(`${url}?lang=de`);
      // a browser that asks for a language the lessons are not in (Hebrew is none of the 29)
      const englishAgain = await request(t.app).get(url).set('Accept-Language', 'he-IL,he;q=0.9');
      expect(sends).not.toHaveBeenCalled();
      expect(german.text).toBe(germanFirst.text);
      expect(byQuery.text).toBe(germanFirst.text);
      expect(englishAgain.text).toBe(english.text);
      const reference = await request(slow.app).get(url).set('Accept-Language', 'de');
      expect(german.text).toBe(reference.text);
      expect(stable(german.headers)).toEqual(stable(reference.headers));
      // an unknown language is Express's to refuse
      const bad = await request(t.app).get(`${url}?lang=xx`);
      expect(bad.status).toBe(400);
    });

    it('answers the podcast list, the blog and a post in each reader language from its own entry', async () => {
      for (const url of ['/api/content/podcast', '/api/content/blog', '/api/content/blog/why-learn-polish-through-stories']) {
        const english = await request(t.app).get(url);
        const germanFirst = await request(t.app).get(url).set('Accept-Language', 'de');
        sends.mockClear();
        const german = await request(t.app).get(url).set('Accept-Language', 'de-DE,de;q=0.9');
        const englishAgain = await request(t.app).get(url);
        expect(sends).not.toHaveBeenCalled();
        expect(german.text).toBe(germanFirst.text);
        expect(englishAgain.text).toBe(english.text);
        expect(german.text).not.toBe(english.text);
        expect(german.headers.vary).toBe('Origin, Accept-Language');
        const reference = await request(slow.app).get(url).set('Accept-Language', 'de');
        expect(german.text).toBe(reference.text);
      }
    });

    it('answers 304 to a matching If-None-Match and HEAD without a body, like Express', async () => {
      const first = await request(t.app).get('/api/content/hubs');
      sends.mockClear();
      const notModified = await request(t.app).get('/api/content/hubs').set('If-None-Match', first.headers.etag);
      expect(notModified.status).toBe(304);
      expect(notModified.text).toBe('');
      const weak = await request(t.app).get('/api/content/hubs').set('If-None-Match', `"x", W/${first.headers.etag}`);
      expect(weak.status).toBe(304);
      const noCache = await request(t.app)
        .get('/api/content/hubs')
        .set('If-None-Match', first.headers.etag)
        .set('Cache-Control', 'no-cache');
      expect(noCache.status).toBe(200);
      const head = await request(t.app).head('/api/content/hubs');
      expect(head.status).toBe(200);
      expect(head.headers['content-length']).toBe(String(Buffer.byteLength(first.text)));
      expect(sends).not.toHaveBeenCalled();

      const reference = await request(slow.app).get('/api/content/hubs').set('If-None-Match', first.headers.etag);
      expect(reference.status).toBe(304);
      expect(stable(notModified.headers)).toEqual(stable(reference.headers));
    });

    it('leaves to Express what it does not know exactly: other spellings, queries, CORS, other methods, unknown items', async () => {
      await request(t.app).get('/api/content/blog');
      sends.mockClear();
      for (const path of ['/api/content/blog/', '/api/content/BLOG', '/api/content/blog?x=1']) {
        const res = await request(t.app).get(path);
        expect(res.status).toBe(200);
      }
      expect(sends).toHaveBeenCalledTimes(3);
      sends.mockClear();
      const cors = await request(t.app).get('/api/content/blog').set('Origin', t.config.PUBLIC_URL);
      expect(cors.headers['access-control-allow-origin']).toBe(new URL(t.config.PUBLIC_URL).origin);
      expect(sends).toHaveBeenCalledTimes(1);
      const missing = await request(t.app).get('/api/content/blog/no-such-post');
      expect(missing.status).toBe(404);
      const post = await request(t.app).post('/api/content/blog').send({});
      expect(post.status).toBe(404);
    });

    it('leaves a malformed percent-escape to Express, which answers it, and keeps serving (no crash)', async () => {
      const urls = [
        '/api/content/hubs/%E0%A4%A',
        '/api/content/hubs/%ZZ?lang=de',
        '/api/content/podcast/%E0%A4%A',
        '/api/content/lessons/%ZZ/x',
        '/api/content/blog/%ZZ',
      ];
      for (const url of urls) {
        const fast = await request(t.app).get(url);
        const reference = await request(slow.app).get(url);
        expect({ url, status: fast.status }).toEqual({ url, status: reference.status });
        expect(fast.status).toBeGreaterThanOrEqual(400);
        expect(fast.status).toBeLessThan(500);
        expect({ ...fast.body, requestId: undefined }).toEqual({ ...reference.body, requestId: undefined });
      }
      // the process is still answering
      expect((await request(t.app).get(lessonUrl(FREE))).status).toBe(200);
    });

    it('never answers a premium lesson or a request with credentials from the public entries', async () => {
      const anonymous = await request(t.app).get(lessonUrl(PREMIUM));
      expect(anonymous.status).toBe(403);
      const again = await request(t.app).get(lessonUrl(PREMIUM));
      expect(again.status).toBe(403);
      expect(again.body.code).toBe('premium_required');
      // a forged token on a cached free lesson is refused by authentication, not served
      await request(t.app).get(lessonUrl(FREE));
      const forged = await request(t.app).get(lessonUrl(FREE)).set('Authorization', 'Bearer not.a.token');
      expect(forged.status).toBe(401);
    });

    it('counts fast answers in the latency histogram under the route pattern', async () => {
      await request(t.app).get(lessonUrl(FREE));
      await request(t.app).get(lessonUrl(FREE));
      const metrics = await request(t.app).get('/metrics');
      expect(metrics.text).toMatch(
        /http_requests_total\{method="GET",route="\/api\/content\/lessons\/:hub\/:slug",status="200"\} \d+/,
      );
    });
  });

  describe('signed-in readers (user cache)', () => {
    const db = () => t.database.db;
    async function signUp(premium: boolean): Promise<{ token: string; id: string }> {
      const body = makeRegisterRequest();
      const res = await request(t.app).post('/api/account/register').send(body);
      expect(res.status).toBe(201);
      const user = await db().user.findUniqueOrThrow({ where: { emailKey: body.email.toLowerCase() } });
      if (premium) {
        const role = await db().role.findUniqueOrThrow({ where: { name: ROLES.premium } });
        await db().userRole.create({ data: { userId: user.id, roleId: role.id } });
        await db().user.update({ where: { id: user.id }, data: { premiumLifetime: true } });
      }
      return { token: res.body.token, id: user.id };
    }
    const get = (app: TTestApp, path: string, token: string) =>
      request(app.app).get(path).set('Authorization', `Bearer ${token}`);
    const users = () => t.deps.services.users;

    beforeAll(async () => {
      await users().start();
      await waitFor(() => users().active, 'the user cache to listen');
    });

    it('serves a premium lesson to a premium reader from the cache, identical to the Express answer', async () => {
      const { token, id } = await signUp(true);
      await users().sync();
      const first = await get(t, lessonUrl(PREMIUM), token);
      expect(first.status).toBe(200);
      expect(users().peekUser(id)?.roles).toContain(ROLES.premium);
      expect(users().peekCompleted(id)).toEqual(new Set());
      sends.mockClear();
      const fast = await get(t, lessonUrl(PREMIUM), token);
      expect(sends).not.toHaveBeenCalled();
      expect(fast.status).toBe(200);
      expect(fast.text).toBe(first.text);
      expect(stable(fast.headers)).toEqual(stable(first.headers));
      expect(fast.headers['cache-control']).toBe('private, no-store');
      expect(fast.body.paragraphs.length).toBeGreaterThan(0);
      const reference = await get(slow, lessonUrl(PREMIUM), token);
      expect(reference.text).toBe(fast.text);
      expect(stable(reference.headers)).toEqual(stable(fast.headers));
    });

    it('stops serving premium the moment the database takes it away (another process or psql)', async () => {
      const { token, id } = await signUp(true);
      await users().sync();
      await get(t, lessonUrl(PREMIUM), token);
      await get(t, lessonUrl(PREMIUM), token);
      expect(users().peekUser(id)).toBeDefined();
      // a refund processed elsewhere: the role is removed in the database by another client (psql), not by this
      // process (whose own writes go through its client, which refuses raw writes to these tables)
      const psql = new pg.Client({ connectionString: t.database.url });
      await psql.connect();
      await psql
        .query(
          `DELETE FROM user_roles ur USING roles r WHERE ur.role_id = r.id AND r.name = $1 AND ur.user_id = $2::uuid`,
          [ROLES.premium, id],
        )
        .finally(() => psql.end());
      await users().sync();
      expect(users().peekUser(id)).toBeUndefined();
      const refused = await get(t, lessonUrl(PREMIUM), token);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('premium_required');
      expect(refused.text).not.toContain(PREMIUM.paragraphs[1]?.sentences[0]?.pl ?? '\u0000');
    });

    it('refuses a token whose version moved on (a password reset elsewhere) once the change is committed', async () => {
      const { token, id } = await signUp(true);
      await users().sync();
      await get(t, lessonUrl(PREMIUM), token);
      expect((await get(t, lessonUrl(PREMIUM), token)).status).toBe(200);
      await slow.database.db.user.update({ where: { id }, data: { tokenVersion: { increment: 1 } } });
      await users().sync();
      const ended = await get(t, lessonUrl(PREMIUM), token);
      expect(ended.status).toBe(401);
      expect(ended.body.message).toBe('Your session has ended. Please log in again.');
    });

    it('shows a lesson completed right after marking it, here at once and in another process after the notification', async () => {
      const { token } = await signUp(false);
      await users().sync();
      await get(t, lessonUrl(FREE), token);
      await get(slow, lessonUrl(FREE), token);
      expect((await get(t, lessonUrl(FREE), token)).body.completed).toBe(false);
      const marked = await request(slow.app)
        .post('/api/content/progress')
        .set('Authorization', `Bearer ${token}`)
        .send({ hub: FREE.hub, slug: FREE.slug });
      expect(marked.status).toBe(200);
      await users().sync();
      expect((await get(t, lessonUrl(FREE), token)).body.completed).toBe(true);
      // this process's own write: visible on the very next request, before any notification could arrive
      const unmarked = await request(t.app)
        .delete('/api/content/progress')
        .set('Authorization', `Bearer ${token}`)
        .send({ hub: FREE.hub, slug: FREE.slug });
      expect(unmarked.status).toBe(200);
      expect((await get(t, lessonUrl(FREE), token)).body.completed).toBe(false);
    });

    it('forgets everything and stores nothing while its listener is down, and recovers by itself', async () => {
      const { token, id } = await signUp(true);
      await users().sync();
      await get(t, lessonUrl(PREMIUM), token);
      expect(users().peekUser(id)).toBeDefined();
      await slow.database.db.$executeRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'polski-user-cache' AND datname = current_database()`;
      await waitFor(() => !users().active, 'the listener to drop');
      expect(users().size).toBe(0);
      // still answered correctly, from the database
      expect((await get(t, lessonUrl(PREMIUM), token)).status).toBe(200);
      expect(users().size).toBe(0);
      await waitFor(() => users().active, 'the listener to reconnect', 10_000);
      await get(t, lessonUrl(PREMIUM), token);
      expect(users().peekUser(id)).toBeDefined();
    });
  });
});

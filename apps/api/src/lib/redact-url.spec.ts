import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import { Router } from 'express';
import request from 'supertest';
import { createTestApp, type TTestApp } from '../../test/support/test-app';
import { signUp } from '../../test/support/translation-test-kit';
import { fastLane } from '../middleware/fast-lane';
import { createLogger } from './logger';
import { REDACTED, redactUrl } from './redact-url';

describe('redactUrl', () => {
  it.each([
    ['/confirmemail?token=s3cr3t&userid=u-1', `/confirmemail?token=${REDACTED}&userid=${REDACTED}`],
    ['/reset-password?token=s3cr3t&userid=u-1', `/reset-password?token=${REDACTED}&userid=${REDACTED}`],
    [
      '/success?from=stripe&userId=h4ndle&session_id=cs_1',
      `/success?from=stripe&userId=${REDACTED}&session_id=${REDACTED}`,
    ],
    [
      '/premium-member?from=stripe&userId=h4ndle&session_id=cs_1',
      `/premium-member?from=stripe&userId=${REDACTED}&session_id=${REDACTED}`,
    ],
    ['/premium-member?canceled=1', '/premium-member?canceled=1'],
    ['/api/account/get-session/h4ndle', `/api/account/get-session/${REDACTED}`],
    ['/API/Account/Get-Session/h4ndle/', `/API/Account/Get-Session/${REDACTED}/`],
    ['//api//account/get-session/h4ndle?x=1', `//api//account/get-session/${REDACTED}?x=1`],
    // any token-like query, on any path
    ['/api/content/hubs?token=s3cr3t', `/api/content/hubs?token=${REDACTED}`],
    ['/x?access_token=a&api_key=b&q=kot', `/x?access_token=${REDACTED}&api_key=${REDACTED}&q=kot`],
    ['/x?%74oken=s3cr3t', `/x?%74oken=${REDACTED}`],
    ['/x?TOKEN=s3cr3t#frag', `/x?TOKEN=${REDACTED}#${REDACTED}`],
    // a page whose every value is secret: names kept, values hidden, even a bare one
    ['/confirmemail?s3cr3t', `/confirmemail?${REDACTED}`],
    ['/ConfirmEmail/?other=s3cr3t', `/ConfirmEmail/?other=${REDACTED}`],
    // absolute URLs (a Referer header)
    [
      'http://localhost:3000/reset-password?token=s3cr3t&userid=u-1',
      `http://localhost:3000/reset-password?token=${REDACTED}&userid=${REDACTED}`,
    ],
    ['/learn-polish/beginner?page=2', '/learn-polish/beginner?page=2'],
    ['/word-checker?q=kot', '/word-checker?q=kot'],
  ])('%s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

/**
 * Pen test finding 8: reset and confirmation tokens and session handles appeared in the access log (pino-http logs
 * the URL, the parsed query and the Referer header). Every log line of these requests is captured here.
 */
describe('log lines never carry a token or a handle', () => {
  let t: TTestApp;
  const lines: string[] = [];
  const SECRET = 'Sekret0Tok3nValue';

  beforeAll(async () => {
    // a built web app, so the pages of the email links answer as they do in production
    const dist = mkdtempSync(join(tmpdir(), 'polski-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Polski Stories</title>');
    t = await createTestApp({
      env: { WEB_DIST_DIR: dist, LOG_LEVEL: 'info' },
      extend: (deps) => {
        deps.logger = createLogger('info', { write: (line: string) => void lines.push(line) });
        const r = Router();
        r.get('/_test/boom', () => {
          throw new Error('boom');
        });
        deps.routers!.push(r);
      },
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    lines.length = 0;
  });

  const logged = () => lines.join('\n');
  const urlsLogged = () => lines.map((l) => (JSON.parse(l) as { req?: { url?: string } }).req?.url);

  it('the pages of the email links and of the checkout return', async () => {
    const urls = [
      `/confirmemail?token=${SECRET}&userid=${SECRET}u`,
      `/reset-password?token=${SECRET}&userid=${SECRET}u`,
      `/success?from=stripe&userId=${SECRET}&session_id=cs_${SECRET}`,
      `/premium-member?from=stripe&userId=${SECRET}&session_id=cs_${SECRET}`,
    ];
    for (const url of urls) expect((await request(t.app).get(url)).status).toBe(200);
    expect(lines).toHaveLength(urls.length);
    expect(logged()).not.toContain(SECRET);
    expect(urlsLogged()).toEqual([
      `/confirmemail?token=${REDACTED}&userid=${REDACTED}`,
      `/reset-password?token=${REDACTED}&userid=${REDACTED}`,
      `/success?from=stripe&userId=${REDACTED}&session_id=${REDACTED}`,
      `/premium-member?from=stripe&userId=${REDACTED}&session_id=${REDACTED}`,
    ]);
  });

  it('the API call a confirmation page makes (its Referer is the emailed link)', async () => {
    const res = await request(t.app)
      .post('/api/account/confirmemail')
      .set('Referer', `http://localhost:3000/confirmemail?token=${SECRET}&userid=${SECRET}`)
      .send({ token: SECRET, userid: '00000000-0000-4000-8000-000000000000' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(lines.length).toBeGreaterThan(0);
    expect(logged()).not.toContain(SECRET);
    expect(logged()).toContain('/confirmemail?token=');
  });

  it('a saved-session handle exchanged at get-session, and its metrics label', async () => {
    const { token } = await signUp(t);
    const saved = await request(t.app)
      .post('/api/account/save-session')
      .set('Authorization', `Bearer ${token}`)
      .send({});
    expect(saved.status).toBe(200);
    const handle: string = saved.body.userId;
    expect(handle.length).toBeGreaterThan(10);
    lines.length = 0;
    const res = await request(t.app).get(`/api/account/get-session/${handle}`);
    expect(res.status).toBe(200);
    // a second, used-up exchange (404), and the same under another spelling of the path
    expect((await request(t.app).get(`/api/account/get-session/${handle}`)).status).toBe(404);
    await request(t.app).get(`/API/account/GET-SESSION/${handle}/`);
    expect(lines).toHaveLength(3);
    expect(logged()).not.toContain(handle);
    expect(urlsLogged()[0]).toBe(`/api/account/get-session/${REDACTED}`);
    const metrics = await request(t.app).get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('route="/api/account/get-session/:userId"');
    expect(metrics.text).not.toContain(handle);
  });

  it('a token-like query anywhere', async () => {
    expect((await request(t.app).get(`/api/content/hubs?token=${SECRET}`)).status).toBe(200);
    expect((await request(t.app).get(`/api/nowhere?token=${SECRET}`)).status).toBe(404);
    expect(lines).toHaveLength(2);
    expect(logged()).not.toContain(SECRET);
    expect(urlsLogged()).toEqual([`/api/content/hubs?token=${REDACTED}`, `/api/nowhere?token=${REDACTED}`]);
  });

  it("the fast lane's own log line (it logs through the same request serializer)", async () => {
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const body = Buffer.from('{}');
    const lane = fastLane({
      // a route that answers any URL: today's routes answer only exact URLs without a query
      routes: [() => ({ body, etag: '"e"', cacheControl: 'no-store', vary: 'Origin', route: '/x' })],
      securityHeaders: [],
      logger,
      observe: () => undefined,
    });
    const server = createServer((req, res) => {
      if (!lane(req, res, () => res.writeHead(500).end())) res.writeHead(500).end();
    });
    const res = await request(server).get(`/confirmemail?token=${SECRET}`);
    expect(res.status).toBe(200);
    expect(lines).toHaveLength(1);
    expect(logged()).not.toContain(SECRET);
    expect(urlsLogged()).toEqual([`/confirmemail?token=${REDACTED}`]);
  });

  it("the error handler's log lines", async () => {
    const res = await request(t.app).get(`/api/_test/boom?reset_token=${SECRET}`);
    expect(res.status).toBe(500);
    // the error handler's "unhandled error" and the access log's "request errored"
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(logged()).toContain('unhandled error');
    expect(logged()).not.toContain(SECRET);
  });
});

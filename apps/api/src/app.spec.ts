import request from 'supertest';
import { Router } from 'express';
import { z } from 'zod';
import { createTestApp, type TTestApp } from '../test/support/test-app';
import { validate } from './middleware/validate';
import { ConflictError } from './lib/errors';

describe('API shell', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (deps) => {
        const r = Router();
        r.post(
          '/_test/echo',
          validate(z.object({ name: z.string().trim().min(1, 'Please enter Name') })),
          (req, res) => {
            res.json({ name: req.body.name });
          },
        );
        r.get('/_test/conflict', () => {
          throw new ConflictError('already_premium', 'Already there');
        });
        r.get('/_test/boom', () => {
          throw new Error('secret internal detail');
        });
        deps.routers!.push(r);
      },
    });
  });
  afterAll(() => t.close());

  it('answers health 200 ok when the database answers', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers health 503 when the database does not answer, while liveness stays 200', async () => {
    const broken = await createTestApp();
    // drops the test database: the real ping now fails
    await broken.database.close();
    const res = await request(broken.app).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'unavailable' });
    expect((await request(broken.app).get('/api/health/ready')).status).toBe(503);
    expect((await request(broken.app).get('/api/health/live')).status).toBe(200);
    // stops its modules (the Stripe emulator); closing the database again is harmless
    await broken.close();
  });

  it('gives every response a request id and keeps a sane incoming one', async () => {
    const res = await request(t.app).get('/api/health').set('X-Request-Id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
    const res2 = await request(t.app).get('/api/health').set('X-Request-Id', '<script>');
    expect(res2.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets security headers: CSP without inline scripts, no framing, referrer policy', async () => {
    const res = await request(t.app).get('/api/health');
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // a video story's YouTube player: the IFrame API script from youtube.com, the player in a youtube-nocookie frame,
    // and nothing else of theirs
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d: string) => d.trim())
        .find((d: string) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self' https://www.youtube.com");
    expect(directive('frame-src')).toBe('frame-src https://www.youtube-nocookie.com');
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('answers unknown API paths with 404 JSON in the error envelope', async () => {
    const res = await request(t.app).get('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 404, code: 'route_not_found' });
    expect(typeof res.body.requestId).toBe('string');
  });

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await request(t.app)
      .post('/api/_test/echo')
      .set('Content-Type', 'application/json')
      .send('{"name":');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 400,
      code: 'invalid_json',
      message: 'The request body is not valid JSON',
    });
  });

  it('answers a body over the limit with 413', async () => {
    const res = await request(t.app)
      .post('/api/_test/echo')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'x'.repeat(200_000) }));
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('payload_too_large');
  });

  it('answers invalid input with the validation-errors object and passes parsed input on', async () => {
    const bad = await request(t.app).post('/api/_test/echo').send({ name: '   ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      status: 400,
      code: 'validation_failed',
      title: 'One or more validation errors occurred.',
      errors: { name: ['Please enter Name'] },
      // the same with its code (docs/api.md, "Error codes"): a client without a text for it shows the message
      issues: [{ path: 'name', code: 'too_small', message: 'Please enter Name' }],
      requestId: expect.any(String),
    });
    const good = await request(t.app).post('/api/_test/echo').send({ name: '  Ola ' });
    expect(good.body).toEqual({ name: 'Ola' });
  });

  it('maps known errors to their status and hides unknown ones behind a generic 500', async () => {
    const conflict = await request(t.app).get('/api/_test/conflict');
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({ status: 409, code: 'already_premium', message: 'Already there' });
    const boom = await request(t.app).get('/api/_test/boom');
    expect(boom.status).toBe(500);
    expect(boom.body.code).toBe('internal_error');
    expect(JSON.stringify(boom.body)).not.toContain('secret internal detail');
  });

  it('allows CORS only for PUBLIC_URL', async () => {
    const own = await request(t.app).get('/api/health').set('Origin', 'http://localhost:3000');
    expect(own.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const preflight = await request(t.app)
      .options('/api/account/login')
      .set('Origin', 'http://localhost:3000')
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
    const other = await request(t.app).get('/api/health').set('Origin', 'https://evil.example');
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const otherPreflight = await request(t.app)
      .options('/api/account/login')
      .set('Origin', 'https://evil.example');
    expect(otherPreflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('exposes Prometheus metrics with a request latency histogram to local addresses', async () => {
    await request(t.app).get('/api/health');
    await request(t.app).get('/api/nope');
    const res = await request(t.app).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/health",status="200"\}/,
    );
    expect(res.text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\}/);
    expect(res.text).toContain('process_resident_memory_bytes');
  });
});

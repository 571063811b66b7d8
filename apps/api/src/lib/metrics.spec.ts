import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createTestApp, type TTestApp } from '../../test/support/test-app';

/**
 * Pen test finding 9: `/METRICS`, `/Metrics` and `/metrics/` got past nginx's `location = /metrics` and Express
 * (case-insensitive, lenient about a trailing slash) answered them like /metrics, without a token, to a private
 * address. Metrics answer at exactly /metrics; every other spelling answers 404 like a refused scrape.
 */
const SPELLINGS = ['/METRICS', '/Metrics', '/metrics/', '/mEtRiCs/', '//metrics', '/metrics//', '/metrics/x'];
const PROMETHEUS = '# TYPE http_request_duration_seconds histogram';

function webDist(): string {
  // a built web app: without the fix's 404 its fallback would answer these paths with the page
  const dist = mkdtempSync(join(tmpdir(), 'polski-web-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Polski Stories</title>');
  return dist;
}

describe('metrics without METRICS_TOKEN (outside production): loopback and private addresses only', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEB_DIST_DIR: webDist() } });
  });
  afterAll(() => t.close());

  it('answers exactly /metrics to a local address', async () => {
    const res = await request(t.app).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.text).toContain(PROMETHEUS);
  });

  it.each(SPELLINGS)('%s answers 404 without the metrics', async (path) => {
    const res = await request(t.app).get(path);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('http_request');
    expect(res.body).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('metrics with METRICS_TOKEN', () => {
  const token = 'metrics-token-0123456789abcdef';
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEB_DIST_DIR: webDist(), METRICS_TOKEN: token } });
  });
  afterAll(() => t.close());

  it('answers /metrics to the right bearer token only, even from loopback', async () => {
    const ok = await request(t.app).get('/metrics').set('Authorization', `Bearer ${token}`);
    expect(ok.status).toBe(200);
    expect(ok.text).toContain(PROMETHEUS);
    for (const authorization of [
      undefined,
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      token,
      'Bearer ',
    ]) {
      const req = request(t.app).get('/metrics');
      const res = await (authorization === undefined ? req : req.set('Authorization', authorization));
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('http_request');
    }
  });

  it.each(SPELLINGS)('%s answers 404 without the metrics, with or without the token', async (path) => {
    for (const res of [
      await request(t.app).get(path),
      await request(t.app).get(path).set('Authorization', `Bearer ${token}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('http_request');
    }
  });
});

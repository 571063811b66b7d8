import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { createTestApp, TEST_ENV, type TTestApp } from '../../../test/support/test-app';
import { ConfigError } from '../../config/env';
import { startServer } from '../../server';

/**
 * Pen test finding 16: the /dev/mail outbox viewer (every email, with its confirmation and reset links) was on
 * wherever no SMTP server was configured, e.g. a deployment that forgot NODE_ENV=production. It is now off unless
 * ENABLE_DEV_MAIL=true, and production refuses to start with it (npm start turns it on without SMTP: tools/start.mjs).
 */
describe('the /dev/mail outbox viewer', () => {
  const webDist = () => {
    // a built web app, whose fallback would otherwise answer /dev/mail with the page
    const dist = mkdtempSync(join(tmpdir(), 'polski-web-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Polski Stories</title>');
    return dist;
  };

  async function registerAndRead(t: TTestApp) {
    const body = makeRegisterRequest();
    expect((await request(t.app).post('/api/account/register').send(body)).status).toBe(201);
    // the email waits in the outbox (no SMTP server), with its confirmation link
    const row = await t.database.db.emailOutbox.findFirstOrThrow({ where: { to: body.email } });
    const token = /[?&]token=([\w-]+)/.exec(row.text)![1];
    return {
      email: body.email,
      token,
      json: await request(t.app).get('/api/dev/mail'),
      page: await request(t.app).get('/dev/mail'),
    };
  }

  it('is off when nothing enables it, even without an SMTP server: 404, no email shown', async () => {
    const t = await createTestApp({ env: { WEB_DIST_DIR: webDist() } });
    try {
      expect(t.config.smtpConfigured).toBe(false);
      const { email, token, json, page } = await registerAndRead(t);
      for (const res of [json, page]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ status: 404, code: 'not_found' });
        expect(res.text).not.toContain(email);
        expect(res.text).not.toContain(token);
        expect(res.text).not.toContain('Polski Stories</title>');
      }
    } finally {
      await t.close();
    }
  });

  it('is on with ENABLE_DEV_MAIL=true outside production: the outbox with its links', async () => {
    const t = await createTestApp({ env: { WEB_DIST_DIR: webDist(), ENABLE_DEV_MAIL: 'true' } });
    try {
      const { email, token, json, page } = await registerAndRead(t);
      expect(json.status).toBe(200);
      const mail = json.body.find((m: { to: string }) => m.to === email);
      expect(mail.links[0]).toContain(`/confirmemail?token=${token}&userid=`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Outbox (development)');
      expect(page.text).toContain(email);
    } finally {
      await t.close();
    }
  });

  it('production refuses to start with ENABLE_DEV_MAIL=true', async () => {
    const env = {
      ...TEST_ENV,
      NODE_ENV: 'production',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'polski-data-')),
      DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none',
      SMTP_URL: 'smtp://127.0.0.1:2',
      PUBLIC_URL: 'https://polskistories.com',
      STRIPE_SECRET_KEY: 'sk_test_unused',
      STRIPE_WEBHOOK_SECRET: 'whsec_unused',
      METRICS_TOKEN: 'm'.repeat(32),
      ENABLE_DEV_MAIL: 'true',
      PORT: '0',
    };
    const refused = await startServer(env).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).problems).toEqual([
      'ENABLE_DEV_MAIL: must not be enabled in production (the outbox viewer shows every email)',
    ]);
  });
});

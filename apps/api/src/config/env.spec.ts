import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './env';

describe('configuration', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'polski-cfg-'));

  it('starts with nothing configured on development defaults', () => {
    const c = loadConfig({ DATA_DIR: dataDir() });
    expect(c.PORT).toBe(3000);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.PREMIUM_OFFER).toBe('one-time');
    expect(c.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(c.devMailEnabled).toBe(true);
    expect(c.contactEmail).toBe('contact@polskistories.com');
    expect(c.stripeEmulated).toBe(true);
  });

  it('keeps a generated development secret across restarts', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(loadConfig({ DATA_DIR: dir }).jwtSecret);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: 'abc', PREMIUM_OFFER: 'free', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' });
      throw new Error('should have failed');
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      const problems = (e as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/PREMIUM_OFFER/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/JWT_SECRET/);
    }
  });

  it('refuses to start production without real database, secret and mail server', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(
      /DATABASE_URL[\s\S]*JWT_SECRET[\s\S]*SMTP[\s\S]*STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/,
    );
    const ok = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://u@db/app',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtp://mail:25',
      PUBLIC_URL: 'https://polskistories.com',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(ok.devMailEnabled).toBe(false);
    expect(ok.stripeEmulated).toBe(false);
  });
});

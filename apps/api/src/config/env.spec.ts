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
    expect(c.devMailEnabled).toBe(false);
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
      METRICS_TOKEN: 'm'.repeat(32),
    });
    expect(ok.devMailEnabled).toBe(false);
    expect(ok.stripeEmulated).toBe(false);
  });

  /** A production configuration that starts; each test below changes one thing. */
  const production = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    NODE_ENV: 'production',
    DATA_DIR: dataDir(),
    DATABASE_URL: 'postgresql://u@db/app',
    JWT_SECRET: 'x'.repeat(40),
    SMTP_URL: 'smtp://mail:25',
    PUBLIC_URL: 'https://polskistories.com',
    STRIPE_SECRET_KEY: 'sk_live_abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    METRICS_TOKEN: 'm'.repeat(32),
    ...extra,
  });
  const problemsOf = (env: NodeJS.ProcessEnv): string => {
    try {
      loadConfig(env);
      return '';
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e;
      return e.problems.join('\n');
    }
  };

  it('production refuses to start without METRICS_TOKEN (issue 13, item 9), or with a short one', () => {
    expect(problemsOf(production())).toBe('');
    expect(problemsOf(production({ METRICS_TOKEN: undefined }))).toMatch(
      /^METRICS_TOKEN: required in production/,
    );
    expect(problemsOf(production({ METRICS_TOKEN: '' }))).toMatch(/^METRICS_TOKEN: required in production/);
    expect(problemsOf(production({ METRICS_TOKEN: 'short' }))).toMatch(/^METRICS_TOKEN: .*at least 16/);
    // outside production it stays optional (loopback and private addresses only without it)
    expect(loadConfig({ DATA_DIR: dataDir() }).METRICS_TOKEN).toBeUndefined();
  });

  it('the /dev/mail outbox viewer is off unless ENABLE_DEV_MAIL=true, and never in production (item 16)', () => {
    // no SMTP server and nothing said: off (npm start turns it on explicitly: tools/start.mjs)
    expect(loadConfig({ DATA_DIR: dataDir() }).devMailEnabled).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), ENABLE_DEV_MAIL: 'false' }).devMailEnabled).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), ENABLE_DEV_MAIL: 'true' }).devMailEnabled).toBe(true);
    expect(
      loadConfig({ DATA_DIR: dataDir(), ENABLE_DEV_MAIL: 'true', SMTP_URL: 'smtp://mail:25' }).devMailEnabled,
    ).toBe(true);
    expect(problemsOf(production({ ENABLE_DEV_MAIL: 'true' }))).toMatch(
      /^ENABLE_DEV_MAIL: must not be enabled in production/,
    );
    expect(problemsOf(production({ ENABLE_DEV_MAIL: 'false' }))).toBe('');
  });

  it('TRUST_PROXY: a hop count or addresses; `true` is refused in production and warned about elsewhere (item 16)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe(
      'loopback, 10.0.0.0/8',
    );
    const dev = loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' });
    expect(dev.trustProxy).toBe(true);
    expect(dev.warnings.join('\n')).toMatch(/TRUST_PROXY=true trusts every X-Forwarded-For/);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).warnings).toEqual([]);
    expect(problemsOf(production({ TRUST_PROXY: 'true' }))).toMatch(
      /^TRUST_PROXY: `true` is refused in production/,
    );
    expect(problemsOf(production({ TRUST_PROXY: 'TRUE' }))).toMatch(/^TRUST_PROXY: `true` is refused/);
    expect(problemsOf(production({ TRUST_PROXY: '1' }))).toBe('');
    expect(problemsOf(production({ TRUST_PROXY: '10.0.0.0/8' }))).toBe('');
  });
});

// Runs with the web app's tests (apps/web/vite.config.mts includes tools/*.spec.mjs).
//
// `npm start` with no SMTP server keeps emails in the outbox, and the outbox viewer at /dev/mail is off unless
// ENABLE_DEV_MAIL=true (issue 13, item 16): start.mjs turns it on explicitly there, and says so.
import { describe, expect, it } from 'vitest';
import { startEnvironment } from './start-env.mjs';

describe('the environment npm start gives the API', () => {
  it('turns the outbox viewer on where no SMTP server is configured, and says where it is', () => {
    const { env, notices } = startEnvironment({ PATH: '/usr/bin' });
    expect(env).toEqual({ PATH: '/usr/bin', ENABLE_DEV_MAIL: 'true' });
    expect(notices).toEqual([
      'npm start: no SMTP server is configured (SMTP_URL or SMTP_HOST), so emails stay in the outbox; ' +
        'ENABLE_DEV_MAIL=true turns on the outbox viewer: http://localhost:3000/dev/mail ' +
        '(ENABLE_DEV_MAIL=false turns it off)',
    ]);
    expect(startEnvironment({ PORT: '4100' }).notices[0]).toContain('http://localhost:4100/dev/mail');
    expect(startEnvironment({ PUBLIC_URL: 'http://127.0.0.1:5000/' }).notices[0]).toContain(
      'http://127.0.0.1:5000/dev/mail',
    );
  });

  it.each([
    ['an SMTP URL', { SMTP_URL: 'smtp://mail:25' }],
    ['an SMTP host', { SMTP_HOST: 'mail' }],
    ['production', { NODE_ENV: 'production' }],
    ['ENABLE_DEV_MAIL=false', { ENABLE_DEV_MAIL: 'false' }],
  ])('leaves it as it is with %s', (_what, given) => {
    const { env, notices } = startEnvironment(given);
    expect(env).toEqual(given);
    expect(notices).toEqual([]);
  });

  it('does not touch what the caller passed', () => {
    const given = { PATH: '/usr/bin' };
    startEnvironment(given);
    expect(given).toEqual({ PATH: '/usr/bin' });
  });
});

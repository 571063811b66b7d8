// The environment `npm start` (tools/start.mjs) gives the API, beyond the runtime settings of api-process.mjs.

/**
 * Where no SMTP server is configured (and not in production), emails stay in the database outbox; the API's outbox
 * viewer at /dev/mail is off unless ENABLE_DEV_MAIL=true (config/env.ts), so `npm start` turns it on there
 * explicitly, as README.md promises, and returns a line saying so. A value the caller set is kept.
 * @param {NodeJS.ProcessEnv} given
 * @returns {{ env: NodeJS.ProcessEnv, notices: string[] }}
 */
export function startEnvironment(given) {
  const env = { ...given };
  /** @type {string[]} */
  const notices = [];
  const set = (/** @type {string | undefined} */ v) => v !== undefined && v.trim() !== '';
  if (
    !set(env.SMTP_URL) &&
    !set(env.SMTP_HOST) &&
    env.NODE_ENV !== 'production' &&
    !set(env.ENABLE_DEV_MAIL)
  ) {
    env.ENABLE_DEV_MAIL = 'true';
    const site = set(env.PUBLIC_URL)
      ? String(env.PUBLIC_URL).replace(/\/+$/, '')
      : `http://localhost:${set(env.PORT) ? env.PORT : '3000'}`;
    notices.push(
      'npm start: no SMTP server is configured (SMTP_URL or SMTP_HOST), so emails stay in the outbox; ' +
        `ENABLE_DEV_MAIL=true turns on the outbox viewer: ${site}/dev/mail (ENABLE_DEV_MAIL=false turns it off)`,
    );
  }
  return { env, notices };
}

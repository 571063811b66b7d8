// Runs with the web app's tests (apps/web/vite.config.mts includes tools/*.spec.mjs).
//
// The deployment files of the repository (docs/deploy.md): the nginx rule that hides /metrics, and the defaults of
// docker-compose.yml (issue 13, items 9 and 16).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The `location` blocks of an nginx server block, in order: modifier (`=`, `~`, `~*`, `^~` or none), pattern, body.
 * @param {string} text
 */
function nginxLocations(text) {
  const bare = text.replace(/#.*$/gm, '');
  return [...bare.matchAll(/location\s+(?:(=|~\*|~|\^~)\s+)?(\S+)\s*\{([^}]*)\}/g)].map((m) => ({
    modifier: m[1] ?? '',
    pattern: m[2],
    body: m[3].trim(),
  }));
}

/**
 * The location nginx picks for a (normalised) URI: an exact match, else the longest prefix unless it is `^~`, else
 * the first matching regex, else that prefix (nginx's documented order).
 * @param {ReturnType<typeof nginxLocations>} locations
 * @param {string} uri
 */
function nginxLocationFor(locations, uri) {
  const exact = locations.find((l) => l.modifier === '=' && l.pattern === uri);
  if (exact) return exact;
  const prefixes = locations
    .filter((l) => (l.modifier === '' || l.modifier === '^~') && uri.startsWith(l.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length);
  if (prefixes[0]?.modifier === '^~') return prefixes[0];
  const regex = locations.find(
    (l) =>
      (l.modifier === '~' || l.modifier === '~*') &&
      new RegExp(l.pattern, l.modifier === '~*' ? 'i' : '').test(uri),
  );
  return regex ?? prefixes[0];
}

describe('deploy/nginx.conf hides the metrics under every spelling (issue 13, item 9)', () => {
  const locations = nginxLocations(readFileSync(join(root, 'deploy', 'nginx.conf'), 'utf8'));

  it.each(['/metrics', '/METRICS', '/Metrics', '/metrics/', '/mEtRiCs/', '/metrics/x', '/metrics?x=1'])(
    '%s is answered 404 by nginx itself',
    (uri) => {
      // nginx matches the path without the query, after decoding %XX and merging slashes
      expect(nginxLocationFor(locations, uri.split('?')[0])?.body).toBe('return 404;');
    },
  );

  it.each(['/', '/learn-polish', '/api/health', '/api/account/login', '/assets/index.js'])(
    '%s goes to the API',
    (uri) => {
      expect(nginxLocationFor(locations, uri)?.body).toMatch(/proxy_pass http:\/\/polski_api;/);
    },
  );

  it('the check itself: the exact-match rule of before let other spellings through', () => {
    const before = nginxLocations(
      'location / { proxy_pass http://polski_api; }\nlocation = /metrics { return 404; }',
    );
    expect(nginxLocationFor(before, '/metrics')?.body).toBe('return 404;');
    expect(nginxLocationFor(before, '/METRICS')?.body).toMatch(/proxy_pass/);
    expect(nginxLocationFor(before, '/metrics/')?.body).toMatch(/proxy_pass/);
  });
});

/** docker-compose.yml as YAML (anchors merged), and as docker-compose itself resolves it where it is installed. */
const composeFile = join(root, 'docker-compose.yml');
const composeCli = spawnSync('docker-compose', ['version'], { encoding: 'utf8' }).status === 0;

/**
 * The host ports a service publishes, in the long form docker-compose config prints or the short form of the file.
 * @param {{ ports?: (string | { published?: string | number, host_ip?: string, target?: number })[] }} service
 */
function published(service) {
  return (service.ports ?? []).map((p) =>
    typeof p === 'string' ? p : `${p.host_ip ? `${p.host_ip}:` : ''}${p.published ?? ''}:${p.target ?? ''}`,
  );
}

describe('docker-compose.yml does not publish PostgreSQL (issue 13, item 16)', () => {
  const compose = YAML.parse(readFileSync(composeFile, 'utf8'), { merge: true });

  it('the database has no host port, and its password comes from POSTGRES_PASSWORD', () => {
    expect(published(compose.services.db)).toEqual([]);
    for (const [name, service] of Object.entries(compose.services))
      expect(
        published(/** @type {never} */ (service)).filter((p) => /5432/.test(p)),
        name,
      ).toEqual([]);
    expect(compose.services.db.environment.POSTGRES_PASSWORD).toBe('${POSTGRES_PASSWORD:-polski}');
    for (const name of ['api', 'api1', 'api2'])
      expect(compose.services[name].environment.DATABASE_URL).toBe(
        'postgresql://polski:${POSTGRES_PASSWORD:-polski}@db:5432/polski',
      );
  });

  it("the mail catcher (every email, with its links) is published on the host's loopback only", () => {
    expect(published(compose.services.mail)).toEqual(['127.0.0.1:8025:8025', '127.0.0.1:1025:1025']);
  });

  it.skipIf(!composeCli).each([[[]], [['--profile', 'scaled']]])(
    'docker-compose %j config: valid, and no published database port',
    (profile) => {
      const run = spawnSync('docker-compose', [...profile, '-f', composeFile, 'config'], {
        encoding: 'utf8',
        env: { ...process.env, POSTGRES_PASSWORD: '' },
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const resolved = YAML.parse(run.stdout);
      expect(published(resolved.services.db)).toEqual([]);
      expect(resolved.services.db.environment.POSTGRES_PASSWORD).toBe('polski');
      if (profile.length) expect(Object.keys(resolved.services)).toContain('proxy');
    },
  );
});

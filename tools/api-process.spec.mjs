// Runs with the web app's tests (apps/web/vite.config.mts includes tools/*.spec.mjs).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_ENV, API_NODE_ARGS } from './api-process.mjs';

const dockerfile = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'Dockerfile'), 'utf8');

describe('the production image runs the API as npm start and the benchmarks do', () => {
  it('passes the same Node flags', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile);
    expect(cmd).not.toBeNull();
    expect(JSON.parse(cmd?.[1] ?? 'null')).toEqual(['node', ...API_NODE_ARGS, 'dist/apps/api/main.js']);
  });

  it('sets the same environment', () => {
    for (const [key, value] of Object.entries(API_ENV)) {
      expect(dockerfile).toMatch(new RegExp(`^ENV ${key}=${value}$`, 'm'));
    }
  });
});

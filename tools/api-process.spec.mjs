// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_ENV, API_NODE_ARGS } from './api-process.mjs';

const dockerfile = readFileSync(fileURLToPath(new URL('../Dockerfile', import.meta.url)), 'utf8');

describe('the production image runs the API as npm start and the benchmarks do', () => {
  it('passes the same Node flags', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile);
    expect(cmd).not.toBeNull();
    expect(JSON.parse(cmd[1])).toEqual(['node', ...API_NODE_ARGS, 'dist/apps/api/main.js']);
  });

  it('sets the same environment', () => {
    for (const [key, value] of Object.entries(API_ENV)) {
      expect(dockerfile).toMatch(new RegExp(`^ENV ${key}=${value}$`, 'm'));
    }
  });
});

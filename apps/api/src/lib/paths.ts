import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The repository root: the nearest folder above this file (or the bundle) that holds nx.json or prisma/. */
function findRoot(): string {
  let dir = resolve(__dirname);
  for (;;) {
    if (existsSync(join(dir, 'nx.json')) || existsSync(join(dir, 'prisma', 'migrations'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

const ROOT = findRoot();

export function workspacePath(...parts: string[]): string {
  return join(ROOT, ...parts);
}

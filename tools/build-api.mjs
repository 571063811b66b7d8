#!/usr/bin/env node
// Bundles the API into dist/apps/api/main.js with esbuild: workspace code (the API, the contracts library, the
// generated Prisma client) is bundled; npm packages stay external and load from node_modules at run time.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})].flatMap(
  (d) => [d, `${d}/*`],
);
rmSync(join(root, 'dist/apps/api'), { recursive: true, force: true });
await build({
  entryPoints: { main: join(root, 'apps/api/src/main.ts') },
  outdir: join(root, 'dist/apps/api'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  external,
  tsconfig: join(root, 'tsconfig.base.json'),
  logLevel: 'warning',
});
console.log('built dist/apps/api/main.js');

#!/usr/bin/env node
// Runs `prisma generate` offline. Generation needs no engine binary (Prisma 7's query compiler is WebAssembly),
// but the CLI checks for the schema engine it cannot download here; pointing PRISMA_SCHEMA_ENGINE_BINARY at any
// existing file satisfies that check. It is never executed by `generate`.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  CHECKPOINT_DISABLE: '1',
};
const r = spawnSync(process.execPath, [join(root, 'node_modules/prisma/build/index.js'), 'generate'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
process.exit(r.status ?? 1);

#!/usr/bin/env node
// Runs `prisma generate` offline. Generation needs no engine binary (Prisma 7's query compiler is WebAssembly),
// but the CLI checks for the schema engine it cannot download here; pointing PRISMA_SCHEMA_ENGINE_BINARY at any
// existing file satisfies that check. It is never executed by `generate`.
//
// Then it changes one function of the generated client (internal/class.ts), see `patchWasmLoader`.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const CLASS_FILE = join(root, 'apps/api/src/generated/prisma/internal/class.ts');

// The generated loader imports the query compiler as a JS module holding the WebAssembly in base64 (4.5 MB). Both
// the module's source text and the string it exports stay in V8's heap for the life of the process (8.7 MB of
// large-object space in a heap snapshot of the API). The replacement reads the same file as bytes, decodes the
// base64 between its quotes and compiles it: the same WebAssembly, and nothing of it is left in the heap.
const ORIGINAL =
  /getQueryCompilerWasmModule: async \(\) => \{\n\s*const \{ wasm \} = await import\("(@prisma\/client\/runtime\/query_compiler_\w+_bg\.postgresql\.wasm-base64\.js)"\)\n\s*return await decodeBase64AsWasm\(wasm\)\n\s*\},/;
export const MARK = '// polski: the base64 module read as bytes (tools/prisma-generate.mjs)';

export function patchWasmLoader(source) {
  if (source.includes(MARK)) return source;
  const m = ORIGINAL.exec(source);
  if (!m)
    throw new Error(
      'prisma-generate: the generated query compiler loader has changed; update patchWasmLoader in tools/prisma-generate.mjs',
    );
  const replacement = `getQueryCompilerWasmModule: async () => {
    ${MARK}
    const { readFileSync } = await import('node:fs')
    const { Buffer } = await import('node:buffer')
    const text = readFileSync(require.resolve(${JSON.stringify(m[1])}))
    const start = text.indexOf(0x22) + 1
    const end = text.indexOf(0x22, start)
    if (start === 0 || end < 0) throw new Error('query compiler: no base64 string in ${m[1]}')
    return new WebAssembly.Module(Buffer.from(text.toString('latin1', start, end), 'base64'))
  },`;
  return source.replace(ORIGINAL, replacement);
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
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
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(CLASS_FILE, patchWasmLoader(readFileSync(CLASS_FILE, 'utf8')));
}

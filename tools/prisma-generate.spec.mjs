// Runs with the web app's tests (apps/web/vite.config.mts includes tools/*.spec.mjs).
/* global WebAssembly, Buffer */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { CLASS_FILE, MARK, patchWasmLoader } from './prisma-generate.mjs';

const require = createRequire(CLASS_FILE);
const GENERATED = `config.compilerWasm = {
  getRuntime: async () => await import("@prisma/client/runtime/query_compiler_fast_bg.postgresql.js"),

  getQueryCompilerWasmModule: async () => {
    const { wasm } = await import("@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.js")
    return await decodeBase64AsWasm(wasm)
  },

  importName: "./query_compiler_fast_bg.js"
}`;

describe("the generated Prisma client's query compiler loader", () => {
  it('is patched at generation: the base64 module is read as bytes, never imported', () => {
    const source = readFileSync(CLASS_FILE, 'utf8');
    expect(source).toContain(MARK);
    expect(source).not.toMatch(/await import\("[^"]+wasm-base64\.js"\)/);
    expect(patchWasmLoader(source)).toBe(source);
  });

  it('replaces exactly the loader, and refuses a generated file it does not recognise', () => {
    const patched = patchWasmLoader(GENERATED);
    expect(patched).toContain(MARK);
    expect(patched).toContain(
      'require.resolve("@prisma/client/runtime/query_compiler_fast_bg.postgresql.wasm-base64.js")',
    );
    expect(patched).toContain(
      'getRuntime: async () => await import("@prisma/client/runtime/query_compiler_fast_bg.postgresql.js")',
    );
    expect(patched).toContain('importName: "./query_compiler_fast_bg.js"');
    expect(() => patchWasmLoader(GENERATED.replace('decodeBase64AsWasm', 'decodeWasm'))).toThrow(
      /has changed/,
    );
  });

  it('compiles the same WebAssembly the base64 module exports', async () => {
    const name = /require\.resolve\("([^"]+)"\)/.exec(readFileSync(CLASS_FILE, 'utf8'))?.[1];
    const body = /getQueryCompilerWasmModule: async \(\) => \{([\s\S]*?)\n {2}\},/.exec(
      readFileSync(CLASS_FILE, 'utf8'),
    )?.[1];
    if (!name || !body) throw new Error(`no patched query compiler loader in ${CLASS_FILE}`);
    // the patched function's own body, run as written but for its dynamic imports (the test runner's vm has none)
    const AsyncFunction = /** @type {FunctionConstructor} */ ((async () => undefined).constructor);
    const load = new AsyncFunction(
      'require',
      'importModule',
      body.replaceAll('await import(', 'await importModule('),
    );
    const module = await load(require, (name) => import(name));
    expect(module).toBeInstanceOf(WebAssembly.Module);
    const expected = new WebAssembly.Module(Buffer.from(require(name).wasm, 'base64'));
    expect(WebAssembly.Module.exports(module)).toEqual(WebAssembly.Module.exports(expected));
    expect(WebAssembly.Module.imports(module)).toEqual(WebAssembly.Module.imports(expected));
    expect(name).toMatch(/postgresql/);
  });
});

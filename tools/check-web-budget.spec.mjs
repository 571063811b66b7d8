// Runs with the web app's tests (apps/web/vite.config.mts includes it): the budget check of the web build.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Buffer } from 'node:buffer';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkWebBudget,
  DEFAULT_BUDGET_BYTES,
  formatReport,
  initialScripts,
  measureInitialJs,
  staticImports,
} from './check-web-budget.mjs';

const script = join(dirname(fileURLToPath(import.meta.url)), 'check-web-budget.mjs');

// A small built site shaped like Vite's output: an entry with a modulepreloaded vendor chunk, a chunk only the
// entry imports, a chunk imported from that one, a lazy route and a stylesheet.
const FILES = {
  'index.html': `<!doctype html><html lang="en"><head>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c3.css">
    <link rel="icon" href="/favicon.svg">
  </head><body><div id="root"></div></body></html>`,
  'assets/index-a1.js':
    'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/lazy-d4.js"])))=>i.map(i=>d[i]);\n' +
    'import{a as e}from"./vendor-b2.js";import"./polyfill-e5.js";import f,{g}from"./shared-f6.js";' +
    'const u=new URL("x",import.meta.url);const L=()=>import("./lazy-d4.js");console.log(e,f,g,u,L," import(\\"./nope.js\\")");',
  'assets/vendor-b2.js': `export const a = ${JSON.stringify('v'.repeat(3000))};`,
  'assets/polyfill-e5.js': 'window.p=1;',
  'assets/shared-f6.js': 'export*from"./deep-g7.js";export default 1;export const g=2;',
  'assets/deep-g7.js': 'export const deep=3;',
  'assets/lazy-d4.js': `export default ${JSON.stringify('z'.repeat(5000))};`,
  'assets/index-c3.css': 'body{margin:0}',
};

let dist;
beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'web-budget-'));
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(dist, name)), { recursive: true });
    writeFileSync(join(dist, name), text);
  }
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const gz = (name) => gzipSync(Buffer.from(FILES[name])).length;

describe('the initial JavaScript budget of the web build', () => {
  it('reads the module scripts and modulepreload links of index.html, not stylesheets or icons', () => {
    expect(initialScripts(FILES['index.html'])).toEqual(['/assets/index-a1.js', '/assets/vendor-b2.js']);
  });

  it('follows static imports and re-exports, never dynamic import() or strings', () => {
    expect(staticImports(FILES['assets/index-a1.js'])).toEqual([
      './vendor-b2.js',
      './polyfill-e5.js',
      './shared-f6.js',
    ]);
    expect(staticImports(FILES['assets/shared-f6.js'])).toEqual(['./deep-g7.js']);
  });

  it('counts every file loaded before render once, gzipped, and leaves the lazy route out', () => {
    const files = measureInitialJs(dist);
    expect(files.map((f) => [f.file, f.via])).toEqual([
      ['assets/index-a1.js', 'index.html'],
      ['assets/vendor-b2.js', 'index.html'],
      ['assets/polyfill-e5.js', 'assets/index-a1.js'],
      ['assets/shared-f6.js', 'assets/index-a1.js'],
      ['assets/deep-g7.js', 'assets/shared-f6.js'],
    ]);
    for (const f of files) expect(f.gzip).toBe(gz(f.file));
    const total = files.reduce((s, f) => s + f.gzip, 0);
    expect(checkWebBudget({ distDir: dist, budgetBytes: total })).toMatchObject({ ok: true, gzip: total });
    expect(checkWebBudget({ distDir: dist, budgetBytes: total - 1 }).ok).toBe(false);
  });

  it('the budget is 110 KiB', () => {
    expect(DEFAULT_BUDGET_BYTES).toBe(112_640);
  });

  it('the report lists each file and says by how much the total is over', () => {
    const result = checkWebBudget({ distDir: dist, budgetBytes: 100 });
    const report = formatReport(result);
    for (const f of result.files) expect(report).toContain(f.file);
    expect(report).not.toContain('lazy-d4.js');
    expect(report).toContain(`OVER the budget of 100 bytes`);
    expect(report).toContain(`${result.gzip - 100} bytes too many`);
  });

  it('a missing file is an error that names it and its importer', () => {
    rmSync(join(dist, 'assets/deep-g7.js'));
    expect(() => measureInitialJs(dist)).toThrow(
      'assets/deep-g7.js (loaded by assets/shared-f6.js) is missing',
    );
  });

  it('the command exits 1 with the table when over budget, 0 within it', () => {
    const over = spawnSync(process.execPath, [script, '--dist', dist, '--budget', '100'], {
      encoding: 'utf8',
    });
    expect(over.status).toBe(1);
    expect(over.stdout).toContain('OVER the budget');
    expect(over.stdout).toContain('assets/index-a1.js');
    const within = spawnSync(process.execPath, [script, '--dist', dist], { encoding: 'utf8' });
    expect(within.status).toBe(0);
    expect(within.stdout).toContain('within the budget of 112640 bytes');
  });
});

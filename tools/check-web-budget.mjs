#!/usr/bin/env node
// The JavaScript budget of the web app's home route: every script that dist/apps/web/index.html loads before the
// app can render (its module scripts, its modulepreload links, and everything those import statically, followed
// through the built files) is gzipped, and the total must stay within 110 KiB = 112,640 bytes. Dynamic imports
// (lazy routes and widgets) are not counted: they load when used. Gzip at zlib's default level 6, what a server
// compressing on the fly sends.
//
// The web build runs this check itself (apps/web/vite.config.mts), so a build over budget fails. By hand:
//   node tools/check-web-budget.mjs [--dist dist/apps/web] [--budget 112640] [--json]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const DEFAULT_BUDGET_BYTES = 110 * 1024;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_DIST = join(root, 'dist', 'apps', 'web');

/** The attributes of every `<tag ...>` in `html` (lower-cased names; values unquoted). */
function tags(html, tag) {
  const out = [];
  for (const m of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'gi'))) {
    const attrs = {};
    for (const a of m[1].matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      attrs[a[1].toLowerCase()] = a[2] ?? a[3] ?? a[4] ?? '';
    }
    out.push(attrs);
  }
  return out;
}

/** The scripts index.html loads at start: module scripts and modulepreload links, in document order. */
export function initialScripts(html) {
  const urls = [];
  for (const s of tags(html, 'script')) if (s.src) urls.push(s.src);
  for (const l of tags(html, 'link')) {
    if (l.href && (l.rel ?? '').toLowerCase().split(/\s+/).includes('modulepreload')) urls.push(l.href);
  }
  return [...new Set(urls)];
}

/**
 * The specifiers a built ES module imports statically: `import x from "..."`, `import "..."`, `export ... from
 * "..."`. Not `import("...")` (loaded on demand) nor `import.meta`. Strings and comments are not parsed; this
 * reads the bundler's output, whose import statements come first and are never inside a string.
 */
export function staticImports(code) {
  const out = [];
  const patterns = [
    /(?:^|[;}\s])import\s*(?:[\w$]+\s*,?\s*)?(?:\*\s*as\s*[\w$]+\s*|\{[^}]*\}\s*)?from\s*(["'])([^"']+)\1/g,
    /(?:^|[;}\s])import\s*(["'])([^"']+)\1/g,
    /(?:^|[;}\s])export\s*(?:\*\s*(?:as\s*[\w$]+\s*)?|\{[^}]*\}\s*)from\s*(["'])([^"']+)\1/g,
  ];
  for (const re of patterns) for (const m of code.matchAll(re)) out.push([m.index, m[2]]);
  // in source order
  return [...new Set(out.sort((a, b) => a[0] - b[0]).map(([, spec]) => spec))];
}

/** A URL of the built site (`/assets/x.js`, `./x.js` from `fromFile`) as a file under `distDir`. */
function fileOf(distDir, url, fromFile) {
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(url)) return null; // another origin: not ours to measure
  const path = url.split(/[?#]/)[0];
  return path.startsWith('/') ? join(distDir, path) : resolve(dirname(fromFile), path);
}

/**
 * Every JavaScript file the home route loads before it can render, with its raw and gzipped size.
 * Throws when index.html or a file it leads to is missing.
 */
export function measureInitialJs(distDir = DEFAULT_DIST) {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: build the web app first`);
  const seen = new Map();
  // breadth first: what index.html names is reported as loaded by index.html, the rest by its first importer
  const queue = [];
  const add = (file, via) => {
    if (seen.has(file)) return;
    if (!existsSync(file)) throw new Error(`${relative(distDir, file)} (loaded by ${via}) is missing`);
    const bytes = readFileSync(file);
    seen.set(file, { file: relative(distDir, file), via, raw: bytes.length, gzip: gzipSync(bytes).length });
    queue.push([file, bytes.toString('utf8')]);
  };
  for (const url of initialScripts(readFileSync(indexFile, 'utf8'))) {
    const file = fileOf(distDir, url, indexFile);
    if (file) add(file, 'index.html');
  }
  while (queue.length) {
    const [file, code] = queue.shift();
    for (const spec of staticImports(code)) {
      if (!/^\.{0,2}\//.test(spec)) continue; // built browser code imports files by path only
      const next = fileOf(distDir, spec, file);
      if (next) add(next, relative(distDir, file));
    }
  }
  return [...seen.values()];
}

export function checkWebBudget({ distDir = DEFAULT_DIST, budgetBytes = DEFAULT_BUDGET_BYTES } = {}) {
  const files = measureInitialJs(distDir);
  const gzip = files.reduce((s, f) => s + f.gzip, 0);
  const raw = files.reduce((s, f) => s + f.raw, 0);
  return { files, raw, gzip, budgetBytes, ok: gzip <= budgetBytes };
}

const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;

export function formatReport({ files, raw, gzip, budgetBytes, ok }) {
  const rows = [...files].sort((a, b) => b.gzip - a.gzip);
  const width = Math.max(28, ...rows.map((r) => r.file.length));
  const line = (a, b, c, d) => `${a.padEnd(width)}  ${b.padStart(10)}  ${c.padStart(10)}  ${d}`;
  return [
    'Initial JavaScript of the home route (index.html scripts, modulepreloads and their static imports)',
    line('file', 'raw', 'gzip', 'loaded by'),
    ...rows.map((r) => line(r.file, String(r.raw), String(r.gzip), r.via)),
    line('total', String(raw), String(gzip), `= ${kib(gzip)} gzipped`),
    `${ok ? 'within' : 'OVER'} the budget of ${budgetBytes} bytes (${kib(budgetBytes)}) gzipped` +
      (ok
        ? `: ${budgetBytes - gzip} bytes to spare`
        : `: ${gzip - budgetBytes} bytes too many; load what home does not need to render lazily`),
  ].join('\n');
}

function main(argv) {
  const opts = { dist: DEFAULT_DIST, budget: DEFAULT_BUDGET_BYTES, json: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--dist') opts.dist = resolve(argv[++i]);
    else if (argv[i] === '--budget') opts.budget = Number(argv[++i]);
    else if (argv[i] === '--json') opts.json = true;
    else {
      console.error(
        `unknown argument ${argv[i]}; usage: check-web-budget.mjs [--dist DIR] [--budget BYTES] [--json]`,
      );
      return 2;
    }
  }
  if (!Number.isInteger(opts.budget) || opts.budget <= 0) {
    console.error('--budget takes a positive number of bytes');
    return 2;
  }
  let result;
  try {
    result = checkWebBudget({ distDir: opts.dist, budgetBytes: opts.budget });
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    return 1;
  }
  console.log(opts.json ? JSON.stringify(result, null, 2) : formatReport(result));
  return result.ok ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}

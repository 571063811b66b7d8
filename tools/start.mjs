#!/usr/bin/env node
// `npm start`: installs what is missing, builds the web app and the API, and starts the product on
// http://localhost:3000 (or PORT). With nothing configured it uses the embedded PostgreSQL in DATA_DIR (./.data),
// keeps outgoing email in the database and turns on the outbox viewer at /dev/mail (ENABLE_DEV_MAIL=true, said in
// its output: tools/start-env.mjs), and runs the payment emulator on loopback.
import { join } from 'node:path';
import { API_ENV, API_NODE_ARGS } from './api-process.mjs';
import { ensureInstalled, must, root } from './lib.mjs';
import { startEnvironment } from './start-env.mjs';
import { spawn } from 'node:child_process';

ensureInstalled();
must(process.execPath, [join(root, 'tools', 'build-api.mjs')]);
must(process.execPath, [
  join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
  'build',
  '--config',
  'apps/web/vite.config.mts',
]);

const { env, notices } = startEnvironment({ ...API_ENV, ...process.env });
for (const notice of notices) console.log(`\n${notice}\n`);
const child = spawn(process.execPath, [...API_NODE_ARGS, join(root, 'dist', 'apps', 'api', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM']))
  process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  render?.kill('SIGTERM');
  process.exit(code ?? (signal ? 0 : 1));
});

// the audio (docs/content.md, "Audio"): rendered in the background once the server answers, missing files only, so
// the site is usable at once; each lesson says `preparing` until its files are written
/** @type {import('node:child_process').ChildProcess | undefined} */
let render;
const port = env.PORT || '3000';
(async () => {
  for (let i = 0; i < 240; i++) {
    const up = await globalThis.fetch(`http://127.0.0.1:${port}/api/health/live`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log(
    '\naudio: rendering missing lesson and episode audio in the background (npm run audio:render)\n',
  );
  render = spawn(
    process.execPath,
    [join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), join(root, 'tools', 'audio-render.ts'), '--quiet'],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env,
    },
  );
  render.on('exit', (code) => {
    if (code)
      console.error(
        `audio: the render failed (exit ${code}); the lessons concerned stay "preparing": npm run audio:render`,
      );
    render = undefined;
  });
})();

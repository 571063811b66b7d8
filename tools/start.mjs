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
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));

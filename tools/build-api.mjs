#!/usr/bin/env node
// Bundles the API into dist/apps/api/main.js with esbuild: workspace code (the API, the contracts library, the
// generated Prisma client) is bundled; npm packages stay external and load from node_modules at run time.
//
// The Stripe emulator (libs/stripe-emulator, a stand-in used only without Stripe keys) is not in main.js: the API
// imports it dynamically at its stand-in seam (apps/api/src/modules/payments/stripe-stand-in.ts), and that import
// becomes a require of a separate file beside the bundle, dist/apps/api/stripe-emulator.js, loaded on demand.
// `npm start` and the tests load it from there; the production image does not copy it (see the Dockerfile).
// tools/build-api.spec.mjs checks both.
import { build } from 'esbuild';
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The import the seam uses, and the file it becomes in the build (beside main.js). */
export const STRIPE_EMULATOR_IMPORT = '@polski/stripe-emulator';
export const STRIPE_EMULATOR_FILE = 'stripe-emulator.js';

/** Builds main.js and stripe-emulator.js (with source maps) into `outdir`, emptied first. */
export async function buildApi({ outdir = join(root, 'dist/apps/api') } = {}) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const external = [
    ...Object.keys(pkg.dependencies ?? {}),
    ...Object.keys(pkg.devDependencies ?? {}),
  ].flatMap((d) => [d, `${d}/*`]);
  /** @type {import('esbuild').BuildOptions} */
  const common = {
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: true,
    external,
    tsconfig: join(root, 'tsconfig.base.json'),
    logLevel: 'warning',
  };
  /** @type {import('esbuild').Plugin} */
  const emulatorOnDemand = {
    name: 'stripe-emulator-on-demand',
    setup(b) {
      const filter = new RegExp(`^${STRIPE_EMULATOR_IMPORT.replace(/[/.]/g, '\\$&')}$`);
      b.onResolve({ filter }, () => ({ path: `./${STRIPE_EMULATOR_FILE}`, external: true }));
    },
  };
  const out = resolve(outdir);
  rmSync(out, { recursive: true, force: true });
  await build({
    ...common,
    entryPoints: { main: join(root, 'apps/api/src/main.ts') },
    outdir: out,
    plugins: [emulatorOnDemand],
  });
  await build({
    ...common,
    entryPoints: {
      [STRIPE_EMULATOR_FILE.replace(/\.js$/, '')]: join(root, 'libs/stripe-emulator/src/index.ts'),
    },
    outdir: out,
  });
  return { main: join(out, 'main.js'), emulator: join(out, STRIPE_EMULATOR_FILE) };
}

// `node tools/build-api.mjs [--outdir <dir>]` (default dist/apps/api)
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--outdir');
  const outdir = at > 0 ? resolve(process.argv[at + 1]) : undefined;
  const files = await buildApi({ outdir });
  console.log(
    `built ${relative(root, files.main)} (and ${relative(root, files.emulator)}, loaded on demand)`,
  );
}

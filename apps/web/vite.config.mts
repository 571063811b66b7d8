/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * `virtual:polski-hubs`: the HUBS table of @polski/contracts as plain data, for the app shell (routes, home page).
 * In the library it shares content.ts with the lessons' zod schemas, and a bundler never splits one module between
 * chunks: importing HUBS from there would put zod and every schema in the JavaScript that home needs first.
 */
function hubsModule(): Plugin {
  const id = 'virtual:polski-hubs';
  const contentFile = here('../../libs/contracts/src/lib/content.ts');
  let code: Promise<string> | undefined;
  return {
    name: 'polski-hubs',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      this.addWatchFile(contentFile);
      // the library's own module, run by Vite in Node: the table is the library's, not a copy
      code ??= runnerImport<typeof import('@polski/contracts')>(contentFile).then(
        ({ module }) => `export const HUBS = ${JSON.stringify(module.HUBS)};\n`,
      );
      return code;
    },
  };
}

/**
 * After every build: the JavaScript the home route loads before it can render must stay within 110 KiB gzipped
 * (tools/check-web-budget.mjs, which says what it counts); over it, the build fails with the table of files.
 */
function initialJsBudget(outDir: string): Plugin {
  return {
    name: 'initial-js-budget',
    apply: 'build',
    async closeBundle() {
      const { checkWebBudget, formatReport } = await import('../../tools/check-web-budget.mjs');
      const result = checkWebBudget({ distDir: outDir });
      if (!result.ok) throw new Error(`\n${formatReport(result)}`);
      this.environment.logger.info(formatReport(result));
    },
  };
}

/** The contracts library only defines values (schemas, constants): nothing in it runs for its side effects. */
const CONTRACTS_SOURCE = /[\\/]libs[\\/]contracts[\\/]src[\\/]/;

/**
 * react-router's package.json points bundlers at its development build, which differs from the production one only
 * in `ENABLE_DEV_WARNINGS = true` (warnings that production does not want, and bytes). The build uses the production
 * file; the dev server and the tests keep the warnings.
 */
const reactRouterProduction = fileURLToPath(import.meta.resolve('react-router')).replace(
  /[\\/]development[\\/]index\.(m?js)$/,
  '/production/index.mjs',
);

const outDir = here('../../dist/apps/web');

export default defineConfig(({ command }) => ({
  root: here('.'),
  plugins: [react(), hubsModule(), initialJsBudget(outDir)],
  resolve: {
    alias: [
      { find: '@polski/contracts', replacement: here('../../libs/contracts/src/index.ts') },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: {
    port: 4200,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      // without this, any import of @polski/contracts (whose index re-exports every schema) keeps all of its
      // modules, and zod with them, in the chunk of the importer
      treeshake: { moduleSideEffects: (id) => (CONTRACTS_SOURCE.test(id) ? false : undefined) },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: [here('src/test/setup.ts')],
    // and the budget check that the build runs (a Node test)
    include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx', '../../tools/check-web-budget.spec.mjs'],
    css: false,
    clearMocks: true,
    restoreMocks: true,
  },
}));

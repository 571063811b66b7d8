/// <reference types="vitest/config" />
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, loadEnv, type Plugin, type UserConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { i18nCatalogues } from '../../tools/i18n/catalogue-plugin.mjs';
import { webSettings } from './src/config/settings';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

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

/**
 * Next to every text file of the build, its brotli (.br) and gzip (.gz) copy at the highest level, made once here
 * rather than on every request: the API sends one of them when the browser accepts it (apps/api/src/app.ts).
 * Source maps are left as they are; files under 1 KiB gain too little.
 */
function precompress(outDir: string): Plugin {
  const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml)$/;
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
    );
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle() {
      for (const file of files(outDir)) {
        if (!TEXT.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        );
      }
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

/** Modules of the app that several lazily loaded pages share, none of them part of the app shell (the entry). */
const PAGES_SHARED = new RegExp(
  [
    'lib/query-client\\.ts',
    'lib/use-page-meta\\.ts',
    'lib/use-near\\.ts',
    'features/content/api/(?:viewer|get-progress|get-hubs|hub-list-guard|get-hub-lessons|mutation-keys)\\.ts',
    'features/content/components/content-status\\.tsx',
    'features/words/api/(?:keys|get-saved-words|mutation-keys)\\.ts',
    'app/outlet-context\\.ts',
    // and the small ones a page's first paint waited for one request each (docs/performance.md, "Lighthouse,
    // 2026-11-28"): the number data's warm-up, texts with markup and parts of speech, "when near", the return after
    // payment, the payments' settings, the signed-in user's refresh
    'lib/warm-intl\\.ts',
    'lib/user-refresh\\.ts',
    'lib/i18n/(?:rich|ui)\\.tsx',
    'components/when-near/when-near\\.tsx',
    'features/premium/lib/return-to\\.ts',
    'features/premium/api/get-payments-config\\.ts',
    // the pages' layout and the progress summary (/learn-polish, the hubs, the header's goal)
    'components/layouts/page\\.tsx',
    'features/progress/api/(?:keys|get-progress-summary)\\.ts',
  ]
    .map((p) => `[\\\\/]apps[\\\\/]web[\\\\/]src[\\\\/]${p.replaceAll('/', '[\\\\/]')}$`)
    .concat(
      // the contracts' plain tables those pages read (no zod in them)
      ['content-kinds', 'languages-data', 'return-path', 'roles'].map(
        (f) => `[\\\\/]libs[\\\\/]contracts[\\\\/]src[\\\\/]lib[\\\\/]${f}\\.ts$`,
      ),
    )
    .join('|'),
);
/** Modules only the lesson page needs besides its own file (the player is shared with the podcast episode page). */
const LESSON_PARTS = new RegExp(
  [
    'apps/web/src/features/content/player/',
    'apps/web/src/features/content/hooks/use-speech\\.ts$',
    'apps/web/src/features/content/api/use-audio-claims\\.ts$',
    'libs/contracts/src/lib/audio-claims\\.ts$',
    'apps/web/src/features/inflection/index\\.ts$',
    'apps/web/src/features/words/api/(?:get-lesson-statuses|apply-status|unsave-word|set-word-status)\\.ts$',
    'apps/web/src/features/words/components/(?:status-labels\\.ts|word-status-picker\\.tsx)$',
  ]
    .map((p) => p.replaceAll('/', '[\\\\/]'))
    .join('|'),
);

/**
 * index.html names the built file of each of these modules in a `<meta name=... content=/assets/...>`: the app can
 * then fetch such a file when the browser is idle without running it (main.tsx, the toast library), which an
 * `import()` would do.
 */
function namedChunks(names: Record<string, string>): Plugin {
  return {
    name: 'named-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        return Object.entries(names).map(([meta, source]) => {
          const chunk = Object.values(ctx.bundle ?? {}).find(
            (c) => c.type === 'chunk' && c.facadeModuleId?.replaceAll('\\', '/').endsWith(source),
          );
          if (!chunk) throw new Error(`named-chunks: no chunk of ${source} in the build`);
          return {
            tag: 'meta',
            attrs: { name: meta, content: `/${chunk.fileName}` },
            injectTo: 'head' as const,
          };
        });
      },
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // the build-time settings are checked here, once: a bad value stops the build (or the dev server) with its name
  webSettings(loadEnv(mode, here('.'), 'VITE_'));
  return config(command);
});

function config(command: string): UserConfig {
  return {
    root: here('.'),
    plugins: [
      react(),
      i18nCatalogues({ dir: here('src/locales') }),
      namedChunks({ 'toaster-module': '/src/lib/toaster.tsx' }),
      precompress(outDir),
      initialJsBudget(outDir),
    ],
    resolve: {
      alias: [
        { find: '@polski/contracts', replacement: here('../../libs/contracts/src/index.ts') },
        // zod without its eval-based parsers, which the CSP refuses (src/lib/zod.ts)
        { find: /^zod$/, replacement: here('src/lib/zod.ts') },
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
      // .vite/manifest.json: the API reads it to name the lesson page's code in free lessons' pages (modulepreload)
      manifest: true,
      rolldownOptions: {
        // without this, any import of @polski/contracts (whose index re-exports every schema) keeps all of its
        // modules, and zod with them, in the chunk of the importer
        treeshake: { moduleSideEffects: (id) => (CONTRACTS_SOURCE.test(id) ? false : undefined) },
        output: {
          codeSplitting: {
            groups: [
              // what every lazily loaded page needs, as two files instead of a dozen small shared chunks: fewer
              // requests between the app shell and a page's first paint
              {
                name: 'query',
                // query-core and react-query's hooks (its provider and context are part of the app shell)
                test: /[\\/]node_modules[\\/]@tanstack[\\/](?:query-core[\\/]|react-query[\\/]build[\\/]modern[\\/](?:IsRestoringProvider|QueryErrorResetBoundary|errorBoundaryUtils|suspense|useBaseQuery|useQuery|queryOptions|useMutation)\.js$)/,
                includeDependenciesRecursively: false,
              },
              { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod\.ts$/ },
              // the small modules that the pages with data share (the query client, who is asking, page titles, the
              // content and words features' request helpers), as one file rather than a dozen of 0.2-1.2 KB
              { name: 'pages', test: (id) => PAGES_SHARED.test(id), includeDependenciesRecursively: false },
              // what only the lesson page draws with (the learning player, the browser's voice, word statuses, the
              // inflection table's loader, the audio texts): one file with the lesson's own (docs/performance.md,
              // "Lighthouse of the lesson page, 2026-11-27")
              {
                name: 'lesson-parts',
                test: (id) => LESSON_PARTS.test(id),
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
    test: {
      environment: 'jsdom',
      globals: true,
      setupFiles: [here('src/test/setup.ts')],
      // and the budget check that the build runs (a Node test)
      include: ['src/**/*.spec.ts', 'src/**/*.spec.tsx', '../../tools/*.spec.mjs'],
      css: false,
      clearMocks: true,
      restoreMocks: true,
    },
  };
}

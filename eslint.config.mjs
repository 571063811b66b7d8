import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import { createProjectGraphAsync } from '@nx/devkit';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// @nx/enforce-module-boundaries does not compute Nx's project graph: it reads the one cached in .nx/workspace-data
// and, when there is none (a fresh clone, or .nx deleted), prints a warning and checks nothing, with exit code 0.
// Under `nx run-many -t lint` Nx has just computed it; a plain `npx eslint <file>` would run without it (or with a
// stale one after a change to a project.json). Outside an Nx task, compute it first: incremental, a few seconds.
if (!process.env.NX_TASK_TARGET_PROJECT) await createProjectGraphAsync({ exitOnError: true });

const root = dirname(fileURLToPath(import.meta.url));

/** Calls `check(sourceNode)` for every module specifier of a file: import/export ... from, import(), require(). */
function onModuleSpecifiers(check) {
  const literal = (node) =>
    node?.type === 'Literal' && typeof node.value === 'string' ? check(node) : undefined;
  return {
    ImportDeclaration: (node) => literal(node.source),
    ExportAllDeclaration: (node) => literal(node.source),
    ExportNamedDeclaration: (node) => literal(node.source),
    ImportExpression: (node) => literal(node.source),
    TSImportType: (node) => literal(node.argument?.literal ?? node.argument),
    CallExpression: (node) => {
      if (node.callee.type === 'Identifier' && node.callee.name === 'require') literal(node.arguments[0]);
    },
  };
}

/**
 * Production code stays apart from test code: a file in a project's `src/` (its `*.spec.ts` files aside) must not
 * import from that project's `test/` folder (test kits, reliability specs, benchmarks: apps/api/test). Relative
 * imports are resolved against the importing file, so `../../test/support/test-app` is caught wherever it is written.
 */
const testCodeStaysOut = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      testImport:
        "'{{spec}}' is test code ({{target}}): production code in src/ must not import from the project's test/ folder",
    },
  },
  create(context) {
    const file = context.filename;
    const project = /^((?:apps|libs)\/[^/]+)\/src\//.exec(relative(root, file).split(sep).join('/'));
    if (!project) return {};
    const testDir = resolve(root, project[1], 'test');
    return onModuleSpecifiers((source) => {
      if (!source.value.startsWith('.')) return;
      const target = resolve(dirname(file), source.value);
      if (target === testDir || target.startsWith(testDir + sep))
        context.report({
          node: source,
          messageId: 'testImport',
          data: { spec: source.value, target: relative(root, target) },
        });
    });
  },
};

/**
 * A stand-in (a `type:stand-in` library: the Stripe emulator) is reached only through its seam, the one file that
 * loads it on demand (type imports included, so that file stays the single place to look). Files the rule applies
 * to are chosen in the config below; option: `{ modules: ['@polski/...'], seam: 'path of the seam' }`.
 */
const standInSeamOnly = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { modules: { type: 'array', items: { type: 'string' } }, seam: { type: 'string' } },
        required: ['modules', 'seam'],
        additionalProperties: false,
      },
    ],
    messages: {
      outsideSeam: "'{{spec}}' is a stand-in: only {{seam}} may import it (it loads it on demand)",
    },
  },
  create(context) {
    const { modules, seam } = context.options[0];
    return onModuleSpecifiers((source) => {
      if (modules.some((m) => source.value === m || source.value.startsWith(`${m}/`)))
        context.report({ node: source, messageId: 'outsideSeam', data: { spec: source.value, seam } });
    });
  },
};

const STRIPE_STAND_IN_SEAM = 'apps/api/src/modules/payments/stripe-stand-in.ts';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.nx/**',
      '**/.data/**',
      'apps/api/src/generated/**',
      '**/vite.config.*.timestamp*',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { '@nx': nx },
    // every source file of the projects (and their test folders), whatever its extension, and the tools; not the
    // projects' configuration files (jest.config.js, vite.config.mts), which load workspace files by path
    files: [
      '{apps,libs}/*/{src,test}/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}',
      'tools/**/*.{ts,mts,cts,js,mjs,cjs}',
    ],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          // the API loads the Stripe emulator lazily (its stand-in seam) while its tests in apps/api/test import it
          // statically to drive it; what keeps it out of the production bundle is tools/build-api.mjs (checked by
          // tools/build-api.spec.mjs), not this check
          checkDynamicDependenciesExceptions: ['@polski/stripe-emulator'],
          depConstraints: [
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:api', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            {
              sourceTag: 'scope:tools',
              onlyDependOnLibsWithTags: ['scope:tools', 'scope:api', 'scope:shared'],
            },
            {
              sourceTag: 'type:contract',
              onlyDependOnLibsWithTags: ['type:contract'],
              bannedExternalImports: ['express', '@prisma/*', 'react', 'react-dom', 'react-router', 'pg'],
            },
            // a stand-in for an outside service (libs/stripe-emulator) is scope:api, so the web app and the
            // contracts (scope:web, scope:shared) cannot depend on it; it depends on the contracts only and on
            // none of the API's stores
            {
              sourceTag: 'type:stand-in',
              onlyDependOnLibsWithTags: ['type:contract'],
              bannedExternalImports: ['@prisma/*', 'pg', 'ioredis', 'nodemailer', 'react', 'react-dom'],
            },
          ],
        },
      ],
    },
  },
  {
    plugins: {
      local: { rules: { 'test-code-stays-out': testCodeStaysOut, 'stand-in-seam-only': standInSeamOnly } },
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'libs/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: { 'local/test-code-stays-out': 'error' },
  },
  {
    // the Stripe emulator: in the source of the apps and the other libraries, only the payments module's seam
    // loads it (tests in apps/api/test drive it directly)
    files: ['apps/*/src/**/*.{ts,tsx}', 'libs/*/src/**/*.{ts,tsx}'],
    ignores: [STRIPE_STAND_IN_SEAM, 'libs/stripe-emulator/**'],
    rules: {
      'local/stand-in-seam-only': [
        'error',
        { modules: ['@polski/stripe-emulator'], seam: STRIPE_STAND_IN_SEAM },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    files: ['apps/web/**/*.ts', 'apps/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['@prisma/*', 'express', '**/apps/api/**'] }],
    },
  },
  {
    files: ['**/*.cjs', 'jest.preset.js', '**/jest.config.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' },
    },
  },
  {
    files: ['tools/**/*.mjs', 'tools/**/*.js'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
  prettier,
);

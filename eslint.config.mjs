import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(fileURLToPath(import.meta.url));

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
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.'))
        return;
      const target = resolve(dirname(file), source.value);
      if (target === testDir || target.startsWith(testDir + sep))
        context.report({
          node: source,
          messageId: 'testImport',
          data: { spec: source.value, target: relative(root, target) },
        });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node.arguments[0]);
      },
    };
  },
};

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
    files: ['apps/*/{src,test}/**/*.{ts,tsx}', 'libs/*/{src,test}/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:web', 'scope:shared'] },
            { sourceTag: 'scope:api', onlyDependOnLibsWithTags: ['scope:api', 'scope:shared'] },
            { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
            {
              sourceTag: 'type:contract',
              onlyDependOnLibsWithTags: ['type:contract'],
              bannedExternalImports: ['express', '@prisma/*', 'react', 'react-dom', 'react-router', 'pg'],
            },
          ],
        },
      ],
    },
  },
  {
    plugins: { local: { rules: { 'test-code-stays-out': testCodeStaysOut } } },
    files: ['apps/*/src/**/*.{ts,tsx}', 'libs/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: { 'local/test-code-stays-out': 'error' },
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
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' },
    },
  },
  prettier,
);

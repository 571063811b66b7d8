import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import { createProjectGraphAsync } from '@nx/devkit';

// @nx/enforce-module-boundaries does not compute Nx's project graph: it reads the one cached in .nx/workspace-data
// and, when there is none (a fresh clone, or .nx deleted), prints a warning and checks nothing, with exit code 0.
// Under `nx run-many -t lint` Nx has just computed it; a plain `npx eslint <file>` would run without it (or with a
// stale one after a change to a project.json). Outside an Nx task, compute it first: incremental, a few seconds.
if (!process.env.NX_TASK_TARGET_PROJECT) await createProjectGraphAsync({ exitOnError: true });

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
    // every source file of the projects, whatever its extension (it was only .ts/.tsx under apps/*/src and .ts under
    // libs/*/src), and the tools; not the projects' configuration files (jest.config.js, vite.config.mts), which
    // load workspace files (the jest preset, tools/check-web-budget.mjs) by path
    files: ['{apps,libs}/*/src/**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs}', 'tools/**/*.{ts,mts,cts,js,mjs,cjs}'],
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
              sourceTag: 'scope:tools',
              onlyDependOnLibsWithTags: ['scope:tools', 'scope:api', 'scope:shared'],
            },
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

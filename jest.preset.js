// Shared jest settings: ts-jest in CommonJS mode with the workspace's path aliases.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const base = JSON.parse(readFileSync(join(__dirname, 'tsconfig.base.json'), 'utf8'));
const moduleNameMapper = {};
for (const [alias, [target]] of Object.entries(base.compilerOptions.paths)) {
  moduleNameMapper[`^${alias.replace(/[/.]/g, '\\$&')}$`] = join(__dirname, target);
}

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.[tj]sx?$': [
      'ts-jest',
      {
        diagnostics: false,
        tsconfig: {
          module: 'commonjs',
          moduleResolution: 'node',
          target: 'ES2022',
          esModuleInterop: true,
          allowJs: true,
          jsx: 'react-jsx',
          resolveJsonModule: true,
          isolatedModules: true,
        },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper,
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
};

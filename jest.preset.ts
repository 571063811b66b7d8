import type { Config } from 'jest';
import { pathsToModuleNameMapper } from 'ts-jest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const base = JSON.parse(readFileSync(join(__dirname, 'tsconfig.base.json'), 'utf8'));

/** Shared jest settings: ts-jest in CommonJS mode with the workspace's path aliases. */
export const baseJestConfig: Config = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.[tj]sx?$': [
      'ts-jest',
      {
        isolatedModules: true,
        tsconfig: {
          module: 'commonjs',
          moduleResolution: 'node',
          target: 'ES2022',
          esModuleInterop: true,
          allowJs: true,
          jsx: 'react-jsx',
          resolveJsonModule: true,
          verbatimModuleSyntax: false,
        },
      },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(dictionary-pl)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: pathsToModuleNameMapper(base.compilerOptions.paths, { prefix: '<rootDir>/../../' }),
  testMatch: ['**/*.spec.ts', '**/*.spec.tsx'],
};

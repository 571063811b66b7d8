// The tools' TypeScript tests (tools/**/*.spec.ts: the annotator); tools/*.spec.mjs run with the web app's vitest.
module.exports = {
  // eslint-disable-next-line @nx/enforce-module-boundaries -- the workspace's shared jest settings, by path
  ...require('../jest.preset'),
  displayName: 'tools',
  rootDir: __dirname,
  testMatch: ['<rootDir>/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/build-dictionary/'],
  testTimeout: 60000,
};

// Browser tests: a real API process serving the built web app, driven with Chromium through playwright-core.
module.exports = {
  ...require('../../jest.preset'),
  displayName: 'web-e2e',
  rootDir: __dirname,
  testTimeout: 60000,
  maxWorkers: 1,
  globalSetup: '<rootDir>/src/support/global-setup.ts',
  globalTeardown: '<rootDir>/src/support/global-teardown.ts',
};

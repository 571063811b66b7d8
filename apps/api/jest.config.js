module.exports = {
  ...require('../../jest.preset'),
  displayName: 'api',
  rootDir: __dirname,
  testTimeout: 30000,
  // without DATABASE_URL: one throwaway PostgreSQL for the run (src/testing/test-postgres.ts)
  globalSetup: '<rootDir>/src/testing/global-setup.ts',
  globalTeardown: '<rootDir>/src/testing/global-teardown.ts',
};

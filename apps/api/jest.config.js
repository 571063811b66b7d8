module.exports = {
  ...require('../../jest.preset'),
  displayName: 'api',
  rootDir: __dirname,
  // unit tests beside the code in src/; the reliability specs (and the kits every test uses) in test/
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testTimeout: 30000,
  // without DATABASE_URL: one throwaway PostgreSQL for the run (test/support/test-postgres.ts)
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};

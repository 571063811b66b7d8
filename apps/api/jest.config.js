module.exports = {
  ...require('../../jest.preset'),
  displayName: 'api',
  rootDir: __dirname,
  // unit tests beside the code in src/; the reliability specs (and the kits every test uses) in test/
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testTimeout: 30000,
};

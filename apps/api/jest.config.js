module.exports = {
  ...require('../../jest.preset'),
  displayName: 'api',
  rootDir: __dirname,
  testTimeout: 30000,
};

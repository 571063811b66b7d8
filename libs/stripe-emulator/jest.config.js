module.exports = {
  ...require('../../jest.preset'),
  displayName: 'stripe-emulator',
  rootDir: __dirname,
  roots: ['<rootDir>/src', '<rootDir>/test'],
  testTimeout: 30000,
};

module.exports = { ...require('../../jest.preset'), displayName: 'contracts', rootDir: __dirname };

export * from './lib/languages';
export * from './lib/currencies';
export * from './lib/constants';
export * from './lib/errors';
export * from './lib/api-routes';
export * from './lib/account';
export * from './lib/content';
export * from './lib/payments';

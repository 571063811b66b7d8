import { stopTestDatabaseServer } from './test-postgres';

/** jest global teardown of the API tests: stops the throwaway PostgreSQL of global-setup.ts, if it started one. */
export default async function globalTeardown(): Promise<void> {
  await stopTestDatabaseServer();
}

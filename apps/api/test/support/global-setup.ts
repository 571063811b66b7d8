import { ensureTestDatabaseServer } from './test-postgres';

/** jest global setup of the API tests: a throwaway PostgreSQL when DATABASE_URL is not set. */
export default async function globalSetup(): Promise<void> {
  await ensureTestDatabaseServer();
}

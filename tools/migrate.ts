// Applies pending migrations to DATABASE_URL (or the embedded database in DATA_DIR) and prints what it did.
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { loadConfig } from '../apps/api/src/config/env';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { openDatabase } from '../apps/api/src/lib/db';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  console.log(
    `migrations applied to ${database.embedded ? `the embedded database in ${config.dataDir}` : 'DATABASE_URL'}`,
  );
  await database.close();
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});

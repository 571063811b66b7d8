// Gives a user the Admin role (or takes it away with --remove).
//   npx tsx tools/make-admin.ts <username-or-email> [--remove]
// Uses DATABASE_URL, or the embedded PostgreSQL in DATA_DIR (stop `npm start` first: the embedded server of a
// DATA_DIR belongs to one process at a time).
import { ROLES } from '@polski/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { loadConfig } from '../apps/api/src/config/env';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { openDatabase } from '../apps/api/src/lib/db';

export async function setAdmin(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  who: string,
  remove: boolean,
) {
  const key = who.trim().toLowerCase();
  const user = await db.user.findFirst({ where: { OR: [{ usernameKey: key }, { emailKey: key }] } });
  if (!user) throw new Error(`No user with username or email "${who}"`);
  const role = await db.role.findUniqueOrThrow({ where: { name: ROLES.admin } });
  if (remove) await db.userRole.deleteMany({ where: { userId: user.id, roleId: role.id } });
  else
    await db.userRole.upsert({
      where: { userId_roleId: { userId: user.id, roleId: role.id } },
      create: { userId: user.id, roleId: role.id },
      update: {},
    });
  return user;
}

async function main() {
  const args = process.argv.slice(2);
  const remove = args.includes('--remove');
  const who = args.find((a) => !a.startsWith('--'));
  if (!who) {
    console.error('usage: npx tsx tools/make-admin.ts <username-or-email> [--remove]');
    process.exit(2);
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    const user = await setAdmin(database.db, who, remove);
    console.log(
      `${user.username} <${user.email}> ${remove ? 'is no longer' : 'is now'} an admin (signs in again to see it)`,
    );
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}

/**
 * The nine hubs of /learn-polish. The contracts keep their plain tables apart from their zod schemas
 * (libs/contracts/src/lib/hubs.ts), so importing HUBS brings neither zod nor a schema into the app shell.
 */
export { HUBS } from '@polski/contracts';

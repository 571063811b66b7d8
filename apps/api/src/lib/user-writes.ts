import { PrismaClient } from '../generated/prisma/client';

/**
 * The tables whose rows the user cache holds (modules/auth/user-cache.ts), by model, with the field that names
 * the user a row belongs to. The database triggers of migrations 20261122190000_user_change_notify and
 * 20261126100000_sessions announce every committed change to these tables; this process must also hold the user
 * out of its cache from before its own write until that announcement arrives, or a request between the two would
 * see the old row.
 */
export const WATCHED_MODELS = {
  User: 'id',
  UserRole: 'userId',
  PaymentCustomer: 'userId',
  LessonProgress: 'userId',
  /** the user cache keeps the states of a user's sessions (logout, sign out everywhere) */
  Session: 'userId',
} as const;
type TWatchedModel = keyof typeof WATCHED_MODELS;

const WATCHED_TABLES =
  /\b(?:insert\s+into|update|delete\s+from)\s+"?(users|user_roles|payment_customers|lesson_progress|sessions)"?\b/i;

const WRITES = new Set([
  'create',
  'createMany',
  'createManyAndReturn',
  'update',
  'updateMany',
  'updateManyAndReturn',
  'upsert',
  'delete',
  'deleteMany',
]);

/** Raised for a raw SQL write to a watched table: it would bypass the hold, so it is refused before it runs. */
export class UnwatchedWriteError extends Error {
  override readonly name = 'UnwatchedWriteError';
}

/** Who is told, before a write, which users it is about to change. */
export class UserWrites {
  private readonly listeners = new Set<(userIds: string[]) => void>();

  /** Listens for writes (returns the function that stops listening). */
  on(listener: (userIds: string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  announce(userIds: string[]): void {
    if (userIds.length === 0) return;
    for (const listener of this.listeners) listener(userIds);
  }
}

type TArgs = {
  where?: Record<string, unknown>;
  data?: unknown;
  create?: Record<string, unknown>;
};

/** The user ids a write names itself (a unique key, a userId filter, the data of a create), or null: look them up. */
function namedUsers(model: TWatchedModel, operation: string, args: TArgs): string[] | null {
  const field = WATCHED_MODELS[model];
  const fromData = (data: unknown): string[] | null => {
    const rows = Array.isArray(data) ? data : [data];
    const ids = rows.map((r) => (r as Record<string, unknown> | undefined)?.[field]);
    return ids.every((id) => typeof id === 'string') ? (ids as string[]) : null;
  };
  if (operation === 'create' || operation === 'createMany' || operation === 'createManyAndReturn') {
    // a new user has nothing cached yet; a new row of another table names its user in its data
    return model === 'User' ? [] : fromData(args.data);
  }
  const where = args.where ?? {};
  const direct = where[field];
  if (typeof direct === 'string') return [direct];
  // compound keys: { userId_hub_slug: { userId, ... } }, { userId_roleId: { userId, roleId } }
  for (const value of Object.values(where)) {
    const nested = (value as Record<string, unknown> | null)?.[field];
    if (value && typeof value === 'object' && typeof nested === 'string') return [nested];
  }
  return null;
}

/**
 * The Prisma client every part of the API gets (lib/db.ts): a write to a watched table first announces the users
 * it changes (`writes`), so the user cache holds them before the write runs — no service has to remember to. A write
 * whose users are not named in its arguments looks them up first. A raw SQL write to a watched table is refused:
 * go through the model API.
 */
export function watchUserWrites(client: PrismaClient, writes: UserWrites) {
  return client.$extends({
    name: 'user-writes',
    query: {
      async $allOperations({ model, operation, args, query }) {
        if (!model) {
          // every raw statement: a write may hide in a query (UPDATE ... RETURNING)
          if (operation.startsWith('$executeRaw') || operation.startsWith('$queryRaw')) {
            const sql = rawSqlText(args);
            if (WATCHED_TABLES.test(sql)) {
              throw new UnwatchedWriteError(
                `a raw SQL write to ${WATCHED_TABLES.exec(sql)?.[1]} would bypass the user cache: use the model API`,
              );
            }
          }
          return query(args);
        }
        if (!(model in WATCHED_MODELS) || !WRITES.has(operation)) return query(args);
        const watched = model as TWatchedModel;
        const a = (args ?? {}) as TArgs;
        let ids = namedUsers(watched, operation, a);
        if (ids === null) {
          const field = WATCHED_MODELS[watched];
          const delegate = (
            client as unknown as Record<string, { findMany(q: object): Promise<Record<string, string>[]> }>
          )[watched.charAt(0).toLowerCase() + watched.slice(1)];
          const rows = await delegate.findMany({ where: a.where ?? {}, select: { [field]: true } });
          ids = rows.map((r) => r[field]);
          if (operation === 'upsert' && a.create && typeof a.create[field] === 'string')
            ids.push(a.create[field]);
        }
        writes.announce([...new Set(ids)]);
        return query(args);
      },
    },
  });
}

/** The SQL text of a raw query's arguments (a template's strings, or the unsafe variant's string). */
function rawSqlText(args: unknown): string {
  if (typeof args === 'string') return args;
  if (Array.isArray(args)) {
    const first = args[0] as unknown;
    if (typeof first === 'string') return first;
    if (Array.isArray(first)) return first.join(' ');
    const strings = (first as { strings?: unknown } | undefined)?.strings;
    if (Array.isArray(strings)) return strings.join(' ');
  }
  const sql = (args as { sql?: unknown; strings?: unknown } | null)?.sql;
  if (typeof sql === 'string') return sql;
  const strings = (args as { strings?: unknown } | null)?.strings;
  return Array.isArray(strings) ? strings.join(' ') : '';
}

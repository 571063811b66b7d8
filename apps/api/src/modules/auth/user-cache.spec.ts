import { randomUUID } from 'node:crypto';
import pino from 'pino';
import type { TDatabase, TDb } from '../../lib/db';
import { createTestDatabase } from '../../../test/support/test-database';
import { UserCache } from './user-cache';

/**
 * The user cache against PostgreSQL's change notifications. The database reads are held at a gate so that a change
 * can land while one is running.
 */
describe('the user cache', () => {
  let database: TDatabase;
  let cache: UserCache;
  /** while set, every raw read of the cache waits for it */
  let gate: Promise<void> | undefined;

  /** A new user, once the cache has handled the insert's own notification. */
  const addUser = async (name: string) => {
    const { id } = await database.db.user.create({
      data: {
        id: randomUUID(),
        username: name,
        usernameKey: name.toLowerCase(),
        email: `${name}@example.com`,
        emailKey: `${name}@example.com`,
        passwordHash: 'x',
        nativeLanguage: 'en',
      },
    });
    await cache.sync();
    return id;
  };
  const touch = (id: string) =>
    database.db.user.update({ where: { id }, data: { tokenVersion: { increment: 1 } } });

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = new Proxy(database.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (key !== '$queryRaw') return value;
        return async (...args: unknown[]) => {
          await gate;
          return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        };
      },
    }) as TDb;
    cache = new UserCache({ db, logger: pino({ level: 'silent' }), listenUrl: database.url });
    await cache.start();
    expect(cache.active).toBe(true);
  });
  afterAll(async () => {
    await cache?.stop();
    await database?.close();
  });

  /** Starts reading `id` with the read held, runs `during`, then lets the read finish. */
  async function readAcross(id: string, during: () => Promise<void>) {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const read = cache.user(id);
    await during();
    gate = undefined;
    open();
    return read;
  }

  it('stores a user read while another user changes', async () => {
    const reader = await addUser('Reader1');
    const writer = await addUser('Writer1');
    const user = await readAcross(reader, async () => {
      await touch(writer);
      await cache.sync(); // the writer's notification has been handled
    });
    expect(user?.id).toBe(reader);
    expect(cache.peekUser(reader)?.tokenVersion).toBe(0);
  });

  it('does not store a user read while that user changes, and reads the change next time', async () => {
    const reader = await addUser('Reader2');
    const user = await readAcross(reader, async () => {
      await touch(reader);
      await cache.sync();
    });
    // the read may have seen either state, so it must not be kept
    expect(user?.id).toBe(reader);
    expect(cache.peekUser(reader)).toBeUndefined();
    expect((await cache.user(reader))?.tokenVersion).toBe(1);
    expect(cache.peekUser(reader)?.tokenVersion).toBe(1);
  });

  it('forgets a cached user on a committed change by anyone', async () => {
    const id = await addUser('Reader3');
    await cache.user(id);
    expect(cache.peekUser(id)).toBeDefined();
    await touch(id);
    await cache.sync();
    expect(cache.peekUser(id)).toBeUndefined();
    expect((await cache.user(id))?.tokenVersion).toBe(1);
  });
});

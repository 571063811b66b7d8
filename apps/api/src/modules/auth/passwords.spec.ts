import { bcryptSlots, boundedHasher, type TPasswordHasher } from './passwords';

/** A hasher whose every call waits until the test lets it finish, recording the order calls start in. */
function heldHasher() {
  const started: string[] = [];
  const waiting = new Map<string, () => void>();
  const hold = (name: string) =>
    new Promise<void>((resolve) => {
      started.push(name);
      waiting.set(name, resolve);
    });
  const inner: TPasswordHasher = {
    hash: async (p) => {
      await hold(`hash:${p}`);
      return `h(${p})`;
    },
    verify: async (p) => {
      await hold(`verify:${p}`);
      return true;
    },
  };
  const finish = async (name: string) => {
    waiting.get(name)!();
    waiting.delete(name);
    await new Promise((r) => setImmediate(r));
  };
  return { inner, started, finish };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('boundedHasher (issue 13, item 6)', () => {
  it('runs sign-up and reset hashes on the unreserved slots only, queued in arrival order', async () => {
    const { inner, started, finish } = heldHasher();
    const h = boundedHasher(inner, { slots: 3, reservedForLogin: 1 });
    const hashes = ['a', 'b', 'c', 'd'].map((p) => h.hash(p));
    await tick();
    expect(started).toEqual(['hash:a', 'hash:b']);
    expect(h.stats()).toEqual({ running: 2, waitingLogins: 0, waitingOthers: 2 });
    await finish('hash:a');
    expect(started).toEqual(['hash:a', 'hash:b', 'hash:c']);
    await finish('hash:b');
    await finish('hash:c');
    await finish('hash:d');
    expect(await Promise.all(hashes)).toEqual(['h(a)', 'h(b)', 'h(c)', 'h(d)']);
  });

  it('a login takes the reserved slot at once while hashes queue, and goes before them when a slot frees', async () => {
    const { inner, started, finish } = heldHasher();
    const h = boundedHasher(inner, { slots: 3, reservedForLogin: 1 });
    const hashes = ['a', 'b', 'c', 'd', 'e'].map((p) => h.hash(p));
    await tick();
    const first = h.verify('x', 'hash');
    await tick();
    // the login did not wait for any hash
    expect(started).toEqual(['hash:a', 'hash:b', 'verify:x']);
    // every slot busy: a second login waits, and the next freed slot is its, not the queued hashes'
    const second = h.verify('y', 'hash');
    await tick();
    expect(h.stats()).toEqual({ running: 3, waitingLogins: 1, waitingOthers: 3 });
    await finish('hash:a');
    expect(started.slice(3)).toEqual(['verify:y']);
    await finish('verify:x');
    await finish('verify:y');
    expect(await Promise.all([first, second])).toEqual([true, true]);
    // the reserved slot is free again, but hashes still use only their two
    expect(started.slice(4)).toEqual(['hash:c']);
    for (const p of ['b', 'c', 'd', 'e']) await finish(`hash:${p}`);
    await Promise.all(hashes);
  });

  it('frees the slot of a call that fails', async () => {
    const h = boundedHasher(
      { hash: () => Promise.reject(new Error('boom')), verify: async () => false },
      { slots: 2, reservedForLogin: 1 },
    );
    await expect(h.hash('a')).rejects.toThrow('boom');
    await expect(h.hash('b')).rejects.toThrow('boom');
    expect(h.stats()).toEqual({ running: 0, waitingLogins: 0, waitingOthers: 0 });
  });

  it('sizes itself from the libuv thread pool, leaving one thread to the rest', () => {
    expect(bcryptSlots({})).toBe(3);
    expect(bcryptSlots({ UV_THREADPOOL_SIZE: '8' })).toBe(7);
    expect(bcryptSlots({ UV_THREADPOOL_SIZE: '1' })).toBe(2);
    expect(bcryptSlots({ UV_THREADPOOL_SIZE: 'x' })).toBe(3);
  });
});

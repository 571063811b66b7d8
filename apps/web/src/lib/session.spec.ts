import { ZUserResponseSchema } from '@polski/contracts';
import { makeUser } from '../test/fixtures';
import { currentToken, isStoredUser, session, SESSION_STORAGE_KEY } from './session';

describe('session', () => {
  it('stores the user under "user" and reads it back', () => {
    const user = makeUser();
    session.set(user);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '')).toEqual(user);
    expect(session.get()).toEqual(user);
    expect(currentToken()).toBe(user.token);
  });

  it('discards stored JSON that is not valid', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(session.get()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('discards a stored object that is not a user', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ username: 'ola' }));
    expect(session.get()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('clear() removes the user and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    session.set(makeUser());
    session.clear();
    expect(session.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('accepts exactly what the contract accepts (hand check kept in step with ZUserResponseSchema)', () => {
    const samples: unknown[] = [
      makeUser(),
      makeUser({ cus: '2026-08-01T00:00:00.000Z', premiumLifetime: true, roles: ['Member', 'PremiumMember'] }),
      { ...makeUser(), roles: 'Member' },
      { ...makeUser(), emailConfirmed: 'yes' },
      { ...makeUser(), cus: undefined },
      { ...makeUser(), premiumLifetime: undefined },
      { ...makeUser(), lang: 1 },
      null,
      [],
    ];
    for (const s of samples) expect(isStoredUser(s)).toBe(ZUserResponseSchema.safeParse(s).success);
  });
});

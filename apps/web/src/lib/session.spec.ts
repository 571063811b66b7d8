import { makeUser } from '../test/fixtures';
import { currentToken, session, SESSION_STORAGE_KEY } from './session';

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
});

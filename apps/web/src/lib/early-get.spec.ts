import { makeUser } from '../test/fixtures';
import { startEarlyGet, takeEarlyGet } from './early-get';
import { session } from './session';

afterEach(() => vi.useRealTimers());

describe('early GET: a request started before the code that reads it', () => {
  it('is taken once, with the answer of the request that was started', async () => {
    const request = vi.fn(() => Promise.resolve({ lesson: 1 }));
    startEarlyGet('/content/lessons/a/b', request);
    expect(request).toHaveBeenCalledTimes(1);
    await expect(takeEarlyGet('/content/lessons/a/b')).resolves.toEqual({ lesson: 1 });
    expect(takeEarlyGet('/content/lessons/a/b')).toBeNull();
    expect(takeEarlyGet('/content/lessons/other')).toBeNull();
  });

  it('passes a failure on to the reader (and a failure nobody reads is not an unhandled rejection)', async () => {
    startEarlyGet('/x', () => Promise.reject(new Error('offline')));
    await expect(takeEarlyGet('/x')).rejects.toThrow('offline');
    startEarlyGet('/never-read', () => Promise.reject(new Error('offline')));
    await new Promise((r) => setTimeout(r, 0));
  });

  it('is not used by another user: a login or logout in between means asking again', () => {
    session.set(makeUser({ token: 'a.b.c' }));
    startEarlyGet('/y', () => Promise.resolve('as a.b.c'));
    session.set(makeUser({ token: 'd.e.f' }));
    expect(takeEarlyGet('/y')).toBeNull();
    startEarlyGet('/z', () => Promise.resolve('as d.e.f'));
    session.clear();
    expect(takeEarlyGet('/z')).toBeNull();
  });

  it('is not used once it is more than 10 seconds old', () => {
    vi.useFakeTimers();
    startEarlyGet('/old', () => Promise.resolve('then'));
    vi.advanceTimersByTime(10_001);
    expect(takeEarlyGet('/old')).toBeNull();
    startEarlyGet('/recent', () => Promise.resolve('now'));
    vi.advanceTimersByTime(9_000);
    expect(takeEarlyGet('/recent')).not.toBeNull();
  });
});

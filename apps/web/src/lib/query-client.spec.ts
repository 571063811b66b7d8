import { ApiError } from './api-client';
import { createQueryClient, shouldRetry } from './query-client';

const noAnswer = () => new ApiError(0, null, ['offline'], '/api/x');

describe('the query client: failures are said at once, retried only where asking again can help', () => {
  const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
  afterEach(() => {
    if (online) Object.defineProperty(Navigator.prototype, 'onLine', online);
  });

  it('does not retry a refusal (4xx); retries a server error or no answer twice while online', () => {
    expect(shouldRetry(0, new ApiError(404, null, [], '/api/x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, null, [], '/api/x'))).toBe(true);
    expect(shouldRetry(0, noAnswer())).toBe(true);
    expect(shouldRetry(2, noAnswer())).toBe(false);
  });

  it('does not retry while the device is offline: the learner has been told once', () => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
    expect(shouldRetry(0, noAnswer())).toBe(false);
  });

  it('sends queries and mutations also offline (no silent pause until the network returns)', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries?.networkMode).toBe('always');
    expect(client.getDefaultOptions().mutations?.networkMode).toBe('always');
  });
});

import { session } from './session';
import { makeUser, jsonResponse } from '../test/fixtures';
import { api, ApiError } from './api-client';
import { toast } from './toast';

vi.mock('./toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function lastRequest(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init = {}] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init, headers: (init.headers ?? {}) as Record<string, string> };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('api-client', () => {
  it('calls /api with JSON and returns the parsed body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'ok' }));
    await expect(
      api.post('/account/login', { usernameOrEmail: 'ola', password: 'secret1' }),
    ).resolves.toEqual({
      status: 'ok',
    });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/account/login');
    expect(init.method).toBe('POST');
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ usernameOrEmail: 'ola', password: 'secret1' });
  });

  it('sends no Authorization header when nobody is signed in', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await api.get('/health');
    expect(lastRequest().headers.Authorization).toBeUndefined();
  });

  it('sends "Bearer <token>" when a user is signed in', async () => {
    session.set(makeUser({ token: 'abc.def.ghi' }));
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await api.get('/account/settings');
    expect(lastRequest().headers.Authorization).toBe('Bearer abc.def.ghi');
  });

  it('400 with validation errors: throws every message of every field in one list, no toast', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        status: 400,
        title: 'Invalid input',
        errors: { username: ['Username is taken'], password: ['Password is too common', 'Another'] },
      }),
    );
    const err = await failure(api.post('/account/register', {}));
    expect(err.status).toBe(400);
    expect(err.messages).toEqual(['Username is taken', 'Password is too common', 'Another']);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('400 without validation errors: toast with the message as text and the status as title', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { status: 400, code: 'bad_request', message: 'Bad link' }));
    const err = await failure(api.post('/account/confirmemail', {}));
    expect(err.status).toBe(400);
    expect(toast.error).toHaveBeenCalledWith('Bad link', '400');
  });

  it("401: toast 'Unauthorised' with the status as title", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { status: 401, code: 'unauthorized', message: 'No user found' }),
    );
    const err = await failure(api.get('/account/settings'));
    expect(err.status).toBe(401);
    expect(toast.error).toHaveBeenCalledWith('Unauthorised', '401');
  });

  it('401 from user-updated-roles stays silent but still throws', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(401, { status: 401, code: 'unauthorized', message: 'No user found' }),
    );
    const err = await failure(api.get('/payments/user-updated-roles?cacheBuster=1'));
    expect(err.status).toBe(401);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("404: toast 'Something went wrong'", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(404, { status: 404, code: 'not_found', message: 'No such lesson' }),
    );
    await failure(api.get('/content/lessons/x/y'));
    expect(toast.error).toHaveBeenCalledWith('Something went wrong');
  });

  it('500: no toast, the error is still thrown', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { status: 500, code: 'internal_error', message: 'Oops' }));
    const err = await failure(api.get('/account/settings'));
    expect(err.status).toBe(500);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("any other status: toast 'Something went wrong' and console.error", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(
      jsonResponse(409, { status: 409, code: 'conflict', message: 'Already premium' }),
    );
    const err = await failure(api.post('/payments/create-checkout-session2', {}));
    expect(err.status).toBe(409);
    expect(err.messages).toEqual(['Already premium']);
    expect(toast.error).toHaveBeenCalledWith('Something went wrong');
    expect(consoleError).toHaveBeenCalled();
  });

  it("network failure: toast 'Something went wrong' and throw", async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const err = await failure(api.get('/health'));
    expect(err.status).toBe(0);
    expect(toast.error).toHaveBeenCalledWith('Something went wrong');
  });

  it('a cancelled request is passed on without a toast', async () => {
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(api.get('/health')).rejects.toMatchObject({ name: 'AbortError' });
    expect(toast.error).not.toHaveBeenCalled();
  });
});

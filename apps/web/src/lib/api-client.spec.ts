import { ROUTES } from '@polski/contracts';
import { session } from './session';
import { makeUser, jsonResponse } from '../test/fixtures';
import { ApiError, callApi, hasErrorCode, urlOf } from './api-client';
import { PAGE_DATA_CLASS } from './page-data';
import { toast } from './toast';
import { applyLanguage } from './i18n/i18n';
import de from '../locales/de.json';

vi.mock('./toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  for (const b of Array.from(document.getElementsByClassName(PAGE_DATA_CLASS))) b.remove();
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

const LOGIN = { usernameOrEmail: 'ola', password: 'secret1' };

describe('callApi: the route by name, method and URL from the route table', () => {
  it('POSTs the JSON body to the route’s path and returns the parsed answer', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'ok' }));
    await expect(callApi('account.login', { body: LOGIN })).resolves.toEqual({ status: 'ok' });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/account/login');
    expect(init.method).toBe('POST');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Accept).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual(LOGIN);
  });

  it.each([
    ['account.changeLanguage', 'PUT', '/api/account/changelanguage', { body: { newLanguage: 'de' } }],
    ['content.markCompleted', 'POST', '/api/content/progress', { body: { hub: 'history', slug: 'a' } }],
    ['content.unmarkCompleted', 'DELETE', '/api/content/progress', { body: { hub: 'history', slug: 'a' } }],
    ['content.progress', 'GET', '/api/content/progress', undefined],
    ['translation.deepl', 'POST', '/api/Translator/translate', { body: {} }],
    ['translation.google', 'POST', '/api/Translation/translate', { body: {} }],
  ] as const)('%s: %s %s', async (endpoint, method, path, input) => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await (callApi as (e: string, i?: unknown) => Promise<unknown>)(endpoint, input);
    expect(lastRequest().url).toBe(path);
    expect(lastRequest().init.method).toBe(method);
    expect(lastRequest().init.body === undefined).toBe(input === undefined);
  });

  it('fills the path parameters, percent-encoded', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await callApi('content.lesson', { params: { hub: 'history', slug: 'the-first' } });
    expect(lastRequest().url).toBe('/api/content/lessons/history/the-first');
    await callApi('account.getSession', { params: { userId: 'a b/c?d' } });
    expect(lastRequest().url).toBe('/api/account/get-session/a%20b%2Fc%3Fd');
  });

  it('appends the query, encoded, leaving out undefined values', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await callApi('wordChecker.lookup', { query: { word: 'żółw & co', lang: 'de' } });
    expect(lastRequest().url).toBe('/api/dictionary/lookup?word=%C5%BC%C3%B3%C5%82w%20%26%20co&lang=de');
    await callApi('account.userUpdatedRoles', { query: { cacheBuster: undefined } });
    expect(lastRequest().url).toBe('/api/payments/user-updated-roles');
  });

  it('a GET sends no body and no Content-Type', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await callApi('account.settings');
    const { init, headers } = lastRequest();
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers['Content-Type']).toBeUndefined();
  });

  it('passes the abort signal on', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    const controller = new AbortController();
    await callApi('content.hubs', {}, { signal: controller.signal });
    expect(lastRequest().init.signal).toBe(controller.signal);
  });

  it('urlOf is the URL callApi asks for: the key of page-sent answers', async () => {
    expect(await urlOf('content.lesson', { params: { hub: 'history', slug: 'x-1' } })).toBe(
      '/api/content/lessons/history/x-1',
    );
    expect(await urlOf('content.hubs')).toBe(ROUTES.content.hubs.path);
    expect(await urlOf('wordChecker.lookup', { query: { word: 'kot', lang: 'en' } })).toBe(
      '/api/dictionary/lookup?word=kot&lang=en',
    );
    await expect(urlOf('content.lesson', { params: { hub: 'history', slug: '' } })).rejects.toThrow(/slug/);
  });

  it("a visitor's GET of the page-sent key is answered from the page, without a request", async () => {
    const key = await urlOf('content.lesson', { params: { hub: 'history', slug: 'x-1' } });
    const block = document.createElement('script');
    block.type = 'application/json';
    block.className = PAGE_DATA_CLASS;
    block.setAttribute('data-key', key);
    block.textContent = JSON.stringify({ from: 'page' });
    document.body.append(block);
    await expect(callApi('content.lesson', { params: { hub: 'history', slug: 'x-1' } })).resolves.toEqual({
      from: 'page',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('api-client: the token and the central error handling (product.md, Errors the web app shows)', () => {
  it('sends no Authorization header when nobody is signed in', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await callApi('health.health');
    expect(lastRequest().headers.Authorization).toBeUndefined();
  });

  it('sends "Bearer <token>" when a user is signed in', async () => {
    session.set(makeUser({ token: 'abc.def.ghi' }));
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await callApi('account.settings');
    expect(lastRequest().headers.Authorization).toBe('Bearer abc.def.ghi');
    session.clear();
  });

  it('400 with validation errors: throws every message of every field in one list, no toast', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        status: 400,
        code: 'validation_failed',
        title: 'One or more validation errors occurred.',
        errors: { username: ['Username is taken'], password: ['Password is too common', 'Another'] },
      }),
    );
    const err = await failure(
      callApi('account.register', {
        body: { username: 'ola', email: 'o@x.test', lang: 'en', password: 'a', confirmPassword: 'a' },
      }),
    );
    expect(err.status).toBe(400);
    expect(err.code).toBe('validation_failed');
    expect(err.isValidation).toBe(true);
    expect(err.messages).toEqual(['Username is taken', 'Password is too common', 'Another']);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('400 without validation errors: toast with the message as text and the status as title', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, { status: 400, code: 'invalid_link', message: 'This link is not valid' }),
    );
    const err = await failure(callApi('account.confirmEmail', { body: { token: 't', userid: 'u' } }));
    expect(err.status).toBe(400);
    expect(err.code).toBe('invalid_link');
    expect(toast.error).toHaveBeenCalledWith('This link is not valid', '400');
  });

  it("401: toast 'Unauthorised' with the status as title", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { status: 401, code: 'not_signed_in', message: 'x' }));
    const err = await failure(callApi('account.settings'));
    expect(err.status).toBe(401);
    expect(toast.error).toHaveBeenCalledWith('Unauthorised', '401');
  });

  it('401 from user-updated-roles stays silent but still throws', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { status: 401, code: 'user_not_found', message: 'x' }));
    const err = await failure(callApi('account.userUpdatedRoles', { query: { cacheBuster: '1' } }));
    expect(err.status).toBe(401);
    expect(err.code).toBe('user_not_found');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("404: toast 'Something went wrong'", async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { status: 404, code: 'not_found', message: 'x' }));
    await failure(callApi('content.lesson', { params: { hub: 'history', slug: 'y' } }));
    expect(toast.error).toHaveBeenCalledWith('Something went wrong');
  });

  it('500: no toast, the error is still thrown', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { status: 500, code: 'internal_error', message: 'Oops' }));
    const err = await failure(callApi('account.settings'));
    expect(err.status).toBe(500);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("any other status: toast 'Something went wrong' and console.error", async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValue(
      jsonResponse(409, { status: 409, code: 'already_premium', message: 'Already premium' }),
    );
    const err = await failure(
      callApi('payments.createCheckoutSession2', { body: { priceId: 'p', userEmail: 'e', userId: 'u' } }),
    );
    expect(err.status).toBe(409);
    expect(err.messages).toEqual(['Already premium']);
    expect(toast.error).toHaveBeenCalledWith('Something went wrong');
    expect(consoleError).toHaveBeenCalled();
  });

  it('silentStatuses: no toast for them, the error still thrown with its code', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(429, { status: 429, code: 'rate_limited', message: 'Slow down' }),
    );
    const err = await failure(callApi('account.login', { body: LOGIN }, { silentStatuses: [401, 429] }));
    expect(err.code).toBe('rate_limited');
    expect(err.messages).toEqual(['Slow down']);
    expect(toast.error).not.toHaveBeenCalled();
  });

  describe('no answer at all (status 0): a network failure, said as such, never a refusal', () => {
    const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    afterEach(() => {
      if (online) Object.defineProperty(Navigator.prototype, 'onLine', online);
    });

    it("offline: toast 'You seem to be offline…' and throw it as the error's message", async () => {
      Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      const err = await failure(callApi('health.health'));
      expect(err.status).toBe(0);
      expect(err.code).toBeUndefined();
      const offline = 'You seem to be offline. Check your connection and try again.';
      expect(err.messages).toEqual([offline]);
      expect(toast.error).toHaveBeenCalledTimes(1);
      expect(toast.error).toHaveBeenCalledWith(offline);
    });

    it('online but no answer: the server could not be reached', async () => {
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      const err = await failure(callApi('health.health'));
      expect(err.status).toBe(0);
      expect(toast.error).toHaveBeenCalledWith(
        'The server could not be reached. Please try again in a moment.',
      );
    });

    it('a caller that reports it itself (silentStatuses 0) gets the message without a toast', async () => {
      fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
      const err = await failure(callApi('health.health', undefined, { silentStatuses: [0] }));
      expect(err.messages).toEqual(['The server could not be reached. Please try again in a moment.']);
      expect(toast.error).not.toHaveBeenCalled();
    });

    it('in German, offline is said in German', async () => {
      Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
      await applyLanguage('de');
      try {
        fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
        const err = await failure(callApi('health.health'));
        expect(err.messages).toEqual([de['nav2.network.offline']]);
      } finally {
        await applyLanguage('en');
      }
    });
  });

  it('a cancelled request is passed on without a toast', async () => {
    fetchMock.mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(callApi('health.health')).rejects.toMatchObject({ name: 'AbortError' });
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('api-client: the learner reads server errors in their language, chosen by code (docs/i18n.md)', () => {
  afterEach(async () => {
    await applyLanguage('en');
  });

  it('a German learner gets the German text of a known code, and the server’s message for a code without a key', async () => {
    await applyLanguage('de');
    fetchMock.mockResolvedValue(
      jsonResponse(400, { status: 400, code: 'invalid_link', message: 'This link is not valid' }),
    );
    const known = await failure(callApi('account.confirmEmail', { body: { token: 't', userid: 'u' } }));
    expect(known.messages).toEqual([de['errors.invalid_link']]);
    expect(known.message).toBe('Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet.');
    expect(toast.error).toHaveBeenCalledWith(de['errors.invalid_link'], '400');

    fetchMock.mockResolvedValue(
      jsonResponse(400, { status: 400, code: 'some_new_code', message: 'A reason the catalogue lacks' }),
    );
    const unknown = await failure(callApi('account.confirmEmail', { body: { token: 't', userid: 'u' } }));
    expect(unknown.messages).toEqual(['A reason the catalogue lacks']);
    expect(toast.error).toHaveBeenLastCalledWith('A reason the catalogue lacks', '400');
  });

  it('translates the known field messages of a validation error and keeps the others as the server wrote them', async () => {
    await applyLanguage('de');
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        status: 400,
        code: 'validation_failed',
        title: 'One or more validation errors occurred.',
        errors: { username: ['This username is already taken'], password: ['Some zod message'] },
      }),
    );
    const err = await failure(
      callApi('account.register', {
        body: { username: 'ola', email: 'o@x.test', lang: 'de', password: 'a', confirmPassword: 'a' },
      }),
    );
    expect(err.messages).toEqual(['Dieser Benutzername ist bereits vergeben', 'Some zod message']);
  });

  it('an Arabic learner gets the Arabic text; an English learner the server’s own words', async () => {
    await applyLanguage('ar');
    fetchMock.mockImplementation(async () =>
      jsonResponse(429, { status: 429, code: 'rate_limited', message: 'Too many failed login attempts.' }),
    );
    const ar = await failure(callApi('account.settings', undefined, { silentStatuses: [429] }));
    expect(ar.messages).toEqual(['محاولات كثيرة جدًا. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.']);
    await applyLanguage('en');
    const en = await failure(callApi('account.settings', undefined, { silentStatuses: [429] }));
    expect(en.messages).toEqual(['Too many failed login attempts.']);
  });
});

describe('hasErrorCode', () => {
  const apiError = (body: unknown) => new ApiError(401, body, [], '/api/x');

  it('is true for an ApiError carrying one of the codes, whatever its message', () => {
    const err = apiError({ status: 401, code: 'session_expired', message: 'anything at all' });
    expect(hasErrorCode(err, 'session_expired')).toBe(true);
    expect(hasErrorCode(err, 'not_signed_in', 'session_expired')).toBe(true);
    expect(hasErrorCode(err, 'not_signed_in')).toBe(false);
  });

  it('is false without a code, or for anything that is not an ApiError', () => {
    expect(hasErrorCode(apiError({ status: 401, message: 'No user found' }), 'user_not_found')).toBe(false);
    expect(hasErrorCode(apiError('plain text'), 'user_not_found')).toBe(false);
    expect(hasErrorCode(new Error('session_expired'), 'session_expired')).toBe(false);
    expect(hasErrorCode({ code: 'session_expired' }, 'session_expired')).toBe(false);
  });
});

import { jsonResponse, makeUser } from '../../test/fixtures';
import { session } from '../session';
import { toast } from '../toast';
import { chooseLanguage } from './choose-language';
import { applyLanguage, chosenLanguage, LANGUAGE_STORAGE_KEY } from './i18n';
import german from '../../locales/de.json';
import ukrainian from '../../locales/uk.json';

vi.mock('../toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/**
 * The language menu's choice for a signed-in learner (docs/product.md, "Interface language"): saved as their native
 * language; when the save fails, the interface goes back to the language still saved and says so in it.
 */
const fetchMock = vi.fn<typeof fetch>();
const changeCalls = () =>
  fetchMock.mock.calls.filter(([url]) => String(url).includes('/account/changelanguage'));

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await applyLanguage('de');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(toast.error).mockReset();
  fetchMock.mockReset();
  session.clear();
  localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  await applyLanguage('en');
});

describe('chooseLanguage for a signed-in learner', () => {
  it('saves the choice as the native language and keeps the page in it', async () => {
    session.set(makeUser({ lang: 'de' }));
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'Language changed' }));

    await chooseLanguage('uk');

    expect(changeCalls()).toHaveLength(1);
    expect(JSON.parse(String(changeCalls()[0][1]?.body))).toEqual({ newLanguage: 'uk' });
    expect(session.get()?.lang).toBe('uk');
    expect(chosenLanguage()).toBe('uk');
    expect(document.documentElement.lang).toBe('uk');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('uk');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('goes back to the saved language when the server refuses, and says so in that language', async () => {
    session.set(makeUser({ lang: 'de' }));
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    fetchMock.mockResolvedValue(
      jsonResponse(500, {
        status: 500,
        code: 'internal_error',
        message: 'Unexpected error',
        requestId: 'r1',
      }),
    );

    await chooseLanguage('uk');

    expect(changeCalls()).toHaveLength(1);
    expect(session.get()?.lang).toBe('de');
    expect(chosenLanguage()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(toast.error).toHaveBeenCalledWith(german['language.saveFailed']);
    expect(toast.error).not.toHaveBeenCalledWith(ukrainian['language.saveFailed']);
  });

  it('goes back when the server cannot be reached, and leaves no choice of its own on the device', async () => {
    session.set(makeUser({ lang: 'de' }));
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await chooseLanguage('uk');

    expect(chosenLanguage()).toBe('de');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(toast.error).toHaveBeenCalledWith(german['language.saveFailed']);
  });

  it('leaves a later choice alone when an earlier save fails after it', async () => {
    session.set(makeUser({ lang: 'de' }));
    let refuse!: () => void;
    fetchMock.mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          refuse = () =>
            resolve(jsonResponse(503, { status: 503, code: 'unavailable', message: 'x', requestId: 'r' }));
        }),
    );
    fetchMock.mockResolvedValue(jsonResponse(200, { message: 'Language changed' }));

    const first = chooseLanguage('uk');
    await vi.waitFor(() => expect(changeCalls()).toHaveLength(1));
    const second = chooseLanguage('fr');
    await second;
    refuse();
    await first;

    expect(session.get()?.lang).toBe('fr');
    expect(chosenLanguage()).toBe('fr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });

  it('a visitor’s choice is kept on the device and sent nowhere', async () => {
    await chooseLanguage('uk');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(chosenLanguage()).toBe('uk');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('uk');
  });
});

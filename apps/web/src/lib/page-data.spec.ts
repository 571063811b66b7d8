import { session } from './session';
import { makeUser, jsonResponse } from '../test/fixtures';
import { callApi, urlOf } from './api-client';
import { PAGE_DATA_CLASS, takePageData } from './page-data';
import { LANGUAGE_STORAGE_KEY } from './i18n/i18n';

vi.mock('./toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();

/** The block apps/api/src/middleware/web-app.ts puts in a page (its JSON with `<` escaped). */
function addBlock(key: string, value: unknown, lang?: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.className = PAGE_DATA_CLASS;
  block.setAttribute('data-key', key);
  if (lang) block.setAttribute('data-lang', lang);
  block.textContent = JSON.stringify(value).replace(/</g, '\\u003c');
  document.body.append(block);
}

const LESSON = { title: 'Pierwsza lekcja </script><b>', sentences: ['Dzień dobry!'] };
const LESSON_INPUT = { params: { hub: 'complete-beginner', slug: 'complete-beginner-1' } } as const;
const KEY = '/api/content/lessons/complete-beginner/complete-beginner-1';
const getLesson = () => callApi('content.lesson', LESSON_INPUT);
const getHubs = () => callApi('content.hubs');

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => jsonResponse(200, { from: 'network' }));
});
afterEach(() => {
  for (const b of Array.from(document.getElementsByClassName(PAGE_DATA_CLASS))) b.remove();
  vi.unstubAllGlobals();
});

describe('the data a page was sent with', () => {
  it("is keyed by the lesson's URL, as callApi asks for it", async () => {
    expect(await urlOf('content.lesson', LESSON_INPUT)).toBe(KEY);
  });

  it('is taken once, for its own API path only, and leaves the document', () => {
    addBlock(KEY, LESSON);
    expect(takePageData('/api/content/hubs')).toBeUndefined();
    expect(document.querySelector(`.${PAGE_DATA_CLASS}`)).not.toBeNull();
    expect(takePageData(KEY)).toEqual(LESSON);
    expect(document.querySelector(`.${PAGE_DATA_CLASS}`)).toBeNull();
    expect(takePageData(KEY)).toBeUndefined();
  });

  it("answers a visitor's first GET of that path without a request; the next GET asks the API", async () => {
    session.clear();
    addBlock(KEY, LESSON);
    await expect(getLesson()).resolves.toEqual(LESSON);
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(getLesson()).resolves.toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not used for a signed-in reader, whose answer differs (completion), nor for another path', async () => {
    addBlock(KEY, LESSON);
    await expect(getHubs()).resolves.toEqual({ from: 'network' });
    session.set(makeUser({ token: 'abc.def.ghi' }));
    await expect(getLesson()).resolves.toEqual({ from: 'network' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    session.clear();
  });

  it('may be several answers, each taken for its own path', () => {
    addBlock('/api/payments/config', { offer: 'one-time', testMode: true });
    addBlock(KEY, LESSON);
    expect(takePageData(KEY)).toEqual(LESSON);
    expect(takePageData('/api/payments/config')).toEqual({ offer: 'one-time', testMode: true });
    expect(document.querySelector(`.${PAGE_DATA_CLASS}`)).toBeNull();
  });

  it('is not used for a visitor who chose another language in the menu: the API is asked, in that language', async () => {
    session.clear();
    addBlock(KEY, { ...LESSON, lang: 'en' }, 'en');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    try {
      await expect(getLesson()).resolves.toEqual({ from: 'network' });
      const init = fetchMock.mock.calls[0][1]!;
      expect((init.headers as Record<string, string>)['Accept-Language']).toBe('de');
      // the block made for the browser's language is still there, for a reader of that language
      expect(takePageData(KEY, 'en')).toEqual({ ...LESSON, lang: 'en' });
    } finally {
      window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    }
  });

  it('is used for a visitor whose choice is the language it is in', async () => {
    session.clear();
    addBlock(KEY, { ...LESSON, lang: 'de' }, 'de');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    try {
      await expect(getLesson()).resolves.toEqual({ ...LESSON, lang: 'de' });
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    }
  });

  it('sends no Accept-Language of its own for a signed-in learner (the API reads their native language)', async () => {
    session.set(makeUser({ token: 'abc.def.ghi' }));
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    try {
      await getLesson();
      expect(
        (fetchMock.mock.calls[0][1]!.headers as Record<string, string>)['Accept-Language'],
      ).toBeUndefined();
    } finally {
      window.localStorage.removeItem(LANGUAGE_STORAGE_KEY);
      session.clear();
    }
  });

  it('is ignored when it cannot be read', async () => {
    session.clear();
    addBlock(KEY, LESSON);
    document.querySelector(`.${PAGE_DATA_CLASS}`)!.textContent = '{"broken';
    await expect(getLesson()).resolves.toEqual({ from: 'network' });
  });
});

import request from 'supertest';
import { DICTIONARY_MODE, ERROR_CODES, TRANSLATION_MESSAGES } from '@polski/contracts';
import { createTestApp, type TTestApp } from '../../../test/support/test-app';
import {
  deeplAnswer,
  googleAnswer,
  googleError,
  startFakeServer,
  type TFakeServer,
} from '../../../test/support/fake-translation-providers';
import { inDays, secondApp, signUp, withConfig } from '../../../test/support/translation-test-kit';
import { createContentModule } from '../content';
import { createTranslationModule, translationModule } from './index';
import { contentWithoutTranslation, UNTRANSLATED_LESSON } from '../../../test/support/content-languages';

const GOOGLE = '/api/Translation/translate';
const DEEPL = '/api/Translator/translate';

describe('translator API without provider keys (offline dictionary)', () => {
  let t: TTestApp;
  let premium: string;
  beforeAll(async () => {
    t = await createTestApp({ modules: [translationModule] });
    premium = (await signUp(t, { until: inDays(30) })).token;
  });
  afterAll(() => t.close());

  const post = (path: string, body: object, token?: string) => {
    const r = request(t.app).post(path);
    return (token ? r.set('Authorization', `Bearer ${token}`) : r).send(body);
  };

  it.each([GOOGLE, DEEPL])(
    '%s answers from the dictionary, saying so: provider "dictionary" and the dictionary-mode note (issue 13, item 10)',
    async (path) => {
      const res = await post(
        path,
        { inputText: '  kota ', sourceLanguage: 'pl', targetLanguage: 'en' },
        premium,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        translation: 'kota → kot (noun): cat; dust bunny; freshman',
        provider: 'dictionary',
        source: 'provider',
        note: 'Dictionary mode: word by word from an offline dictionary (the meanings of each word), not a translation of the whole text.',
      });
      expect(res.body.note).toBe(DICTIONARY_MODE.note);
    },
  );

  it('answers English -> Polish and says when a language has no data', async () => {
    const en = await post(DEEPL, { inputText: 'cat', sourceLanguage: 'en', targetLanguage: 'pl' }, premium);
    expect(en.body.translation).toBe('cat (noun): kot');
    const cs = await post(GOOGLE, { inputText: 'kot', sourceLanguage: 'pl', targetLanguage: 'cs' }, premium);
    expect(cs.status).toBe(200);
    expect(cs.body.translation).toBe('No offline dictionary for Polish → Czech yet.');
  });

  describe('premium only', () => {
    const body = { inputText: 'kot', sourceLanguage: 'pl', targetLanguage: 'en' };

    // dictionary mode answers what the public word checker's dictionary holds, but the whole-text answer stays
    // premium: nothing of it reaches a visitor or a member (the meanings of "kot" include "cat")
    it.each([GOOGLE, DEEPL])('%s: anonymous 401, with nothing of the answer', async (path) => {
      const res = await post(path, body);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe(ERROR_CODES.notSignedIn);
      expect(res.body).not.toHaveProperty('translation');
      expect(res.text).not.toContain('cat');
    });

    it.each([GOOGLE, DEEPL])(
      '%s: a Member gets 403 premium_required, with nothing of the answer',
      async (path) => {
        const { token } = await signUp(t);
        const res = await post(path, body, token);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({
          status: 403,
          code: 'premium_required',
          message: 'The translator is a Premium feature',
        });
        expect(res.body).not.toHaveProperty('translation');
        expect(res.text).not.toContain('cat');
      },
    );

    it('lets premium and lifetime premium through, and refuses premium that has ended', async () => {
      expect((await post(GOOGLE, body, premium)).status).toBe(200);
      const lifetime = await signUp(t, { lifetime: true });
      expect((await post(DEEPL, body, lifetime.token)).status).toBe(200);
      const expired = await signUp(t, { until: inDays(-1) });
      const res = await post(GOOGLE, body, expired.token);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('premium_required');
    });

    it('decides from the database on each request: a token issued while premium stops working when access ends', async () => {
      const user = await signUp(t, { until: inDays(1) });
      expect((await post(GOOGLE, body, user.token)).status).toBe(200);
      await t.database.db.user.update({ where: { id: user.id }, data: { premiumUntil: inDays(-0.001) } });
      expect((await post(GOOGLE, body, user.token)).status).toBe(403);
    });
  });

  describe('validation (400 with field errors)', () => {
    it.each([
      [{ sourceLanguage: 'pl', targetLanguage: 'pl' }, 'targetLanguage', TRANSLATION_MESSAGES.bothPolish],
      [{ sourceLanguage: 'en', targetLanguage: 'de' }, 'targetLanguage', TRANSLATION_MESSAGES.noPolish],
      [{ sourceLanguage: 'pl', targetLanguage: 'xx' }, 'targetLanguage', 'Unsupported language'],
      [{ sourceLanguage: 'klingon', targetLanguage: 'pl' }, 'sourceLanguage', 'Unsupported language'],
      [{ inputText: '' }, 'inputText', TRANSLATION_MESSAGES.emptyInput],
      [{ inputText: ' \n\t ' }, 'inputText', TRANSLATION_MESSAGES.emptyInput],
      [{ inputText: undefined }, 'inputText', TRANSLATION_MESSAGES.emptyInput],
      [{ inputText: 'a'.repeat(1001) }, 'inputText', TRANSLATION_MESSAGES.tooLong],
    ])('refuses %o', async (overrides, field, message) => {
      const res = await post(
        GOOGLE,
        { inputText: 'kot', sourceLanguage: 'pl', targetLanguage: 'en', ...overrides },
        premium,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors[field]).toEqual([message]);
      expect(res.body.status).toBe(400);
    });

    it('accepts exactly 1,000 characters (counted after trimming)', async () => {
      const res = await post(
        DEEPL,
        { inputText: `  ${'kot '.repeat(250).trim()}x  `, sourceLanguage: 'pl', targetLanguage: 'en' },
        premium,
      );
      expect(res.status).toBe(200);
    });
  });
});

describe('translator API with Google and DeepL configured (local fakes)', () => {
  let google: TFakeServer;
  let deepl: TFakeServer;
  let t: TTestApp;
  let premium: string;
  let factory: ReturnType<typeof withConfig>;
  // the repository's content, but Czech without its translation of one premium lesson
  const content = contentWithoutTranslation(UNTRANSLATED_LESSON.id);

  beforeAll(async () => {
    google = await startFakeServer(googleAnswer);
    deepl = await startFakeServer(deeplAnswer);
    factory = withConfig(createTranslationModule({ contentDir: content.dir }), {
      GOOGLE_TRANSLATE_API_KEY: 'g-key',
      GOOGLE_TRANSLATE_ENDPOINT: google.url,
      DEEPL_AUTH_KEY: 'd-key',
      DEEPL_SERVER_URL: deepl.url,
      TRANSLATION_TIMEOUT_MS: '400',
      TRANSLATION_RATE_LIMIT: '1000',
    });
    // with the content module: the translation memory answers from the catalogue it loads
    t = await createTestApp({ modules: [factory, createContentModule({ contentDir: content.dir })] });
    premium = (await signUp(t, { until: inDays(30) })).token;
  });
  afterAll(async () => {
    await t.close();
    await google.close();
    await deepl.close();
    content.remove();
  });
  beforeEach(() => {
    google.answer(googleAnswer);
    deepl.answer(deeplAnswer);
  });

  const post = (app: typeof t.app, path: string, body: object) =>
    request(app).post(path).set('Authorization', `Bearer ${premium}`).send(body);

  describe('translation memory: a sentence of our lessons answers with our reviewed translation', () => {
    it.each([GOOGLE, DEEPL])(
      '%s: Polish -> German from content/i18n, whatever the case, punctuation and spacing',
      async (path) => {
        deepl.requests.length = 0;
        google.requests.length = 0;
        const res = await post(t.app, path, {
          inputText: '  jestem   STUDENTKĄ ',
          sourceLanguage: 'pl',
          targetLanguage: 'de',
        });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          translation: 'Ich bin Studentin.',
          provider: path === GOOGLE ? 'google' : 'deepl',
          source: 'lessons',
        });
        expect([...deepl.requests, ...google.requests]).toHaveLength(0);
      },
    );

    it('answers English from the lesson itself, and the way back into Polish', async () => {
      const en = await post(t.app, DEEPL, {
        inputText: 'Zosia ma osiem lat',
        sourceLanguage: 'pl',
        targetLanguage: 'en',
      });
      expect(en.body).toMatchObject({ translation: 'Zosia is eight years old.', source: 'lessons' });
      const back = await post(t.app, DEEPL, {
        inputText: 'der kater heißt mruczek',
        sourceLanguage: 'de',
        targetLanguage: 'pl',
      });
      expect(back.body).toMatchObject({ translation: 'Kot nazywa się Mruczek.', source: 'lessons' });
    });

    it('asks the provider for anything else, and for a language without a reviewed translation', async () => {
      const other = await post(t.app, DEEPL, {
        inputText: 'Jestem studentką i lubię koty.',
        sourceLanguage: 'pl',
        targetLanguage: 'de',
      });
      expect(other.body).toEqual({
        translation: '[de] Jestem studentką i lubię koty.',
        provider: 'deepl',
        source: 'provider',
      });
      // a lesson's sentence in a language with no translation of that lesson (the reader is premium)
      const { lang } = content;
      const none = await post(t.app, DEEPL, {
        inputText: UNTRANSLATED_LESSON.firstSentence,
        sourceLanguage: 'pl',
        targetLanguage: lang,
      });
      expect(none.body).toEqual({
        translation: `[${lang}] ${UNTRANSLATED_LESSON.firstSentence}`,
        provider: 'deepl',
        source: 'provider',
      });
    });
  });

  it('each route answers from its provider with the mapped language codes', async () => {
    const g = await post(t.app, GOOGLE, {
      inputText: 'Dzień dobry',
      sourceLanguage: 'pl',
      targetLanguage: 'zh',
    });
    expect(g.status).toBe(200);
    expect(g.body).toEqual({ translation: '[zh-CN] Dzień dobry', provider: 'google', source: 'provider' });
    const d = await post(t.app, DEEPL, {
      inputText: 'Dzień dobry',
      sourceLanguage: 'pl',
      targetLanguage: 'pt',
    });
    expect(d.status).toBe(200);
    expect(d.body).toEqual({ translation: '[pt-BR] Dzień dobry', provider: 'deepl', source: 'provider' });
  });

  it('caches by provider, direction and normalized text: the second request makes no provider call', async () => {
    const text = `Ala ma kota ${Date.now()}`;
    const before = google.requests.length;
    const first = await post(t.app, GOOGLE, { inputText: text, sourceLanguage: 'pl', targetLanguage: 'en' });
    expect(first.body.translation).toBe(`[en] ${text}`);
    expect(google.requests.length).toBe(before + 1);
    // same text after trimming, collapsing whitespace and NFC: a hit
    const again = await post(t.app, GOOGLE, {
      inputText: `  ${text.replace(/ /g, ' \n ')} `,
      sourceLanguage: 'pl',
      targetLanguage: 'en',
    });
    expect(again.body).toEqual(first.body);
    expect(google.requests.length).toBe(before + 1);
    const row = await t.database.db.translationCache.findFirstOrThrow({ where: { normalizedText: text } });
    expect(row).toMatchObject({ provider: 'google', sourceLanguage: 'pl', targetLanguage: 'en', hits: 1 });

    // case is kept; another direction or provider is another entry
    await post(t.app, GOOGLE, { inputText: text.toUpperCase(), sourceLanguage: 'pl', targetLanguage: 'en' });
    await post(t.app, GOOGLE, { inputText: text, sourceLanguage: 'pl', targetLanguage: 'de' });
    expect(google.requests.length).toBe(before + 3);
    const deeplBefore = deepl.requests.length;
    await post(t.app, DEEPL, { inputText: text, sourceLanguage: 'pl', targetLanguage: 'en' });
    expect(deepl.requests.length).toBe(deeplBefore + 1);
  });

  it('shares the cache between two API processes on one database', async () => {
    const other = await secondApp(t, [factory]);
    const text = `Kot śpi ${Date.now()}`;
    const before = deepl.requests.length;
    expect(
      (await post(t.app, DEEPL, { inputText: text, sourceLanguage: 'pl', targetLanguage: 'en' })).status,
    ).toBe(200);
    const res = await post(other, DEEPL, { inputText: text, sourceLanguage: 'pl', targetLanguage: 'en' });
    expect(res.body).toEqual({ translation: `[en-US] ${text}`, provider: 'deepl', source: 'provider' });
    expect(deepl.requests.length).toBe(before + 1);
  });

  it('does not cache failures', async () => {
    const text = `retry me ${Date.now()}`;
    google.answer(() => ({ status: 500, json: { error: { code: 500, message: 'Backend Error' } } }));
    expect(
      (await post(t.app, GOOGLE, { inputText: text, sourceLanguage: 'en', targetLanguage: 'pl' })).status,
    ).toBe(502);
    google.answer(googleAnswer);
    const ok = await post(t.app, GOOGLE, { inputText: text, sourceLanguage: 'en', targetLanguage: 'pl' });
    expect(ok.body.translation).toBe(`[pl] ${text}`);
  });

  it.each([
    ['google 500', GOOGLE, 502, TRANSLATION_MESSAGES.providerFailed],
    ['deepl 500', DEEPL, 502, TRANSLATION_MESSAGES.providerFailed],
    ['google 403 dailyLimitExceeded', GOOGLE, 503, TRANSLATION_MESSAGES.quota],
    ['google 429', GOOGLE, 503, TRANSLATION_MESSAGES.quota],
    ['deepl 456', DEEPL, 503, TRANSLATION_MESSAGES.quota],
  ])('%s (%s) -> %d', async (name, path, status, message) => {
    const answer =
      name === 'google 500'
        ? { status: 500, json: { error: { code: 500, message: 'x' } } }
        : name === 'deepl 500'
          ? { status: 500, json: { message: 'x' } }
          : name === 'google 429'
            ? googleError(429, 'rateLimitExceeded')
            : name === 'deepl 456'
              ? { status: 456, json: { message: 'Quota Exceeded' } }
              : googleError(403, 'dailyLimitExceeded');
    google.answer(() => answer);
    deepl.answer(() => answer);
    const res = await post(t.app, path, {
      inputText: `${name} ${Date.now()}`,
      sourceLanguage: 'pl',
      targetLanguage: 'en',
    });
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    if (status === 503) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each([GOOGLE, DEEPL])('%s: a provider that never answers gives 503 within the timeout', async (path) => {
    google.answer(() => 'hang');
    deepl.answer(() => 'hang');
    const started = Date.now();
    const res = await post(t.app, path, {
      inputText: `hang ${Date.now()}`,
      sourceLanguage: 'pl',
      targetLanguage: 'en',
    });
    const took = Date.now() - started;
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('The translation service did not answer in time. Please try again.');
    expect(took).toBeGreaterThanOrEqual(350);
    expect(took).toBeLessThan(2000);
  });
});

describe('translation rate limit', () => {
  let t: TTestApp;
  let google: TFakeServer;
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  it('is per user and shared by two API processes on one database (PostgreSQL counters)', async () => {
    google = await startFakeServer(googleAnswer);
    const factory = withConfig(translationModule, {
      GOOGLE_TRANSLATE_API_KEY: 'g-key',
      GOOGLE_TRANSLATE_ENDPOINT: google.url,
      TRANSLATION_RATE_LIMIT: '3',
      TRANSLATION_RATE_WINDOW_SECONDS: '600',
    });
    t = await createTestApp({ modules: [factory] });
    const other = await secondApp(t, [factory]);
    const alice = await signUp(t, { until: inDays(30) });
    const bob = await signUp(t, { until: inDays(30) });
    const send = (app: typeof t.app, token: string, i: number) =>
      request(app)
        .post(GOOGLE)
        .set('Authorization', `Bearer ${token}`)
        .send({ inputText: `zdanie ${i}`, sourceLanguage: 'pl', targetLanguage: 'en' });

    expect((await send(t.app, alice.token, 1)).status).toBe(200);
    expect((await send(other, alice.token, 2)).status).toBe(200);
    expect((await send(t.app, alice.token, 3)).status).toBe(200);
    const limited = await send(other, alice.token, 4);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({
      code: ERROR_CODES.rateLimited,
      message: TRANSLATION_MESSAGES.tooManyRequests,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(500);
    expect((await send(t.app, alice.token, 5)).status).toBe(429);
    // another user has their own allowance
    expect((await send(other, bob.token, 1)).status).toBe(200);
  });
});

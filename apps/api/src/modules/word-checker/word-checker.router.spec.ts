import request from 'supertest';
import {
  TRANSLATION_MESSAGES,
  ZDictionaryLookupResponseSchema,
  ZWordCheckResponseSchema,
} from '@polski/contracts';
import { createTestApp, type TTestApp } from '../../../test/support/test-app';
import { secondApp, signUp, withConfig } from '../../../test/support/translation-test-kit';
import { TOO_MANY_CHECKS } from './word-checker.router';
import { wordCheckerModule } from './index';

describe('word checker API', () => {
  let t: TTestApp;
  let ip = 0;
  // every test from its own address, so the per-address limit of one test never touches another
  const from = () => `198.51.100.${++ip}`;
  const check = (body: object, token?: string) => {
    const r = request(t.app).post('/api/word-checker/check').set('X-Forwarded-For', from());
    return (token ? r.set('Authorization', `Bearer ${token}`) : r).send(body);
  };
  const word = async (text: string, lang?: string) => {
    const res = await check({ text, lang });
    expect(res.status).toBe(200);
    return res.body.words[0];
  };

  beforeAll(async () => {
    t = await createTestApp({ modules: [wordCheckerModule], env: { TRUST_PROXY: 'true' } });
    // the spelling list loads on first use in tests (milliseconds; ~10-15 s more if it has to be built first)
    expect((await check({ text: 'kot' })).status).toBe(200);
  }, 90_000);
  afterAll(() => t.close());

  it.each(['dziękuję', 'krzesło', 'szkoła', 'żółw', 'poszedłem', 'Warszawa', 'gżegżółka', 'psa'])(
    'accepts %s',
    async (w) => {
      expect(await word(w)).toMatchObject({ word: w, correct: true, suggestions: [] });
    },
  );

  it.each([
    ['dziekuje', 'dziękuję'],
    ['zolw', 'żółw'],
    ['szkola', 'szkoła'],
    ['krzeslo', 'krzesło'],
    ['Zolw', 'Żółw'],
    ['dzienkuje', 'dziękuje'],
    ['samochud', 'samochód'],
    ['ksiazka', 'książka'],
    ['zdzblo', 'źdźbło'],
  ])('flags %s and suggests %s first', async (typo, best) => {
    const res = await word(typo);
    expect(res.correct).toBe(false);
    expect(res.suggestions[0]).toBe(best);
    expect(res.suggestions.length).toBeLessThanOrEqual(5);
    expect(res.lemma).toBeUndefined();
  });

  it('offers nothing rather than nonsense for a word far from any Polish word', async () => {
    expect(await word('xyzzy')).toEqual({ word: 'xyzzy', correct: false, suggestions: [] });
  });

  it('gives the lemma and its meanings for an inflected word, in English by default', async () => {
    const res = await check({ text: 'kota' });
    expect(ZWordCheckResponseSchema.parse(res.body)).toEqual(res.body);
    expect(res.body).toEqual({
      lang: 'en',
      dictionaryAvailable: true,
      words: [
        {
          word: 'kota',
          correct: true,
          suggestions: [],
          lemma: 'kot',
          meanings: [{ pos: 'noun', senses: ['cat', 'dust bunny', 'freshman'] }],
        },
      ],
    });
    expect(await word('poszedłem')).toMatchObject({
      lemma: 'pójść',
      meanings: [{ pos: 'verb', senses: expect.arrayContaining(['go']) }],
    });
  });

  it("answers in the body's language, else the signed-in learner's native language", async () => {
    expect((await word('psa', 'de')).meanings).toEqual([{ pos: 'noun', senses: ['Hund'] }]);
    const { token } = await signUp(t, undefined, { lang: 'fr' });
    const res = await check({ text: 'psa' }, token);
    expect(res.body.lang).toBe('fr');
    expect(res.body.words[0].meanings[0].senses[0]).toMatch(/chien/);
    const de = await check({ text: 'psa', lang: 'de' }, token);
    expect(de.body.lang).toBe('de');
  });

  it('says when the language has no dictionary, still giving the lemma', async () => {
    const res = await check({ text: 'psa', lang: 'cs' });
    expect(res.body).toMatchObject({ lang: 'cs', dictionaryAvailable: false });
    expect(res.body.words[0]).toEqual({ word: 'psa', correct: true, suggestions: [], lemma: 'pies' });
  });

  it('checks each word of a short phrase', async () => {
    const res = await check({ text: 'Mam kota i zolwia.' });
    expect(res.body.words.map((w: { word: string; correct: boolean }) => [w.word, w.correct])).toEqual([
      ['Mam', true],
      ['kota', true],
      ['i', true],
      ['zolwia', false],
    ]);
    expect(res.body.words[3].suggestions[0]).toBe('żółwia');
  });

  it.each([
    [{ text: '' }, TRANSLATION_MESSAGES.emptyWord],
    [{ text: '   ' }, TRANSLATION_MESSAGES.emptyWord],
    [{}, TRANSLATION_MESSAGES.emptyWord],
    [{ text: 'a'.repeat(201) }, TRANSLATION_MESSAGES.wordTooLong],
  ])('refuses %o', async (body, message) => {
    const res = await check(body);
    expect(res.status).toBe(400);
    expect(res.body.errors.text).toEqual([message]);
  });

  it('refuses an unknown language', async () => {
    const res = await check({ text: 'kot', lang: 'xx' });
    expect(res.status).toBe(400);
    expect(res.body.errors.lang).toBeDefined();
  });

  describe('GET /api/dictionary/lookup', () => {
    const lookup = (query: Record<string, string>) =>
      request(t.app).get('/api/dictionary/lookup').set('X-Forwarded-For', from()).query(query);

    it('returns the entry of the dictionary form, with IPA', async () => {
      const res = await lookup({ word: 'psa', lang: 'en' });
      expect(res.status).toBe(200);
      expect(ZDictionaryLookupResponseSchema.parse(res.body)).toEqual(res.body);
      expect(res.body).toEqual({
        word: 'psa',
        lang: 'en',
        dictionaryAvailable: true,
        entries: [{ lemma: 'pies', pos: 'noun', senses: ['dog, hound'], ipa: 'pʲjɛs' }],
      });
    });

    it('defaults to English, answers other languages with the Polish IPA, and is empty for an unknown word', async () => {
      expect((await lookup({ word: 'Kot' })).body.entries[0]).toMatchObject({
        lemma: 'kot',
        senses: expect.arrayContaining(['cat']),
      });
      expect((await lookup({ word: 'kota', lang: 'de' })).body.entries).toEqual([
        { lemma: 'kot', pos: 'noun', senses: ['Katze, Kater'], ipa: 'kɔt' },
      ]);
      expect((await lookup({ word: 'qwzxv' })).body.entries).toEqual([]);
      expect((await lookup({ word: 'kot', lang: 'ko' })).body).toMatchObject({
        dictionaryAvailable: false,
        entries: [],
      });
    });

    it('requires a word', async () => {
      const res = await lookup({ lang: 'en' });
      expect(res.status).toBe(400);
      expect(res.body.errors.word).toEqual([TRANSLATION_MESSAGES.emptyWord]);
    });
  });

  it('limits each address, across API processes sharing the database', async () => {
    const factory = withConfig(wordCheckerModule, {
      WORD_CHECK_RATE_LIMIT: '3',
      WORD_CHECK_RATE_WINDOW_SECONDS: '60',
    });
    const a = await secondApp(t, [factory]);
    const b = await secondApp(t, [factory]);
    // secondApp does not trust X-Forwarded-For, so every request comes from the loopback address
    const send = (app: typeof a) => request(app).post('/api/word-checker/check').send({ text: 'kot' });
    expect((await send(a)).status).toBe(200);
    expect((await send(b)).status).toBe(200);
    expect((await send(a)).status).toBe(200);
    const limited = await send(b);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(TOO_MANY_CHECKS);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

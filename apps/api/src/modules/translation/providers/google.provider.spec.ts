import {
  googleAnswer,
  googleError,
  startFakeServer,
  type TFakeServer,
} from '../../../../test/support/fake-translation-providers';
import { GoogleTranslationProvider } from './google.provider';
import { TranslationProviderError } from './provider';

describe('Google Cloud Translation provider (v2 REST through @google-cloud/translate, against a local fake)', () => {
  let fake: TFakeServer;
  beforeAll(async () => {
    fake = await startFakeServer(googleAnswer);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.answer(googleAnswer);
  });

  const provider = () => new GoogleTranslationProvider({ apiKey: 'google-test-key', endpoint: fake.url });
  const signal = () => new AbortController().signal;

  it('posts the documented request with the API key and answers the translated text', async () => {
    const out = await provider().translate({ text: 'Mam kota', source: 'pl', target: 'en' }, signal());
    expect(out).toBe('[en] Mam kota');
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0];
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/language/translate/v2');
    expect(req.query.get('key')).toBe('google-test-key');
    expect(req.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(req.body)).toEqual({ q: ['Mam kota'], source: 'pl', target: 'en', format: 'text' });
  });

  it.each([
    ['zh', 'zh-CN'],
    ['nb', 'no'],
    ['pt', 'pt'],
    ['uk', 'uk'],
  ])('maps %s to Google code %s on either side', async (ours, google) => {
    await provider().translate({ text: 'kot', source: 'pl', target: ours as 'zh' }, signal());
    await provider().translate({ text: 'x', source: ours as 'zh', target: 'pl' }, signal());
    expect(JSON.parse(fake.requests[0].body).target).toBe(google);
    expect(JSON.parse(fake.requests[1].body).source).toBe(google);
  });

  it('reports a 500 as a provider failure, without retrying', async () => {
    fake.answer(() => ({ status: 500, json: { error: { code: 500, message: 'Backend Error' } } }));
    await expect(
      provider().translate({ text: 'kot', source: 'pl', target: 'en' }, signal()),
    ).rejects.toMatchObject({
      kind: 'failed',
    });
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    [403, 'dailyLimitExceeded'],
    [403, 'userRateLimitExceeded'],
    [429, 'rateLimitExceeded'],
  ])('reports %d %s as quota exhaustion', async (code, reason) => {
    fake.answer(() => googleError(code, reason));
    const e = await provider()
      .translate({ text: 'kot', source: 'pl', target: 'en' }, signal())
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TranslationProviderError);
    expect((e as TranslationProviderError).kind).toBe('quota');
  });

  it('reports a 403 for a bad key as a failure, not as quota', async () => {
    fake.answer(() => googleError(403, 'forbidden', 'The request is missing a valid API key.'));
    await expect(
      provider().translate({ text: 'kot', source: 'pl', target: 'en' }, signal()),
    ).rejects.toMatchObject({ kind: 'failed' });
  });

  it('stops waiting for a provider that never answers when the signal aborts', async () => {
    fake.answer(() => 'hang');
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 200);
    await expect(
      provider().translate({ text: 'kot', source: 'pl', target: 'en' }, controller.signal),
    ).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

import { NATIVE_LANGUAGE_CODES } from '@polski/contracts';
import {
  deeplAnswer,
  startFakeServer,
  type TFakeServer,
} from '../../../../test/support/fake-translation-providers';
import { DeeplTranslationProvider, deeplSource, deeplTarget } from './deepl.provider';

describe('DeepL provider (deepl-node against a local fake of the v2 API)', () => {
  let fake: TFakeServer;
  beforeAll(async () => {
    fake = await startFakeServer(deeplAnswer);
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.answer(deeplAnswer);
  });

  const provider = (timeoutMs = 2000) =>
    new DeeplTranslationProvider({ authKey: 'deepl-test-key', serverUrl: fake.url, timeoutMs });
  const signal = () => new AbortController().signal;

  it('posts the form to /v2/translate with the DeepL-Auth-Key header and answers the text', async () => {
    const out = await provider().translate({ text: 'Mam kota', source: 'pl', target: 'de' }, signal());
    expect(out).toBe('[de] Mam kota');
    expect(fake.requests).toHaveLength(1);
    const req = fake.requests[0];
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v2/translate');
    expect(req.headers.authorization).toBe('DeepL-Auth-Key deepl-test-key');
    expect(req.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
    const form = new URLSearchParams(req.body);
    expect(form.getAll('text')).toEqual(['Mam kota']);
    expect(form.get('source_lang')).toBe('pl');
    expect(form.get('target_lang')).toBe('de');
  });

  it.each([
    ['en', 'en-US'],
    ['pt', 'pt-BR'],
    ['zh', 'zh-HANS'],
    ['nb', 'nb'],
    ['ar', 'ar'],
  ])('sends target %s as %s', async (ours, theirs) => {
    await provider().translate({ text: 'kot', source: 'pl', target: ours as 'en' }, signal());
    expect(new URLSearchParams(fake.requests[0].body).get('target_lang')?.toLowerCase()).toBe(
      theirs.toLowerCase(),
    );
  });

  it('sends source codes without a variant (en, pt, zh) when translating into Polish', async () => {
    for (const code of ['en', 'pt', 'zh'] as const)
      await provider().translate({ text: 'x', source: code, target: 'pl' }, signal());
    expect(fake.requests.map((r) => new URLSearchParams(r.body).get('source_lang'))).toEqual([
      'en',
      'pt',
      'zh',
    ]);
    expect(fake.requests.map((r) => new URLSearchParams(r.body).get('target_lang'))).toEqual([
      'pl',
      'pl',
      'pl',
    ]);
  });

  it('knows every native language on both sides (checked against deepl-node types at compile time)', () => {
    for (const code of NATIVE_LANGUAGE_CODES) {
      expect(deeplSource(code)).toBeDefined();
      expect(deeplTarget(code)).toBeDefined();
    }
    expect(deeplTarget('xx')).toBeUndefined();
  });

  it('refuses a language DeepL does not have, before any request', async () => {
    const e = await provider()
      .translate({ text: 'x', source: 'pl', target: 'xx' as 'en' }, signal())
      .catch((x: unknown) => x);
    expect(e).toMatchObject({ kind: 'unsupported_language', field: 'targetLanguage' });
    expect(fake.requests).toHaveLength(0);
  });

  it('reports a 500 as a failure and 456 as quota exhaustion, without retrying', async () => {
    fake.answer(() => ({ status: 500, json: { message: 'Internal error' } }));
    await expect(
      provider().translate({ text: 'kot', source: 'pl', target: 'en' }, signal()),
    ).rejects.toMatchObject({ kind: 'failed' });
    expect(fake.requests).toHaveLength(1);
    fake.answer(() => ({ status: 456, json: { message: 'Quota Exceeded' } }));
    await expect(
      provider().translate({ text: 'kot', source: 'pl', target: 'en' }, signal()),
    ).rejects.toMatchObject({ kind: 'quota' });
    fake.answer(() => ({ status: 429, json: { message: 'Too many requests' } }));
    await expect(
      provider().translate({ text: 'kot', source: 'pl', target: 'en' }, signal()),
    ).rejects.toMatchObject({ kind: 'quota' });
  });

  it('times out on a server that never answers, by its own socket timeout or by the signal', async () => {
    fake.answer(() => 'hang');
    let started = Date.now();
    await expect(
      provider(300).translate({ text: 'kot', source: 'pl', target: 'en' }, signal()),
    ).rejects.toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    started = Date.now();
    await expect(
      provider(10_000).translate({ text: 'kot', source: 'pl', target: 'en' }, controller.signal),
    ).rejects.toMatchObject({
      kind: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(1500);
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { sharedCatalogue } from '../../apps/api/src/modules/content/catalogue';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { i18nFilePath } from '../../apps/api/src/modules/content/i18n';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { DeeplTranslationProvider } from '../../apps/api/src/modules/translation/providers/deepl.provider';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { GoogleTranslationProvider } from '../../apps/api/src/modules/translation/providers/google.provider';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the API's local fakes of the providers, by path
import {
  deeplAnswer,
  googleAnswer,
  googleError,
  startFakeServer,
  type TFakeServer,
} from '../../apps/api/test/support/fake-translation-providers';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import type { TBatchTranslationProvider } from '../../apps/api/src/modules/translation/providers/provider';
import { readI18nFile } from './files';
import { sourceOf, translateContent } from './translate';

const content = resolve(__dirname, '../../content');
const catalogue = sharedCatalogue(content);
const CB1 = 'lessons/complete-beginner/complete-beginner-1';
const CB2 = 'lessons/complete-beginner/complete-beginner-2';
const BLOG = 'blog/the-7-polish-cases-explained';

describe('npm run content:translate (against the local fakes of DeepL and Google)', () => {
  let dir: string;
  let deepl: TFakeServer;
  let google: TFakeServer;
  const quiet = () => undefined;
  beforeAll(async () => {
    deepl = await startFakeServer(deeplAnswer);
    google = await startFakeServer(googleAnswer);
  });
  afterAll(async () => {
    await deepl.close();
    await google.close();
  });
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'content-translate-'));
    cpSync(join(content, 'i18n'), join(dir, 'i18n'), { recursive: true });
    symlinkSync(join(content, 'lessons'), join(dir, 'lessons'));
    // the files these tests fill, untranslated whatever the German of the content has reached
    for (const id of [CB2, BLOG]) rmSync(i18nFilePath(dir, 'de', id), { force: true });
    deepl.requests.length = 0;
    google.requests.length = 0;
    deepl.answer(deeplAnswer);
    google.answer(googleAnswer);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const deeplProvider = () =>
    new DeeplTranslationProvider({ authKey: 'k', serverUrl: deepl.url, timeoutMs: 5000 });
  const run = (only: string, provider: TBatchTranslationProvider = deeplProvider(), batchSize = 20) =>
    translateContent({
      catalogue,
      contentDir: dir,
      langs: ['de'],
      provider,
      only,
      batchSize,
      backoffMs: 1,
      log: quiet,
    });

  it('fills every missing text of a file in batches, marked machine, Polish sentences from the Polish', async () => {
    const units = catalogue.units(CB2)!;
    const result = await run(CB2);
    expect(result).toEqual({ translated: units.length, files: 1, requests: expect.any(Number) });
    const fromPl = units.filter((u) => sourceOf(u).lang === 'pl').length;
    expect(result.requests).toBe(Math.ceil(fromPl / 20) + Math.ceil((units.length - fromPl) / 20));
    expect(deepl.requests.every((r) => new URLSearchParams(r.body).getAll('text').length <= 20)).toBe(true);
    const file = readI18nFile(i18nFilePath(dir, 'de', CB2))!;
    const first = catalogue.lesson('complete-beginner', 'complete-beginner-2')!.paragraphs[0].sentences[0];
    expect(file.entries['p0.s0']).toMatchObject({
      status: 'machine',
      text: `[de] ${first.pl}`,
      pl: first.pl,
    });
    expect(file.entries['summary'].text).toBe(`[de] ${units.find((u) => u.key === 'summary')!.en}`);
    expect(Object.values(file.entries).every((e) => e.status === 'machine' && e.text)).toBe(true);
  });

  it('never touches a reviewed file, and only fills what is missing', async () => {
    const before = readFileSync(i18nFilePath(dir, 'de', CB1), 'utf8');
    const result = await run(CB1);
    expect(result.translated).toBe(0);
    expect(deepl.requests).toHaveLength(0);
    expect(readFileSync(i18nFilePath(dir, 'de', CB1), 'utf8')).toBe(before);
  });

  it('retries a 429 and a 5xx with backoff, then succeeds', async () => {
    let calls = 0;
    deepl.answer((req) => {
      calls += 1;
      if (calls === 1) return { status: 429, json: { message: 'Too many requests' } };
      if (calls === 2) return { status: 503, json: { message: 'Service unavailable' } };
      return deeplAnswer(req);
    });
    const result = await run(BLOG);
    expect(result.translated).toBe(2);
    expect(calls).toBe(3);
    expect(readI18nFile(i18nFilePath(dir, 'de', BLOG))!.entries['title'].status).toBe('machine');
  });

  it('stops on an exhausted quota without writing the file', async () => {
    deepl.answer(() => ({ status: 456, json: { message: 'Quota exceeded' } }));
    // the file as it was before the run (the skeleton, when the language has one), or none
    const file = i18nFilePath(dir, 'de', BLOG);
    const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    await expect(run(BLOG)).rejects.toThrow(/quota/i);
    expect(deepl.requests).toHaveLength(1);
    expect(existsSync(file) ? readFileSync(file, 'utf8') : undefined).toBe(before);
  });

  it('translates through Google Cloud Translation too, retrying its 429', async () => {
    let calls = 0;
    google.answer((req) => (++calls === 1 ? googleError(429, 'rateLimitExceeded') : googleAnswer(req)));
    const provider = new GoogleTranslationProvider({ apiKey: 'g', endpoint: google.url });
    const result = await run(BLOG, provider);
    expect(result.translated).toBe(2);
    const file = readI18nFile(i18nFilePath(dir, 'de', BLOG))!;
    expect(file.entries['title']).toMatchObject({
      status: 'machine',
      text: expect.stringMatching(/^\[de\] /),
    });
    expect(JSON.parse(google.requests[1].body).q).toHaveLength(2);
  });
});

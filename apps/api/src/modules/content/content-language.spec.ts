import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { parse, stringify } from 'yaml';
import {
  ZHubLessonsResponseSchema,
  ZLessonResponseSchema,
  ZPodcastEpisodeResponseSchema,
  ZPodcastListResponseSchema,
  ZBlogListResponseSchema,
  ZBlogPostResponseSchema,
  type TI18nFile,
  type TLessonResponse,
} from '@polski/contracts';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { workspacePath } from '../../lib/paths';
import { createTestApp, type TTestApp } from '../../../test/support/test-app';
import { loadCatalogue } from './catalogue';
import { createContentModule } from './index';

/**
 * The lesson, hub list and podcast episode in the reader's language (docs/api.md, "Language of the content"), on
 * the repository's content with one German translation removed (complete-beginner-1, p0.s1), so that both a
 * complete and a partial translation are served, and the German of one lesson emptied (nocny-pociag).
 */
const real = workspacePath('content');
const dir = mkdtempSync(join(tmpdir(), 'content-language-'));
for (const sub of ['lessons', 'grammar', 'podcast', 'blog', 'annotations', 'lexicon']) symlinkSync(join(real, sub), join(dir, sub));
cpSync(join(real, 'i18n'), join(dir, 'i18n'), { recursive: true });
// and one language with no translations at all (every language has the free lessons in the repository)
const NO_CONTENT = 'lv';
rmSync(join(dir, 'i18n', NO_CONTENT), { recursive: true, force: true });
const languagesFile = join(dir, 'i18n', 'languages.yaml');
const languages = parse(readFileSync(languagesFile, 'utf8')) as Record<string, unknown>;
delete languages[NO_CONTENT];
writeFileSync(languagesFile, stringify(languages));
const CB1_DE = join(dir, 'i18n/de/lessons/complete-beginner/complete-beginner-1.yaml');
const cb1 = parse(readFileSync(CB1_DE, 'utf8')) as TI18nFile;
cb1.entries['p0.s1'] = { ...cb1.entries['p0.s1'], text: '', status: 'missing' };
writeFileSync(CB1_DE, stringify(cb1));
// and one free lesson with no German at all (every free lesson has its German in the repository)
const NIGHT_TRAIN_DE = join(dir, 'i18n/de/lessons/short-stories/nocny-pociag.yaml');
const nightTrain = parse(readFileSync(NIGHT_TRAIN_DE, 'utf8')) as TI18nFile;
for (const [key, entry] of Object.entries(nightTrain.entries))
  nightTrain.entries[key] = { ...entry, text: '', status: 'missing' };
writeFileSync(NIGHT_TRAIN_DE, stringify(nightTrain));
// and Complete Beginner's second lesson without its German file (German has all of Complete Beginner now)
rmSync(join(dir, 'i18n/de/lessons/complete-beginner/complete-beginner-2.yaml'));
const de = (id: string) => (parse(readFileSync(join(real, 'i18n/de', `${id}.yaml`), 'utf8')) as TI18nFile).entries;

const catalogue = loadCatalogue(real);
const CB1 = '/api/content/lessons/complete-beginner/complete-beginner-1';
const MOON1 = '/api/content/lessons/beginner-moon-story/moon-1';

describe('content in the reader’s language', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ modules: [createContentModule({ contentDir: dir })] });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = (path: string) => request(t.app).get(path);

  it('answers a visitor whose browser asks for German in German, English where a text is missing, naming it', async () => {
    const res = await get(CB1).set('Accept-Language', 'de-DE,de;q=0.9,en;q=0.8');
    expect(res.status).toBe(200);
    const body = res.body as TLessonResponse;
    expect(ZLessonResponseSchema.parse(body)).toEqual(body);
    expect(body.lang).toBe('de');
    expect(body.fallback).toEqual(['p0.s1']);
    const t0 = de('lessons/complete-beginner/complete-beginner-1');
    expect(body.titleEn).toBe('Hallo, ich bin Ania');
    expect(body.summary).toBe(t0['summary'].text);
    expect(body.paragraphs[0].sentences.map((s) => s.en)).toEqual([
      'Hallo! Ich bin Ania.',
      "I'm a student.",
      'Das ist eine Sprachschule in Krakau.',
      'Heute bin ich zum ersten Mal hier.',
    ]);
    // the Polish is the Polish
    expect(body.paragraphs[0].sentences[1].pl).toBe('Jestem studentką.');
    expect(body.vocabulary.find((v) => v.pl === 'nauczycielka')?.en).toBe('Lehrerin');
    expect(body.questions[0].questionEn).toBe('Wo ist die Sprachschule?');
    const note = body.grammar![0];
    expect(note.title).toBe('Das Verb być (sein) im Präsens');
    expect(note.table.columns).toEqual(['Person', 'Singular', 'Plural']);
    expect(note.table.rows[0][0]).toBe('1. Person');
    expect(note.examples[0].en).toMatch(/^jestem: „ich bin“/);
    const ann = body.annotations!;
    expect(ann.lexemes.find((l) => l.lemma === 'studentka')?.meaning).toBe('Studentin');
    expect(ann.phrases.find((p) => p.text === 'miło mi')?.meaning).toBe('freut mich');
    // a contextual meaning of one token: "pani" as "Ms" before a name
    expect(ann.blocks.flat().filter((b) => b.meaning).map((b) => b.meaning)).toContain('Frau (vor dem Namen)');
    expect(res.headers.vary).toMatch(/Accept-Language/);
    expect(res.headers['cache-control']).toMatch(/^public/);
  });

  it('answers ?lang=de with the same bytes as the browser’s German, and a complete translation without fallback', async () => {
    const byHeader = await get(MOON1).set('Accept-Language', 'de');
    const byQuery = await get(`${MOON1}?lang=de`);
    expect(byQuery.status).toBe(200);
    expect(byQuery.text).toBe(byHeader.text);
    expect(byQuery.headers.etag).toBe(byHeader.headers.etag);
    expect(byQuery.body.lang).toBe('de');
    expect(byQuery.body.fallback).toBeUndefined();
    expect(byQuery.body.paragraphs[2].sentences[3].en).toBe('Spricht da etwa der Mond?');
    expect(byQuery.body.grammar[0].explanation).toMatch(/^Wie das Deutsche hat das Polnische nur ein Präsens/);
  });

  it('answers English, marked en, to a language without translations, and by default', async () => {
    const english = await get(CB1);
    // a language no content is translated into yet
    const untranslated = await get(CB1).set('Accept-Language', `${NO_CONTENT}-XX`);
    const german = await get(CB1).set('Accept-Language', 'de');
    expect(english.body.lang).toBe('en');
    expect(english.body.fallback).toBeUndefined();
    expect(untranslated.text).toBe(english.text);
    expect(german.headers.etag).not.toBe(english.headers.etag);
    const l = catalogue.lesson('complete-beginner', 'complete-beginner-1')!;
    expect(english.body.paragraphs[0].sentences[0].en).toBe(l.paragraphs[0].sentences[0].en);
    // a lesson without any German is English for a German reader too
    const other = await get('/api/content/lessons/short-stories/nocny-pociag').set('Accept-Language', 'de');
    expect(other.body.lang).toBe('en');
  });

  it('refuses a lang that is not one of the native languages', async () => {
    const res = await get(`${CB1}?lang=xx`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_failed');
  });

  it('answers a signed-in learner in their native language, whatever the browser says', async () => {
    const reg = await request(t.app).post('/api/account/register').send(makeRegisterRequest({ lang: 'de' }));
    expect(reg.status).toBe(201);
    const res = await get(MOON1).set('Authorization', `Bearer ${reg.body.token}`).set('Accept-Language', 'en');
    expect(res.status).toBe(200);
    expect(res.body.lang).toBe('de');
    expect(res.body.titleEn).toBe('Der Mond – Teil 1: Gute Nacht, Mond');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const hub = await get('/api/content/hubs/beginner-moon-story').set('Authorization', `Bearer ${reg.body.token}`);
    expect(hub.body.lessons[0]).toMatchObject({ lang: 'de', titleEn: 'Der Mond – Teil 1: Gute Nacht, Mond' });
  });

  it('lists a hub’s lessons with each title and summary in the reader’s language where translated', async () => {
    const res = await get('/api/content/hubs/complete-beginner').set('Accept-Language', 'de');
    expect(res.status).toBe(200);
    expect(ZHubLessonsResponseSchema.parse(res.body)).toEqual(res.body);
    const [first, second] = res.body.lessons;
    expect(first).toMatchObject({ lang: 'de', titleEn: 'Hallo, ich bin Ania' });
    expect(first.summary).toMatch(/^Ania fängt an einer Sprachschule/);
    expect(first.fallback).toBeUndefined();
    const l2 = catalogue.lesson('complete-beginner', 'complete-beginner-2')!;
    expect(second).toMatchObject({ lang: 'en', titleEn: l2.titleEn, summary: l2.summary });
    const english = await get('/api/content/hubs/complete-beginner');
    expect(english.body.lessons[0]).toMatchObject({ lang: 'en', titleEn: "Hi, I'm Ania" });
  });

  it('lists the podcast and the blog with titles and descriptions in the reader’s language; a post’s body stays English', async () => {
    const episodes = await get('/api/content/podcast').set('Accept-Language', 'de');
    expect(episodes.status).toBe(200);
    expect(ZPodcastListResponseSchema.parse(episodes.body)).toEqual(episodes.body);
    expect(episodes.headers.vary).toMatch(/Accept-Language/);
    for (const e of episodes.body) {
      const german = de(`podcast/${e.slug}`);
      expect(e).toMatchObject({ lang: 'de', title: german.title.text, description: german.description.text });
    }
    const posts = await get('/api/content/blog?lang=de');
    expect(ZBlogListResponseSchema.parse(posts.body)).toEqual(posts.body);
    for (const p of posts.body) expect(p).toMatchObject({ lang: 'de', title: de(`blog/${p.slug}`).title.text });
    const slug = posts.body[0].slug as string;
    const post = await get(`/api/content/blog/${slug}`).set('Accept-Language', 'de-DE,de;q=0.9');
    expect(ZBlogPostResponseSchema.parse(post.body)).toEqual(post.body);
    const english = await get(`/api/content/blog/${slug}`);
    expect(post.body).toMatchObject({
      lang: 'de',
      title: de(`blog/${slug}`).title.text,
      description: de(`blog/${slug}`).description.text,
      bodyHtml: english.body.bodyHtml,
    });
    expect(english.body).toMatchObject({ lang: 'en', title: catalogue.post(slug)!.data.title });
    // a language without translations answers English, and a lang outside the list is refused
    expect((await get('/api/content/podcast').set('Accept-Language', NO_CONTENT)).body[0].lang).toBe('en');
    expect((await get('/api/content/blog?lang=xx')).status).toBe(400);
  });

  it('gives a premium lesson’s teaser its title in the reader’s language, and nothing more of the lesson', async () => {
    const locked = catalogue.allLessons().find((l) => l.premium && l.slug !== 'complete-beginner-2')!;
    const url = `/api/content/lessons/${locked.hub}/${locked.slug}`;
    const res = await get(url).set('Accept-Language', 'de');
    expect(res.status).toBe(403);
    const german = de(`lessons/${locked.hub}/${locked.slug}`);
    expect(res.body.teaser).toMatchObject({ title: locked.title, titleEn: german.title.text });
    expect(res.body.teaser.titleEn).not.toBe(locked.titleEn);
    expect(res.headers.vary).toMatch(/Accept-Language/);
    expect(JSON.stringify(res.body)).not.toContain(german['p1.s0'].text);
    expect((await get(url)).body.teaser.titleEn).toBe(locked.titleEn);
  });

  it('answers a podcast episode without translations in English, marked en', async () => {
    const slug = catalogue.podcast[0].data.slug;
    // a language without translations (in German episodes have a few word meanings)
    const res = await get(`/api/content/podcast/${slug}`).set('Accept-Language', NO_CONTENT);
    expect(res.status).toBe(200);
    expect(ZPodcastEpisodeResponseSchema.parse(res.body)).toEqual(res.body);
    expect(res.body.lang).toBe('en');
  });

  it('keeps a lesson in one language no larger than the English one by more than its translations', async () => {
    const english = await get(MOON1);
    const german = await get(MOON1).set('Accept-Language', 'de');
    const grow = german.text.length / english.text.length;
    // German runs longer than English; the answer carries one language only, so it stays about the same size
    console.log(`moon-1 answer: English ${english.text.length} B, German ${german.text.length} B (x${grow.toFixed(2)})`);
    expect(grow).toBeLessThan(1.15);
  });
});

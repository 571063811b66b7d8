import request from 'supertest';
import {
  HUBS,
  ROLES,
  ZBlogListResponseSchema,
  ZBlogPostResponseSchema,
  ZHubLessonsResponseSchema,
  ZHubListResponseSchema,
  ZLessonResponseSchema,
  ZPodcastEpisodeResponseSchema,
  ZPodcastListResponseSchema,
  ZPremiumRequiredResponseSchema,
  ZProgressListResponseSchema,
  tokenize,
  type TLessonFile,
} from '@polski/contracts';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { workspacePath } from '../../lib/paths';
import { createTestApp, TestClock, type TTestApp } from '../../../test/support/test-app';
import { loadCatalogue } from './catalogue';
import { contentModule } from './index';

const PUBLIC = 'public, max-age=300, stale-while-revalidate=3600';
const PRIVATE = 'private, no-store';
const DAY = 24 * 3600 * 1000;

describe('content API', () => {
  let t: TTestApp;
  const clock = new TestClock(new Date('2026-03-01T12:00:00Z'));
  const catalogue = loadCatalogue(workspacePath('content'));
  const lesson = (hub: string, slug: string) => catalogue.lesson(hub, slug)!;
  const FREE = lesson('complete-beginner', 'complete-beginner-1');
  const PREMIUM = lesson('complete-beginner', 'complete-beginner-2');
  /** The lesson as the API serves it: sentences without the file's `words:` choices, with its annotations. */
  /** A lesson as its answer carries it: no word choices, its annotations, its grammar notes resolved. */
  const served = (l: TLessonFile) => ({
    ...l,
    paragraphs: l.paragraphs.map((p) => ({ sentences: p.sentences.map(({ words: _w, ...rest }) => rest) })),
    annotations: catalogue.lessonAnnotations(l),
    grammar: catalogue.grammarNotes(l),
    // in English: no Accept-Language, no native language (content-language.spec.ts covers the others)
    lang: 'en',
  });

  beforeAll(async () => {
    t = await createTestApp({ clock, modules: [contentModule] });
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const get = (path: string, token?: string) => {
    const r = request(t.app).get(path);
    return token ? r.set('Authorization', `Bearer ${token}`) : r;
  };

  /** A Member signed up through the API; `premium` grants the role and an access period directly in the database. */
  async function signUp(premium?: { until?: Date; lifetime?: boolean }): Promise<{ token: string; id: string }> {
    const body = makeRegisterRequest();
    const res = await request(t.app).post('/api/account/register').send(body);
    expect(res.status).toBe(201);
    const user = await db().user.findUniqueOrThrow({ where: { emailKey: body.email.toLowerCase() } });
    if (premium) {
      const role = await db().role.findUniqueOrThrow({ where: { name: ROLES.premium } });
      await db().userRole.create({ data: { userId: user.id, roleId: role.id } });
      await db().user.update({
        where: { id: user.id },
        data: { premiumUntil: premium.until ?? null, premiumLifetime: premium.lifetime ?? false },
      });
    }
    return { token: res.body.token, id: user.id };
  }

  describe('GET /api/content/hubs', () => {
    it('lists the 9 hubs in the spec order with counts, publicly cacheable', async () => {
      const res = await get('/api/content/hubs');
      expect(res.status).toBe(200);
      expect(ZHubListResponseSchema.parse(res.body)).toEqual(res.body);
      expect(res.body.map((h: { id: string }) => h.id)).toEqual(HUBS.map((h) => h.id));
      expect(res.body[0]).toEqual({
        id: 'complete-beginner',
        title: 'Complete Beginner',
        level: 'A1-A2',
        path: '/learn-polish/complete-beginner',
        lessonCount: 20,
        freeCount: 1,
        // no audio rendered in the test's media folder (docs/product.md, "Honest claims")
        audio: { lessons: 20, ready: 0, recording: 0, neural: 0, synthetic: 0 },
      });
      expect(res.headers['cache-control']).toBe(PUBLIC);
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
    });

    it('answers 304 to a matching If-None-Match', async () => {
      const first = await get('/api/content/hubs');
      const again = await get('/api/content/hubs').set('If-None-Match', first.headers.etag);
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
    });
  });

  describe('GET /api/content/hubs/:hub', () => {
    it('lists the lessons in order with path and premium flag; anonymous: public, not completed', async () => {
      const res = await get('/api/content/hubs/mini-stories');
      expect(res.status).toBe(200);
      expect(ZHubLessonsResponseSchema.parse(res.body)).toEqual(res.body);
      expect(res.body.hub.id).toBe('mini-stories');
      expect(res.body.lessons).toHaveLength(10);
      expect(res.body.lessons.map((l: { order: number }) => l.order)).toEqual([...res.body.lessons.map((l: { order: number }) => l.order)].sort((a, b) => a - b));
      for (const l of res.body.lessons) {
        expect(l.path).toBe(`/beginner/${l.slug}`);
        expect(l.completed).toBe(false);
        expect(l).not.toHaveProperty('paragraphs');
      }
      expect(res.body.lessons.filter((l: { premium: boolean }) => !l.premium)).toHaveLength(3);
      expect(res.headers['cache-control']).toBe(PUBLIC);
      expect(res.headers.vary).toMatch(/Authorization/);
      expect(res.headers.etag).toBeDefined();
    });

    it('answers 404 in the error envelope for an unknown hub', async () => {
      const res = await get('/api/content/hubs/advanced-klingon');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: 404, code: 'not_found', message: 'No hub "advanced-klingon"', requestId: expect.any(String) });
    });
  });

  describe('GET /api/content/lessons/:hub/:slug', () => {
    it('gives a free lesson in full to anyone, with neighbours, publicly cacheable', async () => {
      const res = await get('/api/content/lessons/complete-beginner/complete-beginner-1');
      expect(res.status).toBe(200);
      expect(ZLessonResponseSchema.parse(res.body)).toEqual(res.body);
      expect(res.body).toEqual({
        ...served(FREE),
        path: '/complete-beginner/complete-beginner-1',
        prev: null,
        next: { slug: 'complete-beginner-2', title: PREMIUM.title, path: '/complete-beginner/complete-beginner-2', premium: true },
        completed: false,
        media: { status: 'preparing', source: 'synthetic', voiceLabel: 'Synthetic voice (eSpeak NG)', provider: 'espeak', tracks: [] },
      });
      expect(res.headers['cache-control']).toBe(PUBLIC);
      expect(res.headers.vary).toMatch(/Authorization/);
      const again = await get('/api/content/lessons/complete-beginner/complete-beginner-1').set('If-None-Match', res.headers.etag);
      expect(again.status).toBe(304);
    });

    it("carries the word annotations of a free lesson: one per token of every sentence, each token's lexeme there", async () => {
      const res = await get('/api/content/lessons/complete-beginner/complete-beginner-1');
      const a = ZLessonResponseSchema.parse(res.body).annotations!;
      expect(a).toEqual(catalogue.lessonAnnotations(FREE));
      const sentences = FREE.paragraphs.flatMap((p) => p.sentences);
      expect(a.blocks.map((b) => b.length)).toEqual(sentences.map((s) => tokenize(s.pl).length));
      const lemma = (i: number, j: number) => a.lexemes[a.blocks[i][j].lexeme];
      // "Cześć! Jestem Ania.": Ania is a name; "Mnie też miło.": the choice in the lesson makes mnie a dative
      expect(lemma(0, 2)).toMatchObject({ lemma: 'Ania', pos: 'name', kind: 'person' });
      expect(a.blocks[0][1].form).toBe('1st person singular, present tense, imperfective, of być');
      const mnie = sentences.findIndex((s) => s.pl === 'Mnie też miło.');
      expect(a.blocks[mnie][0]).toMatchObject({ form: 'dative singular of ja', tag: expect.stringMatching(/^ppron12:sg:dat/) });
      // the sentences' word choices are for the annotator only (a word-order exercise has words of its own)
      expect(JSON.stringify(res.body.paragraphs)).not.toContain('"words"');
      expect(a.lexemes.filter((x) => x.pos === 'noun').every((x) => x.gender)).toBe(true);
    });

    it('annotates every lesson of the catalogue (no annotation file missing or out of date)', () => {
      expect(catalogue.annotationProblems).toEqual([]);
      for (const l of catalogue.allLessons()) expect(catalogue.lessonAnnotations(l)).toBeDefined();
    });

    it('carries the free lesson’s grammar notes, resolved: topic text and table, examples located in the text', async () => {
      const res = await get('/api/content/lessons/complete-beginner/complete-beginner-1');
      expect(res.status).toBe(200);
      const topic = catalogue.grammarTopics.get('byc-present')!;
      expect(res.body.grammar).toHaveLength(1);
      const [note] = ZLessonResponseSchema.parse(res.body).grammar!;
      expect(note).toMatchObject({ topic: 'byc-present', title: topic.title, explanation: topic.explanation, table: topic.table });
      expect(note.examples.length).toBeGreaterThanOrEqual(2);
      expect(note.examples[0]).toEqual({
        paragraph: 0,
        sentence: 0,
        word: 'Jestem',
        start: 7,
        end: 13,
        en: FREE.grammar![0].examples[0].en,
      });
      for (const ex of note.examples) {
        expect(FREE.paragraphs[ex.paragraph].sentences[ex.sentence].pl.slice(ex.start, ex.end)).toBe(ex.word);
      }
      // the file's own shape (quoted sentences) is not what the answer carries
      expect(res.text).not.toContain('"sentence":"Cześć! Jestem Ania."');
    });

    it('places lessons of mini stories under /beginner and the last lesson has no next', async () => {
      const last = catalogue.hub('short-stories')!.lessons.at(-1)!;
      const res = await get(`/api/content/lessons/short-stories/${last.slug}`);
      expect(res.status).toBe(200);
      expect(res.body.next).toBeNull();
      expect(res.body.prev).not.toBeNull();
      const mini = catalogue.hub('mini-stories')!.lessons.find((l) => !l.premium)!;
      const m = await get(`/api/content/lessons/mini-stories/${mini.slug}`);
      expect(m.body.path).toBe(`/beginner/${mini.slug}`);
    });

    /** The texts of a lesson's exercises: their sentences with the blank, the answers, pieces and options. */
    function exerciseStrings(l: TLessonFile): string[] {
      return (l.exercises ?? []).flatMap((x) =>
        x.type === 'cloze'
          ? [x.text, x.answer]
          : x.type === 'form'
            ? [x.text, x.lemma, ...x.options]
            : [x.sentence, ...x.words, ...(x.alsoCorrect ?? [])],
      );
    }

    /** Every string of the lesson a visitor without premium must never receive (the teaser's own text aside). */
    function forbiddenStrings(l: TLessonFile, allowed: string): string[] {
      const [first, ...rest] = l.paragraphs;
      const all = [
        l.summary,
        ...first.sentences.map((s) => s.en),
        ...rest.flatMap((p) => p.sentences.flatMap((s) => [s.pl, s.en])),
        ...l.vocabulary.flatMap((v) => [v.pl, v.en]),
        ...l.questions.flatMap((q) => [q.question, q.questionEn, ...q.options]),
        // the word annotations: forms ("genitive singular of pies") and meanings (not the shortest: "I", "and")
        ...[
          ...(catalogue.lessonAnnotations(l)?.blocks.flat().map((t) => t.form) ?? []),
          ...(catalogue.lessonAnnotations(l)?.lexemes.map((x) => x.meaning) ?? []),
        ].filter((x) => x.length > 8),
        ...exerciseStrings(l),
        // the grammar notes ship only with the lesson: their examples and their topics' texts
        ...(l.grammar ?? []).flatMap((g) => {
          const topic = catalogue.grammarTopics.get(g.topic)!;
          return [topic.explanation, topic.table.caption, ...g.examples.map((e) => e.en)];
        }),
      ];
      return [...new Set(all)].filter((s) => !allowed.includes(s));
    }

    async function expectTeaserOnly(token?: string) {
      const res = await get('/api/content/lessons/complete-beginner/complete-beginner-2', token);
      expect(res.status).toBe(403);
      const teaser = {
        hub: 'complete-beginner',
        slug: 'complete-beginner-2',
        title: PREMIUM.title,
        titleEn: PREMIUM.titleEn,
        level: PREMIUM.level,
        premium: true,
        firstParagraph: PREMIUM.paragraphs[0].sentences.map((s) => s.pl).join(' '),
      };
      const expected = { status: 403, code: 'premium_required', message: 'This lesson is part of Premium', teaser };
      expect(res.body).toEqual({ ...expected, requestId: expect.any(String) });
      expect(ZPremiumRequiredResponseSchema.parse(res.body)).toEqual(res.body);
      expect(PREMIUM.grammar?.length).toBeGreaterThan(0);
      for (const key of ['paragraphs', 'vocabulary', 'questions', 'exercises', 'audio', 'audioUrl', 'summary', 'annotations', 'grammar']) {
        expect(res.body).not.toHaveProperty(key);
        expect(res.body.teaser).not.toHaveProperty(key);
      }
      const leaked = forbiddenStrings(PREMIUM, JSON.stringify(expected)).filter(
        (s) => res.text.includes(s) || res.text.includes(JSON.stringify(s).slice(1, -1)),
      );
      expect(leaked).toEqual([]);
      expect(res.headers['cache-control']).toBe(PRIVATE);
      expect(res.headers.vary).toMatch(/Authorization/);
      return res;
    }

    it('refuses a premium lesson to an anonymous visitor with the teaser only', async () => {
      await expectTeaserOnly();
    });

    it('never sends an anonymous visitor the exercises of any premium lesson (they share the lesson\'s gate)', async () => {
      const premium = catalogue.allLessons().filter((l) => l.premium);
      expect(premium.filter((l) => (l.exercises ?? []).length > 0).length).toBeGreaterThan(0);
      for (const l of premium) {
        const res = await get(`/api/content/lessons/${l.hub}/${l.slug}`);
        expect(res.status).toBe(403);
        expect(res.body).not.toHaveProperty('exercises');
        expect(Object.keys(res.body.teaser).sort()).toEqual(
          ['firstParagraph', 'hub', 'level', 'premium', 'slug', 'title', 'titleEn'].sort(),
        );
        // the sentences of the exercises come from the text; none of the gated ones (with its blank) is sent
        const gated = exerciseStrings(l).filter((x) => x.includes('___') || x.length > 25);
        expect(gated.filter((x) => res.text.includes(x) && !res.body.teaser.firstParagraph.includes(x))).toEqual([]);
      }
    });

    it('gives a free lesson\'s exercises to anyone, in the lesson answer', async () => {
      const res = await get('/api/content/lessons/complete-beginner/complete-beginner-1');
      expect(res.status).toBe(200);
      expect(res.body.exercises).toEqual(FREE.exercises);
      expect(res.body.exercises.length).toBeGreaterThan(0);
    });

    it('refuses a premium lesson to a Member with the teaser only', async () => {
      const { token } = await signUp();
      await expectTeaserOnly(token);
    });

    it('refuses a premium lesson once premium has expired, decided from the database on each request', async () => {
      const { token, id } = await signUp({ until: new Date(clock.now().getTime() + DAY) });
      expect((await get('/api/content/lessons/complete-beginner/complete-beginner-2', token)).status).toBe(200);
      await db().user.update({ where: { id }, data: { premiumUntil: new Date(clock.now().getTime() - 1000) } });
      await expectTeaserOnly(token);
    });

    it('refuses a premium lesson to a user whose premium ended with the clock, same token', async () => {
      const { token } = await signUp({ until: new Date(clock.now().getTime() - DAY) });
      await expectTeaserOnly(token);
    });

    it('gives a premium lesson in full to a user with premium until a future date, privately', async () => {
      const { token } = await signUp({ until: new Date(clock.now().getTime() + 30 * DAY) });
      const res = await get('/api/content/lessons/complete-beginner/complete-beginner-2', token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...served(PREMIUM),
        path: '/complete-beginner/complete-beginner-2',
        prev: { slug: 'complete-beginner-1', title: FREE.title, path: '/complete-beginner/complete-beginner-1', premium: false },
        next: expect.objectContaining({ slug: 'complete-beginner-3' }),
        completed: false,
        media: { status: 'preparing', source: 'synthetic', voiceLabel: 'Synthetic voice (eSpeak NG)', provider: 'espeak', tracks: [] },
      });
      expect(res.headers['cache-control']).toBe(PRIVATE);
      expect(res.headers.vary).toMatch(/Authorization/);
    });

    it('gives every premium lesson in full to a lifetime user', async () => {
      const { token } = await signUp({ lifetime: true });
      for (const l of catalogue.allLessons().filter((x) => x.premium).slice(0, 40)) {
        const res = await get(`/api/content/lessons/${l.hub}/${l.slug}`, token);
        expect(res.status).toBe(200);
        expect(res.body.paragraphs).toEqual(served(l).paragraphs);
        expect(res.body.annotations).toEqual(catalogue.lessonAnnotations(l));
      }
    });

    it('does not give premium for the role alone, without an access period', async () => {
      const { token } = await signUp({});
      await expectTeaserOnly(token);
    });

    it('answers a signed-in reader of a free lesson privately (it carries their progress)', async () => {
      const { token } = await signUp();
      const res = await get('/api/content/lessons/complete-beginner/complete-beginner-1', token);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe(PRIVATE);
    });

    it.each([
      ['/api/content/lessons/nope/complete-beginner-1', 'No hub "nope"'],
      ['/api/content/lessons/complete-beginner/complete-beginner-99', 'No lesson "complete-beginner-99" in complete-beginner'],
      ['/api/content/lessons/beginner/kawiarnia-na-rogu', 'No hub "beginner"'],
    ])('answers 404 for %s', async (path, message) => {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ status: 404, code: 'not_found', message, requestId: expect.any(String) });
    });
  });

  describe('progress', () => {
    const mark = (token: string | undefined, hub: string, slug: string, method: 'post' | 'delete' = 'post') => {
      const r = request(t.app)[method]('/api/content/progress');
      return (token ? r.set('Authorization', `Bearer ${token}`) : r).send({ hub, slug });
    };

    it('marks a lesson completed for that user only, lists it, and unmarks it', async () => {
      const a = await signUp();
      const b = await signUp();
      const res = await mark(a.token, 'complete-beginner', 'complete-beginner-1');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ completed: true });
      expect(res.headers['cache-control']).toBe(PRIVATE);
      // twice is fine
      expect((await mark(a.token, 'complete-beginner', 'complete-beginner-1')).status).toBe(200);
      expect(await db().lessonProgress.count({ where: { userId: a.id } })).toBe(1);

      const listing = async (token?: string) =>
        (await get('/api/content/hubs/complete-beginner', token)).body.lessons.filter((l: { completed: boolean }) => l.completed).map((l: { slug: string }) => l.slug);
      expect(await listing(a.token)).toEqual(['complete-beginner-1']);
      expect(await listing(b.token)).toEqual([]);
      expect(await listing()).toEqual([]);
      const signedIn = await get('/api/content/hubs/complete-beginner', a.token);
      expect(signedIn.headers['cache-control']).toBe(PRIVATE);
      expect(signedIn.headers.vary).toMatch(/Authorization/);

      const detail = await get('/api/content/lessons/complete-beginner/complete-beginner-1', a.token);
      expect(detail.body.completed).toBe(true);
      expect((await get('/api/content/lessons/complete-beginner/complete-beginner-1', b.token)).body.completed).toBe(false);

      const progress = await get('/api/content/progress', a.token);
      expect(progress.status).toBe(200);
      expect(ZProgressListResponseSchema.parse(progress.body)).toEqual(progress.body);
      expect(progress.body).toEqual([
        { hub: 'complete-beginner', slug: 'complete-beginner-1', title: FREE.title, path: '/complete-beginner/complete-beginner-1', completedAt: expect.any(String) },
      ]);
      expect((await get('/api/content/progress', b.token)).body).toEqual([]);

      const unmark = await mark(a.token, 'complete-beginner', 'complete-beginner-1', 'delete');
      expect(unmark.status).toBe(200);
      expect(unmark.body).toEqual({ completed: false });
      expect(await listing(a.token)).toEqual([]);
    });

    it('lets a premium user mark a premium lesson, but not a Member (403)', async () => {
      const member = await signUp();
      const refused = await mark(member.token, 'complete-beginner', 'complete-beginner-2');
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('premium_required');
      expect(refused.body).not.toHaveProperty('teaser');
      expect(await db().lessonProgress.count({ where: { userId: member.id } })).toBe(0);

      const premium = await signUp({ lifetime: true });
      expect((await mark(premium.token, 'complete-beginner', 'complete-beginner-2')).status).toBe(200);
      const detail = await get('/api/content/lessons/complete-beginner/complete-beginner-2', premium.token);
      expect(detail.body.completed).toBe(true);
    });

    it('requires a signed-in user (401)', async () => {
      for (const res of [
        await mark(undefined, 'complete-beginner', 'complete-beginner-1'),
        await mark(undefined, 'complete-beginner', 'complete-beginner-1', 'delete'),
        await get('/api/content/progress'),
      ]) {
        expect(res.status).toBe(401);
        expect(res.body.message).toBe('No user is logged in');
      }
    });

    it('refuses an unknown lesson (404) and a malformed body (400)', async () => {
      const { token } = await signUp();
      expect((await mark(token, 'complete-beginner', 'complete-beginner-99')).status).toBe(404);
      const bad = await request(t.app).post('/api/content/progress').set('Authorization', `Bearer ${token}`).send({ hub: 'nope' });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['hub', 'slug']);
    });
  });

  describe('podcast', () => {
    it('lists episodes newest first with audio under the media base', async () => {
      const res = await get('/api/content/podcast');
      expect(res.status).toBe(200);
      expect(ZPodcastListResponseSchema.parse(res.body)).toEqual(res.body);
      expect(res.body.length).toBeGreaterThanOrEqual(6);
      const dates = res.body.map((e: { date: string }) => e.date);
      expect(dates).toEqual([...dates].sort().reverse());
      const food = res.body.find((e: { slug: string }) => e.slug === 'ordering-food-in-poland');
      expect(food).toEqual({
        slug: 'ordering-food-in-poland',
        number: 3,
        title: 'Ordering food in Poland',
        date: '2025-07-15',
        description: expect.stringContaining('restaurant'),
        durationSeconds: 561,
        level: 'A2',
        // not rendered in the test's media folder: a URL that answers 404 until it is
        audioUrl: '/api/content/media/podcast/ordering-food-in-poland/normal.mp3',
        path: '/podcast/ordering-food-in-poland',
        lang: 'en',
      });
      expect(res.headers['cache-control']).toBe(PUBLIC);
    });

    it('gives an episode with show notes as Markdown and safe HTML, and the transcript', async () => {
      const res = await get('/api/content/podcast/ordering-food-in-poland');
      expect(res.status).toBe(200);
      expect(ZPodcastEpisodeResponseSchema.parse(res.body)).toEqual(res.body);
      expect(res.body.showNotesMarkdown).toContain('## Key phrases');
      expect(res.body.showNotesHtml).toContain('<h2>Key phrases</h2>');
      expect(res.body.showNotesHtml).toContain('<li><strong>Smacznego!</strong> Enjoy your meal!</li>');
      expect(res.body.showNotesHtml).toContain('<a href="/practical-dialogues">Practical Dialogues</a>');
      expect(res.body.transcript[0]).toEqual({ speaker: 'Ania', pl: expect.any(String), en: expect.any(String) });
      expect((await get('/api/content/podcast/no-such-episode')).status).toBe(404);
    });
  });

  describe('blog', () => {
    it('lists posts newest first and gives a post with rendered HTML', async () => {
      const list = await get('/api/content/blog');
      expect(list.status).toBe(200);
      expect(ZBlogListResponseSchema.parse(list.body)).toEqual(list.body);
      expect(list.body.length).toBeGreaterThanOrEqual(6);
      const dates = list.body.map((p: { date: string }) => p.date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(list.body.find((p: { slug: string }) => p.slug === 'the-7-polish-cases-explained')).toMatchObject({
        title: 'The 7 Polish cases explained with one sentence each',
        author: 'Polski Stories Team',
        tags: ['grammar', 'cases', 'beginners'],
        path: '/blog/the-7-polish-cases-explained',
      });
      expect(list.headers['cache-control']).toBe(PUBLIC);

      const post = await get('/api/content/blog/the-7-polish-cases-explained');
      expect(post.status).toBe(200);
      expect(ZBlogPostResponseSchema.parse(post.body)).toEqual(post.body);
      expect(post.body.bodyHtml).toContain('<h2>1. Nominative (mianownik): kto? co?</h2>');
      expect(post.body.bodyHtml).toContain('<p><strong>To jest mój kot.</strong> This is my cat.</p>');
      expect(post.body.bodyHtml).toMatch(/<ol><li><strong>Learn functions first/);
      expect((await get('/api/content/blog/nope')).status).toBe(404);
    });

    it('renders every article and show note without leftover Markdown', async () => {
      for (const p of catalogue.blog) {
        const html = (await get(`/api/content/blog/${p.data.slug}`)).body.bodyHtml as string;
        expect({ slug: p.data.slug, leftovers: html.match(/\*\*|\]\(|^#/gm) }).toEqual({ slug: p.data.slug, leftovers: null });
      }
      for (const e of catalogue.podcast) {
        const html = (await get(`/api/content/podcast/${e.data.slug}`)).body.showNotesHtml as string;
        expect({ slug: e.data.slug, leftovers: html.match(/\*\*|\]\(|^#/gm) }).toEqual({ slug: e.data.slug, leftovers: null });
      }
    });
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import {
  ROLES,
  ZLearnerSettingsSchema,
  ZProgressSummaryResponseSchema,
  ZReviewQueueResponseSchema,
  ZSavedWordSchema,
  type TNativeLanguageCode,
  type TReviewItem,
} from '@polski/contracts';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { workspacePath } from '../../lib/paths';
import { createTestApp, TestClock, type TTestApp } from '../../../test/support/test-app';
import { writeLessonMedia } from '../../../test/support/media-fixture';
import { createContentModule } from '../content';
import { loadCatalogue } from '../content/catalogue';
import { paths } from '../content/media/layout';
import { createLearningModule } from './index';

const MINUTE = 60_000;
const DAY = 24 * 3600 * 1000;
const FREE = { hub: 'complete-beginner', slug: 'complete-beginner-1' };
const PREMIUM = { hub: 'complete-beginner', slug: 'complete-beginner-2' };
/** complete-beginner-1, paragraph 0: "Jestem studentką." and "To jest szkoła językowa w Krakowie." */
const STUDENTKA = { ...FREE, p: 0, s: 1, t: 1 };
const SZKOLA = { ...FREE, p: 0, s: 2, t: 2 };
/** "Też dobrze. Witamy w szkole!": szkole, another form of szkoła */
const SZKOLE = { ...FREE, p: 2, s: 4, t: 4 };
const NOWA = { ...FREE, p: 1, s: 3, t: 1 };

describe('learning API', () => {
  let t: TTestApp;
  const clock = new TestClock(new Date('2026-03-02T12:00:00Z'));
  const catalogue = loadCatalogue(workspacePath('content'));
  // the media folder: empty (no lesson has audio) but for the listening test
  const mediaDir = mkdtempSync(join(tmpdir(), 'polski-learning-media-'));

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      modules: [createContentModule({ mediaDir }), createLearningModule({ catalogue, mediaDir })],
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  const db = () => t.database.db;
  /**
   * A learner's requests. Tests move the clock by days: the learner signs in again when their token is near its
   * 7 days (a new session each time, as a learner coming back would have).
   */
  function as(credentials: { usernameOrEmail: string; password: string }, first: string) {
    let token = first;
    let signedAt = clock.now().getTime();
    const auth = async () => {
      if (clock.now().getTime() - signedAt > 5 * DAY) {
        const res = await request(t.app).post('/api/account/login').send(credentials);
        expect(res.status).toBe(200);
        token = res.body.token as string;
        signedAt = clock.now().getTime();
      }
      return `Bearer ${token}`;
    };
    return {
      get: async (path: string) =>
        request(t.app)
          .get(path)
          .set('Authorization', await auth()),
      post: async (path: string, body?: object) =>
        request(t.app)
          .post(path)
          .set('Authorization', await auth())
          .send(body ?? {}),
      put: async (path: string, body: object) =>
        request(t.app)
          .put(path)
          .set('Authorization', await auth())
          .send(body),
      del: async (path: string) =>
        request(t.app)
          .delete(path)
          .set('Authorization', await auth()),
    };
  }
  type TApi = ReturnType<typeof as>;

  async function signUp(premium = false, lang: TNativeLanguageCode = 'en') {
    const body = makeRegisterRequest({ lang });
    const res = await request(t.app).post('/api/account/register').send(body);
    expect(res.status).toBe(201);
    const user = await db().user.findUniqueOrThrow({ where: { emailKey: body.email.toLowerCase() } });
    if (premium) {
      const role = await db().role.findUniqueOrThrow({ where: { name: ROLES.premium } });
      await db().userRole.create({ data: { userId: user.id, roleId: role.id } });
      await db().user.update({ where: { id: user.id }, data: { premiumLifetime: true } });
    }
    return {
      id: user.id,
      api: as({ usernameOrEmail: body.email, password: body.password }, res.body.token as string),
    };
  }

  describe('saved words', () => {
    it('saves a word from the catalogue: lemma, form, sentence and translation read there; learning 1; one card', async () => {
      const { id, api } = await signUp();
      const res = await api.post('/api/learning/words', STUDENTKA);
      expect(res.status).toBe(201);
      expect(ZSavedWordSchema.parse(res.body)).toEqual(res.body);
      expect(res.body).toMatchObject({
        lemma: 'studentka',
        pos: 'noun',
        form: 'studentką',
        sentence: 'Jestem studentką.',
        translation: "I'm a student.",
        hub: 'complete-beginner',
        slug: 'complete-beginner-1',
        p: 0,
        s: 1,
        t: 1,
        status: { status: 'learning', stage: 1 },
        due: clock.now().toISOString(),
      });
      expect(await db().reviewCard.count({ where: { userId: id } })).toBe(1);
    });

    it("answers saved words, review cards and exports in the learner's language; English where the sentence changed", async () => {
      const { id, api } = await signUp(false, 'de');
      const saved = await api.post('/api/learning/words', STUDENTKA);
      expect(saved.status).toBe(201);
      // the German of complete-beginner-1 (content/i18n/de): the sentence and the meaning of studentka here
      expect(saved.body).toMatchObject({ translation: 'Ich bin Studentin.', meaning: 'Studentin' });
      // what is kept is the English of the place it was saved from (the data download's copy)
      const row = await db().savedWord.findFirstOrThrow({ where: { userId: id } });
      expect(row).toMatchObject({ translation: "I'm a student.", meaning: 'student (a woman)' });
      const german = { translation: 'Ich bin Studentin.', meaning: 'Studentin' };
      expect((await api.get('/api/learning/words')).body).toEqual([expect.objectContaining(german)]);
      const [item] = ZReviewQueueResponseSchema.parse((await api.get('/api/learning/reviews')).body).items;
      expect(item).toMatchObject(german);
      const csv = await api.get('/api/learning/export?format=csv');
      expect(csv.text.split('\r\n')[1]).toMatch(
        /^studentka,learning,1,noun,studentką,Studentin,Jestem studentką\.,Ich bin Studentin\.,/,
      );
      const anki = await api.get('/api/learning/export?format=anki');
      expect(anki.text).toContain('Ich bin Studentin.');
      // the next card of an answer and an undone card come in German too
      await api.post('/api/learning/words', SZKOLA);
      const answer = await api.post('/api/learning/reviews/answers', {
        cardId: item.cardId,
        type: item.type,
        rating: 'good',
      });
      expect(answer.status).toBe(200);
      expect(answer.body.next).toMatchObject({
        lemma: 'szkoła',
        translation: 'Das ist eine Sprachschule in Krakau.',
      });
      expect((await api.post('/api/learning/reviews/undo')).body.item).toMatchObject({
        lemma: 'studentka',
        ...german,
      });
      // once the day has begun, an answer is one SQL statement (hot-sql.ts): its next card in German as well
      const again = await api.post('/api/learning/reviews/answers', {
        cardId: item.cardId,
        type: item.type,
        rating: 'good',
      });
      expect(again.body.next).toMatchObject({
        lemma: 'szkoła',
        translation: 'Das ist eine Sprachschule in Krakau.',
      });
      // the learner's language changes: the same words follow it
      expect((await api.put('/api/account/changelanguage', { newLanguage: 'uk' })).status).toBe(200);
      const ukrainian = (await api.get('/api/learning/words')).body.find(
        (w: { lemma: string }) => w.lemma === 'studentka',
      );
      expect(ukrainian.translation).toMatch(/[\u0400-\u04ff]/);
      expect(ukrainian.meaning).toMatch(/[\u0400-\u04ff]/);
      // a word whose place in the lesson no longer holds its sentence: the English kept with it
      await db().savedWord.update({ where: { id: row.id }, data: { sentence: 'Jestem studentką, Tomek.' } });
      const changed = (await api.get('/api/learning/words')).body.find(
        (w: { lemma: string }) => w.lemma === 'studentka',
      );
      expect(changed.translation).toBe("I'm a student.");
    });

    it('creates the word and its card once per lemma: another form of a saved lemma answers the first word', async () => {
      const { id, api } = await signUp();
      const first = await api.post('/api/learning/words', SZKOLA);
      expect(first.status).toBe(201);
      const again = await api.post('/api/learning/words', SZKOLE);
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      const twice = await Promise.all([
        api.post('/api/learning/words', NOWA),
        api.post('/api/learning/words', NOWA),
      ]);
      expect(twice.map((r) => r.status).sort()).toEqual([200, 201]);
      expect(await db().savedWord.count({ where: { userId: id } })).toBe(2);
      expect(await db().reviewCard.count({ where: { userId: id } })).toBe(2);
      const list = await api.get('/api/learning/words');
      expect(list.status).toBe(200);
      expect(list.body.map((w: { lemma: string }) => w.lemma).sort()).toEqual(['nowy', 'szkoła']);
    });

    it("refuses a premium lesson's word to a learner without premium (403), saves it for a premium learner", async () => {
      const free = await signUp();
      const place = { ...PREMIUM, p: 0, s: 0, t: 0 };
      const res = await free.api.post('/api/learning/words', place);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        status: 403,
        code: 'premium_required',
        message: 'This lesson is part of Premium',
        requestId: expect.any(String),
      });
      expect(await db().savedWord.count({ where: { userId: free.id } })).toBe(0);
      const premium = await signUp(true);
      expect((await premium.api.post('/api/learning/words', place)).status).toBe(201);
    });

    it('never takes text from the client, and answers bad places in the error envelope', async () => {
      const { api } = await signUp();
      const extra = await api.post('/api/learning/words', {
        ...STUDENTKA,
        lemma: 'kot',
        sentence: 'Mam kota.',
      });
      expect(extra.status).toBe(400);
      expect(extra.body.code).toBe('validation_failed');
      const negative = await api.post('/api/learning/words', { ...STUDENTKA, p: -1 });
      expect(negative.status).toBe(400);
      expect(negative.body.errors).toHaveProperty('p');
      const noLesson = await api.post('/api/learning/words', { ...STUDENTKA, slug: 'no-such-lesson' });
      expect(noLesson.status).toBe(404);
      expect(noLesson.body.code).toBe('not_found');
      const noToken = await api.post('/api/learning/words', { ...STUDENTKA, t: 9 });
      expect(noToken.status).toBe(404);
      const anonymous = await request(t.app).post('/api/learning/words').send(STUDENTKA);
      expect(anonymous.status).toBe(401);
    });

    it('unsaves a word: its card and logs go, the status stays; another learner cannot unsave it', async () => {
      const { id, api } = await signUp();
      const saved = await api.post('/api/learning/words', STUDENTKA);
      const other = await signUp();
      expect((await other.api.del(`/api/learning/words/${saved.body.id}`)).status).toBe(404);
      const res = await api.del(`/api/learning/words/${saved.body.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ lemma: 'studentka' });
      expect(await db().reviewCard.count({ where: { userId: id } })).toBe(0);
      expect(await db().wordStatus.findMany({ where: { userId: id } })).toMatchObject([
        { lemma: 'studentka', status: 'learning', stage: 1 },
      ]);
      expect((await api.del('/api/learning/words/not-a-uuid')).status).toBe(400);
    });
  });

  describe('statuses', () => {
    it("sets statuses, answers one lesson's statuses, and marks the remaining new words known", async () => {
      const { api } = await signUp();
      expect(
        (await api.put('/api/learning/statuses', { lemma: 'być', status: 'learning', stage: 3 })).body,
      ).toEqual({
        lemma: 'być',
        status: 'learning',
        stage: 3,
      });
      await api.put('/api/learning/statuses', { lemma: 'Ania', status: 'ignored' });
      const known = await api.post('/api/learning/statuses/known', { lemmas: ['być', 'cześć', 'szkoła'] });
      expect(known.status).toBe(200);
      expect(known.body).toEqual({ marked: 2 });
      const res = await api.get('/api/learning/statuses/lessons/complete-beginner/complete-beginner-1');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        statuses: {
          być: { status: 'learning', stage: 3 },
          Ania: { status: 'ignored' },
          cześć: { status: 'known' },
          szkoła: { status: 'known' },
        },
      });
      await api.put('/api/learning/statuses', { lemma: 'cześć', status: 'new' });
      const after = await api.get('/api/learning/statuses/lessons/complete-beginner/complete-beginner-1');
      expect(after.body.statuses).not.toHaveProperty('cześć');
    });

    it('refuses a learning status without a stage, a stage out of range, and lemmas not in the dictionary', async () => {
      const { api } = await signUp();
      const noStage = await api.put('/api/learning/statuses', { lemma: 'być', status: 'learning' });
      expect(noStage.status).toBe(400);
      expect(noStage.body.errors).toHaveProperty('stage');
      expect(
        (await api.put('/api/learning/statuses', { lemma: 'być', status: 'learning', stage: 5 })).status,
      ).toBe(400);
      expect((await api.put('/api/learning/statuses', { lemma: '<script>', status: 'known' })).status).toBe(
        400,
      );
      const notInDictionary = await api.put('/api/learning/statuses', { lemma: 'xyzzyq', status: 'known' });
      expect(notInDictionary.status).toBe(400);
      expect(notInDictionary.body.errors).toEqual({ lemma: ['Not in the dictionary: xyzzyq'] });
      const unknown = await api.post('/api/learning/statuses/known', { lemmas: ['być', 'xyzzyq'] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors.lemmas[0]).toContain('xyzzyq');
      const noLesson = await api.get('/api/learning/statuses/lessons/complete-beginner/nope');
      expect(noLesson.status).toBe(404);
    });
  });

  describe('review', () => {
    const queue = async (api: TApi) => {
      const res = await api.get('/api/learning/reviews');
      expect(res.status).toBe(200);
      return ZReviewQueueResponseSchema.parse(res.body);
    };

    it("pins the due dates of an answer sequence to ts-fsrs's own fsrs().next, and the types take turns", async () => {
      const { id, api } = await signUp();
      const savedAt = clock.now();
      await api.post('/api/learning/words', STUDENTKA);
      const f = fsrs({ enable_fuzz: false });
      let expected: Card = createEmptyCard(savedAt);
      const sequence: [string, Grade][] = [
        ['good', Rating.Good],
        ['good', Rating.Good],
        ['again', Rating.Again],
        ['good', Rating.Good],
        ['hard', Rating.Hard],
        ['easy', Rating.Easy],
      ];
      const types: string[] = [];
      for (const [rating, grade] of sequence) {
        // answer exactly when the card is due
        const card = await db().reviewCard.findFirstOrThrow({ where: { userId: id } });
        clock.advance(Math.max(0, card.due.getTime() - clock.now().getTime()));
        const [item] = (await queue(api)).items;
        const preview = f.repeat(expected, clock.now());
        expect(item.intervals).toEqual({
          again: preview[Rating.Again].card.due.toISOString(),
          hard: preview[Rating.Hard].card.due.toISOString(),
          good: preview[Rating.Good].card.due.toISOString(),
          easy: preview[Rating.Easy].card.due.toISOString(),
        });
        types.push(item.type);
        const res = await api.post('/api/learning/reviews/answers', {
          cardId: item.cardId,
          type: item.type,
          rating,
        });
        expect(res.status).toBe(200);
        expected = f.next(expected, clock.now(), grade).card;
        expect(res.body.due).toBe(expected.due.toISOString());
      }
      // no audio in this lesson: meaning recall and cloze in turn
      expect(types).toEqual(['meaning', 'cloze', 'meaning', 'cloze', 'meaning', 'cloze']);
      const row = await db().reviewCard.findFirstOrThrow({ where: { userId: id } });
      expect({ reps: row.reps, lapses: row.lapses, state: row.state, stability: row.stability }).toEqual({
        reps: expected.reps,
        lapses: expected.lapses,
        state: expected.state,
        stability: expected.stability,
      });
      expect(await db().reviewLog.count({ where: { userId: id } })).toBe(sequence.length);
    });

    it('checks a cloze answer on the server with the lesson cloze tolerance; a wrong one is graded again', async () => {
      const { api } = await signUp();
      await api.post('/api/learning/words', STUDENTKA);
      const [first] = (await queue(api)).items;
      expect(first).toMatchObject({ type: 'meaning', form: 'studentką', sentence: 'Jestem studentką.' });
      // Again: due again in a minute (ts-fsrs's first learning step), then a cloze card
      await api.post('/api/learning/reviews/answers', {
        cardId: first.cardId,
        type: 'meaning',
        rating: 'again',
      });
      clock.advance(10 * MINUTE);
      const [cloze] = (await queue(api)).items;
      expect(cloze).toMatchObject({ type: 'cloze', sentence: 'Jestem ___.', translation: "I'm a student." });
      expect(cloze).not.toHaveProperty('form');
      const almost = await api.post('/api/learning/reviews/answers', {
        cardId: cloze.cardId,
        type: 'cloze',
        rating: 'good',
        typed: ' Studentka ',
      });
      expect(almost.body).toMatchObject({ rating: 'good', score: 'almost', expected: 'studentką' });
      await api.post('/api/learning/reviews/undo');
      const wrong = await api.post('/api/learning/reviews/answers', {
        cardId: cloze.cardId,
        type: 'cloze',
        rating: 'easy',
        typed: 'studentem',
      });
      expect(wrong.body).toMatchObject({ rating: 'again', score: 'wrong', expected: 'studentką' });
    });

    it('makes a listening card where the lesson has audio: the sentence blanked, its audio, the typed word checked', async () => {
      const lesson = catalogue.lesson(FREE.hub, FREE.slug)!;
      const manifest = writeLessonMedia(mediaDir, lesson, 6);
      const track = manifest.tracks[0];
      const timing = track.sentences.find((x) => x.p === STUDENTKA.p && x.s === STUDENTKA.s)!;
      try {
        const { id, api } = await signUp();
        await api.post('/api/learning/words', STUDENTKA);
        const types: string[] = [];
        for (let i = 0; i < 3; i++) {
          const card = await db().reviewCard.findFirstOrThrow({ where: { userId: id } });
          clock.advance(Math.max(0, card.due.getTime() - clock.now().getTime()));
          const [item] = (await queue(api)).items;
          types.push(item.type);
          const typed = item.type === 'meaning' ? undefined : 'studentką';
          const res = await api.post('/api/learning/reviews/answers', {
            cardId: item.cardId,
            type: item.type,
            rating: 'good',
            typed,
          });
          expect(res.status).toBe(200);
          if (item.type === 'listening') {
            expect(item).toMatchObject({
              sentence: 'Jestem ___.',
              audio: {
                url: `/api/content/media/lessons/complete-beginner/complete-beginner-1/${track.file}`,
                startMs: timing.startMs,
                endMs: timing.endMs,
              },
              p: 0,
              s: 1,
            });
            // the URL it names is the lesson's track, served
            const file = await request(t.app).get(item.audio!.url);
            expect(file.status).toBe(200);
            expect(file.headers['content-type']).toBe('audio/mpeg');
            expect(item).not.toHaveProperty('form');
            expect(res.body).toMatchObject({ rating: 'good', score: 'correct', expected: 'studentką' });
          }
        }
        expect(types).toEqual(['meaning', 'cloze', 'listening']);
      } finally {
        rmSync(paths.lesson(mediaDir, lesson.hub, lesson.slug), { recursive: true, force: true });
      }
    });

    it('refuses an answer to a card not due, of another type, of another learner', async () => {
      const { api } = await signUp();
      await api.post('/api/learning/words', STUDENTKA);
      const [item] = (await queue(api)).items;
      const other = await signUp();
      const theirs = await other.api.post('/api/learning/reviews/answers', {
        cardId: item.cardId,
        type: 'meaning',
        rating: 'good',
      });
      expect(theirs.status).toBe(404);
      const type = await api.post('/api/learning/reviews/answers', {
        cardId: item.cardId,
        type: 'cloze',
        rating: 'good',
      });
      expect(type.status).toBe(409);
      expect(type.body.code).toBe('review_not_due');
      await api.post('/api/learning/reviews/answers', {
        cardId: item.cardId,
        type: 'meaning',
        rating: 'easy',
      });
      const again = await api.post('/api/learning/reviews/answers', {
        cardId: item.cardId,
        type: 'cloze',
        rating: 'good',
      });
      expect(again.status).toBe(409);
      const bad = await api.post('/api/learning/reviews/answers', {
        cardId: item.cardId,
        type: 'meaning',
        rating: 'perfect',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toHaveProperty('rating');
    });

    it('keeps to the daily limits of new cards and reviews, counted in the learner day', async () => {
      const { api } = await signUp();
      const settings = {
        timeZone: 'Europe/Warsaw',
        goalKind: 'items',
        goalAmount: 5,
        newPerDay: 2,
        reviewsPerDay: 1,
      };
      expect((await api.put('/api/learning/settings', settings)).body).toEqual({
        ...settings,
        reviewReminders: false,
      });
      for (const place of [STUDENTKA, SZKOLA, NOWA]) await api.post('/api/learning/words', place);
      let q = await queue(api);
      expect(q.items.map((i) => i.isNew)).toEqual([true, true]);
      expect(q).toMatchObject({ newLeft: 0, reviewsLeft: 1 });
      const answer = (i: TReviewItem, rating = 'again') =>
        api.post('/api/learning/reviews/answers', { cardId: i.cardId, type: i.type, rating });
      const first = await answer(q.items[0]);
      // the answer carries the next card with its intervals
      expect(first.body.next).toMatchObject({ cardId: q.items[1].cardId, isNew: true });
      await answer(q.items[1]);
      clock.advance(10 * MINUTE);
      q = await queue(api);
      // both are due again (learning), one review left today; the third new card waits for tomorrow
      expect(q.items).toHaveLength(1);
      expect(q.items[0].isNew).toBe(false);
      const last = await answer(q.items[0], 'good');
      expect(last.body.next).toBeNull();
      expect((await queue(api)).items).toEqual([]);
      clock.advance(DAY);
      q = await queue(api);
      expect(q.items.filter((i) => i.isNew)).toHaveLength(1);
      expect(q.items.filter((i) => !i.isNew)).toHaveLength(1);
    });

    it("answers in one statement once the day has begun: the next card is never the one just answered, the day's counts and the log follow", async () => {
      const { id, api } = await signUp();
      for (const place of [STUDENTKA, SZKOLA, NOWA]) await api.post('/api/learning/words', place);
      const answer = (i: TReviewItem) =>
        api.post('/api/learning/reviews/answers', {
          cardId: i.cardId,
          type: i.type,
          rating: 'good',
          durationMs: 5000,
        });
      // the day's first answer creates its activity row (the transaction that may spend a freeze)
      const [first] = (await queue(api)).items;
      expect((await answer(first)).status).toBe(200);
      // the next answers take the one-statement way: in its snapshot the answered card is still new and due first
      const q = await queue(api);
      expect(q.items.map((i) => i.isNew)).toEqual([true, true]);
      const second = await answer(q.items[0]);
      expect(second.status).toBe(200);
      expect(second.body.next).toMatchObject({ cardId: q.items[1].cardId, isNew: true });
      const card = await db().reviewCard.findUniqueOrThrow({ where: { id: q.items[0].cardId } });
      expect(card).toMatchObject({ reps: 1, state: 1 });
      expect(card.due.toISOString()).toBe(second.body.due);
      const days = await db().activityDay.findMany({ where: { userId: id } });
      expect(days).toEqual([expect.objectContaining({ reviews: 2, newCards: 2, items: 2, seconds: 10 })]);
      const logs = await db().reviewLog.findMany({ where: { userId: id }, orderBy: { review: 'asc' } });
      expect(logs.map((l) => [l.cardId, l.rating, l.state])).toEqual([
        [first.cardId, 3, 0],
        [q.items[0].cardId, 3, 0],
      ]);
      // a second answer to the same review: the card changed, nothing more is written
      const again = await answer(q.items[0]);
      expect(again.status).toBe(409);
      expect(await db().reviewLog.count({ where: { userId: id } })).toBe(2);
      expect((await db().activityDay.findFirstOrThrow({ where: { userId: id } })).reviews).toBe(2);
    });

    it('undoes the last answer: the card exactly as before, the log deleted, the day counted back', async () => {
      const { id, api } = await signUp();
      await api.post('/api/learning/words', STUDENTKA);
      const [item] = (await queue(api)).items;
      await api.post('/api/learning/reviews/answers', {
        cardId: item.cardId,
        type: 'meaning',
        rating: 'good',
        durationMs: 9000,
      });
      clock.advance(20 * MINUTE);
      const before = await db().reviewCard.findUniqueOrThrow({ where: { id: item.cardId } });
      const [second] = (await queue(api)).items;
      const answered = await api.post('/api/learning/reviews/answers', {
        cardId: second.cardId,
        type: 'cloze',
        rating: 'easy',
      });
      expect(answered.status).toBe(200);
      expect(await db().reviewCard.findUniqueOrThrow({ where: { id: item.cardId } })).not.toEqual(before);
      const undo = await api.post('/api/learning/reviews/undo');
      expect(undo.status).toBe(200);
      expect(undo.body.item).toEqual(second);
      expect(await db().reviewCard.findUniqueOrThrow({ where: { id: item.cardId } })).toEqual(before);
      expect(await db().reviewLog.count({ where: { userId: id } })).toBe(1);
      const day = await db().activityDay.findFirstOrThrow({ where: { userId: id } });
      expect(day).toMatchObject({ reviews: 1, newCards: 1, items: 1, seconds: 9 });
      await api.post('/api/learning/reviews/undo');
      const none = await api.post('/api/learning/reviews/undo');
      expect(none.status).toBe(404);
      expect(none.body.code).toBe('nothing_to_undo');
      expect(await db().activityDay.findFirstOrThrow({ where: { userId: id } })).toMatchObject({
        reviews: 0,
        newCards: 0,
        seconds: 0,
      });
    });
  });

  describe('progress', () => {
    const at = (iso: string) => {
      clock.advance(new Date(iso).getTime() - clock.now().getTime());
    };
    const complete = async (api: TApi, hub: string, slug: string) => {
      const res = await api.post('/api/content/progress', { hub, slug });
      expect(res.status).toBe(200);
    };
    const summary = async (api: TApi) => {
      const res = await api.get('/api/learning/progress');
      expect(res.status).toBe(200);
      return ZProgressSummaryResponseSchema.parse(res.body);
    };

    it("counts the streak in the learner's time zone: 23:30 and 00:30 in Los Angeles are two days", async () => {
      const { api } = await signUp();
      await api.put('/api/learning/settings', {
        timeZone: 'America/Los_Angeles',
        goalKind: 'minutes',
        goalAmount: 10,
        newPerDay: 10,
        reviewsPerDay: 100,
      });
      at('2026-07-11T06:30:00Z'); // 23:30 on 10 July in Los Angeles (PDT)
      await complete(api, 'mini-stories', 'zgubiony-klucz');
      expect((await summary(api)).streak).toEqual({ days: 1, activeToday: true, freezeAvailable: true });
      at('2026-07-11T07:30:00Z'); // 00:30 on 11 July there, the same UTC day
      let s = await summary(api);
      expect(s.today).toBe('2026-07-11');
      expect(s.streak).toEqual({ days: 1, activeToday: false, freezeAvailable: true });
      await complete(api, 'mini-stories', 'pies-na-kanapie');
      s = await summary(api);
      expect(s.streak).toEqual({ days: 2, activeToday: true, freezeAvailable: true });
      // a lesson's reading minutes count towards the minutes goal
      const minutes = catalogue.lesson('mini-stories', 'pies-na-kanapie')!.readingMinutes;
      expect(s.goal).toEqual({ kind: 'minutes', amount: 10, done: minutes });
      expect(s.activity).toMatchObject({ lessons: 1, minutes });
      // the same instants in UTC are one day
      await api.put('/api/learning/settings', {
        timeZone: 'UTC',
        goalKind: 'items',
        goalAmount: 3,
        newPerDay: 10,
        reviewsPerDay: 100,
      });
      s = await summary(api);
      expect(s.goal).toEqual({ kind: 'items', amount: 3, done: 1 });
    });

    it('keeps the streak over one missed day with the week’s freeze, once per ISO week', async () => {
      const { id, api } = await signUp();
      at('2026-07-13T12:00:00Z'); // a Monday
      await complete(api, 'mini-stories', 'zgubiony-klucz');
      at('2026-07-15T12:00:00Z'); // Tuesday missed
      // before today's activity the missed day does not break the streak yet, and it will spend this week's freeze
      expect((await summary(api)).streak).toEqual({ days: 1, activeToday: false, freezeAvailable: false });
      await complete(api, 'mini-stories', 'pies-na-kanapie');
      expect((await summary(api)).streak).toEqual({ days: 2, activeToday: true, freezeAvailable: false });
      expect(
        await db().activityDay.findMany({ where: { userId: id, freezeUsed: true }, select: { day: true } }),
      ).toEqual([{ day: new Date('2026-07-14T00:00:00Z') }]);
      at('2026-07-17T12:00:00Z'); // Thursday missed: this week's freeze is spent
      await complete(api, 'mini-stories', 'kawiarnia-na-rogu');
      expect((await summary(api)).streak).toEqual({ days: 1, activeToday: true, freezeAvailable: false });
      at('2026-07-21T12:00:00Z'); // next week: Saturday to Monday missed (two weeks, but three days)
      await complete(api, 'short-stories', 'zgubiony-pies');
      expect((await summary(api)).streak.days).toBe(1);
      at('2026-07-23T12:00:00Z'); // Wednesday missed, a new week's freeze
      await complete(api, 'short-stories', 'nocny-pociag');
      expect((await summary(api)).streak).toEqual({ days: 2, activeToday: true, freezeAvailable: false });
    });

    it('answers the words known, per-hub progress and the lesson to continue', async () => {
      const { api } = await signUp();
      let s = await summary(api);
      expect(s.continue).toMatchObject({ hub: 'complete-beginner', slug: 'complete-beginner-1' });
      expect(s.wordsKnown).toBe(0);
      await complete(api, 'mini-stories', 'zgubiony-klucz');
      await api.post('/api/learning/statuses/known', { lemmas: ['być', 'pies'] });
      s = await summary(api);
      expect(s.wordsKnown).toBe(2);
      const mini = catalogue.hub('mini-stories')!;
      expect(s.hubs.find((h) => h.id === 'mini-stories')).toEqual({
        id: 'mini-stories',
        completed: 1,
        total: mini.lessons.length,
        percent: Math.floor(100 / mini.lessons.length),
      });
      // the next lesson after the one completed that this (free) learner can read
      const next = mini.lessons
        .slice(mini.lessons.findIndex((l) => l.slug === 'zgubiony-klucz') + 1)
        .find((l) => !l.premium)!;
      expect(s.continue).toMatchObject({ hub: 'mini-stories', slug: next.slug });
    });

    it('validates the time zone with Intl', async () => {
      const { api } = await signUp();
      const res = await api.put('/api/learning/settings', {
        timeZone: 'Mars/Olympus',
        goalKind: 'items',
        goalAmount: 5,
        newPerDay: 2,
        reviewsPerDay: 1,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toHaveProperty('timeZone');
      const defaults = await api.get('/api/learning/settings');
      expect(ZLearnerSettingsSchema.parse(defaults.body)).toEqual({
        timeZone: 'UTC',
        goalKind: 'items',
        goalAmount: 20,
        newPerDay: 10,
        reviewsPerDay: 100,
        reviewReminders: false,
      });
    });
  });

  describe('export and import', () => {
    it('exports CSV and Anki TSV, and an exported known list imports into another account as the same statuses', async () => {
      const a = await signUp();
      await a.api.post('/api/learning/words', STUDENTKA);
      await a.api.post('/api/learning/statuses/known', { lemmas: ['być', 'szkoła'] });
      const csv = await a.api.get('/api/learning/export?format=csv');
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="polski-words.csv"');
      const lines = csv.text.trimEnd().split('\r\n');
      expect(lines[0]).toBe('lemma,status,stage,pos,form,meaning,sentence,translation,hub,slug,due');
      expect(lines[1]).toMatch(
        /^studentka,learning,1,noun,studentką,[^,]*,Jestem studentką\.,I'm a student\.,complete-beginner,complete-beginner-1,/,
      );
      expect(lines.slice(2).sort()).toEqual(['być,known,,,,,,,,,', 'szkoła,known,,,,,,,,,']);

      const anki = await a.api.get('/api/learning/export?format=anki');
      expect(anki.headers['content-type']).toBe('text/tab-separated-values; charset=utf-8');
      const notes = anki.text
        .trimEnd()
        .split('\n')
        .filter((l) => !l.startsWith('#'));
      expect(notes).toHaveLength(1);
      expect(notes[0].split('\t')).toEqual([
        'studentka',
        expect.any(String),
        "Jestem studentką. — I'm a student.",
        'polski complete-beginner noun',
      ]);

      const known = lines
        .slice(1)
        .map((l) => l.split(','))
        .filter((f) => f[1] === 'known')
        .map((f) => f[0]);
      const b = await signUp();
      const res = await b.api.post('/api/learning/import', {
        text: `# from polski\n${known.join('\n')}\n\nKOT\nxyzzyq\n3 dogs\n`,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        imported: known.length + 1,
        unchanged: 0,
        notInDictionary: [{ line: 6, text: 'xyzzyq' }],
        invalid: [{ line: 7, text: '3 dogs' }],
      });
      const bRows = await db().wordStatus.findMany({ where: { userId: b.id }, orderBy: { lemma: 'asc' } });
      expect(bRows.map((r) => [r.lemma, r.status])).toEqual(
        [...known, 'kot'].sort().map((l) => [l, 'known']),
      );
      const again = await b.api.post('/api/learning/import', { text: known.join('\n') });
      expect(again.body).toMatchObject({ imported: 0, unchanged: known.length });
    });

    it('refuses an import of too many lines or characters, and an unknown format', async () => {
      const { api } = await signUp();
      const many = await api.post('/api/learning/import', { text: 'kot\n'.repeat(5001) });
      expect(many.status).toBe(400);
      expect(many.body.errors).toHaveProperty('text');
      // the code and the number beside the English, so the web says it in the learner's language
      expect(many.body.issues).toEqual([
        { path: 'text', code: 'too_many_lines', message: many.body.errors.text[0], params: { max: 5000 } },
      ]);
      const long = await api.post('/api/learning/import', { text: 'a'.repeat(60_001) });
      expect(long.status).toBe(400);
      expect(long.body.issues).toEqual([
        { path: 'text', code: 'too_long', message: long.body.errors.text[0], params: { max: 60_000 } },
      ]);
      expect((await api.get('/api/learning/export?format=apkg')).status).toBe(400);
    });
  });

  it("deletes every learning row of a learner with the account, and no one else's", async () => {
    const gone = await signUp();
    const stays = await signUp();
    for (const u of [gone, stays]) {
      await u.api.put('/api/learning/settings', {
        timeZone: 'Europe/Warsaw',
        goalKind: 'items',
        goalAmount: 5,
        newPerDay: 5,
        reviewsPerDay: 5,
      });
      await u.api.post('/api/learning/words', STUDENTKA);
      const [item] = (await u.api.get('/api/learning/reviews')).body.items;
      await u.api.post('/api/learning/reviews/answers', {
        cardId: item.cardId,
        type: item.type,
        rating: 'good',
      });
    }
    const counts = async (userId: string) =>
      Promise.all([
        db().wordStatus.count({ where: { userId } }),
        db().savedWord.count({ where: { userId } }),
        db().reviewCard.count({ where: { userId } }),
        db().reviewLog.count({ where: { userId } }),
        db().learnerSettings.count({ where: { userId } }),
        db().activityDay.count({ where: { userId } }),
      ]);
    expect(await counts(gone.id)).toEqual([1, 1, 1, 1, 1, 1]);
    await db().user.delete({ where: { id: gone.id } });
    expect(await counts(gone.id)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(await counts(stays.id)).toEqual([1, 1, 1, 1, 1, 1]);
  });
});

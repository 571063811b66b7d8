import request from 'supertest';
import { ZProgressHistoryResponseSchema } from '@polski/contracts';
import { makeRegisterRequest } from '@polski/contracts/testing';
import { workspacePath } from '../../lib/paths';
import { createTestApp, TestClock, type TTestApp } from '../../../test/support/test-app';
import { createContentModule } from '../content';
import { loadCatalogue } from '../content/catalogue';
import { createLearningModule } from './index';

const HISTORY = '/api/learning/progress/history';

describe('GET /api/learning/progress/history', () => {
  let t: TTestApp;
  // Monday 2 March 2026, 07:00 in New York (EST, UTC-5); clocks there go forward on 8 March (EDT, UTC-4)
  const clock = new TestClock(new Date('2026-03-02T12:00:00Z'));
  const catalogue = loadCatalogue(workspacePath('content'));

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      modules: [createContentModule(), createLearningModule({ catalogue })],
    });
  });
  afterAll(() => t.close());

  const db = () => t.database.db;

  async function signUp(timeZone = 'America/New_York') {
    const body = makeRegisterRequest();
    const res = await request(t.app).post('/api/account/register').send(body);
    expect(res.status).toBe(201);
    const token = res.body.token as string;
    const user = await db().user.findUniqueOrThrow({ where: { emailKey: body.email.toLowerCase() } });
    const settings = await request(t.app)
      .put('/api/learning/settings')
      .set('Authorization', `Bearer ${token}`)
      .send({ timeZone, goalKind: 'items', goalAmount: 20, newPerDay: 10, reviewsPerDay: 100 });
    expect(settings.status).toBe(200);
    const get = (path: string) => request(t.app).get(path).set('Authorization', `Bearer ${token}`);
    const post = (path: string, payload: object) =>
      request(t.app).post(path).set('Authorization', `Bearer ${token}`).send(payload);
    const put = (path: string, payload: object) =>
      request(t.app).put(path).set('Authorization', `Bearer ${token}`).send(payload);
    return { id: user.id, get, post, put };
  }

  async function history(get: (path: string) => request.Test) {
    const res = await get(HISTORY);
    expect(res.status).toBe(200);
    return ZProgressHistoryResponseSchema.parse(res.body);
  }

  /** A status row as the learning service leaves it, with the moment it last changed. */
  async function status(userId: string, lemma: string, value: string, updatedAt: string) {
    await db().$executeRaw`
      INSERT INTO "word_statuses" ("user_id", "lemma", "status", "stage", "updated_at")
      VALUES (${userId}::uuid, ${lemma}, ${value}, ${value === 'learning' ? 1 : 0}, ${new Date(updatedAt)})`;
  }

  /** A saved word and its card, due at `due`. */
  async function card(userId: string, lemma: string, due: string) {
    const word = await db().savedWord.create({
      data: {
        userId,
        lemma,
        pos: 'noun',
        form: lemma,
        sentence: `To jest ${lemma}.`,
        translation: 'It is.',
        hub: 'complete-beginner',
        slug: 'complete-beginner-1',
        paragraph: 0,
        sentenceIndex: 0,
        token: 2,
        meaning: lemma,
      },
    });
    await db().reviewCard.create({
      data: {
        userId,
        savedWordId: word.id,
        due: new Date(due),
        stability: 1,
        difficulty: 5,
        elapsedDays: 0,
        scheduledDays: 1,
        learningSteps: 0,
        reps: 1,
        lapses: 0,
        state: 2,
      },
    });
  }

  it('answers 401 without a signed-in learner', async () => {
    const res = await request(t.app).get(HISTORY);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('not_signed_in');
  });

  it("counts known words per day of the learner's time zone, from the day each became known", async () => {
    const { id, get } = await signUp();
    const other = await signUp();
    await status(id, 'kot', 'known', '2025-01-10T12:00:00Z'); // before the window
    await status(id, 'pies', 'known', '2026-02-10T03:00:00Z'); // 22:00 on 9 February in New York
    await status(id, 'dom', 'known', '2026-02-10T06:00:00Z'); // 01:00 on 10 February there
    await status(id, 'szkoła', 'learning', '2026-02-11T12:00:00Z'); // not known
    await status(id, 'mama', 'ignored', '2026-02-11T12:00:00Z'); // not known
    await status(id, 'tata', 'known', '2027-01-01T00:00:00Z'); // stamped after today: known today
    await status(other.id, 'okno', 'known', '2026-02-10T12:00:00Z'); // another learner's

    const h = await history(get);
    expect(h.today).toBe('2026-03-02');
    // 26 whole weeks: the Monday 25 weeks before this Monday
    expect(h.from).toBe('2025-09-08');
    expect(h.knownWords).toHaveLength(176);
    expect(h.knownWords[0]).toEqual({ day: '2025-09-08', known: 1 });
    const on = (day: string) => h.knownWords.find((k) => k.day === day)?.known;
    expect(on('2026-02-08')).toBe(1);
    expect(on('2026-02-09')).toBe(2);
    expect(on('2026-02-10')).toBe(3);
    expect(on('2026-03-01')).toBe(3);
    expect(h.knownWords.at(-1)).toEqual({ day: '2026-03-02', known: 4 });
    // the same rows in UTC: pies and dom became known on the same day
    const utc = await signUp('UTC');
    await status(utc.id, 'pies', 'known', '2026-02-10T03:00:00Z');
    await status(utc.id, 'dom', 'known', '2026-02-10T06:00:00Z');
    const u = await history(utc.get);
    expect(u.knownWords.find((k) => k.day === '2026-02-09')?.known).toBe(0);
    expect(u.knownWords.find((k) => k.day === '2026-02-10')?.known).toBe(2);
    // the last point is the summary's words-known count
    const summary = await get('/api/learning/progress');
    expect(summary.body.wordsKnown).toBe(4);
  });

  it('keeps the day a word became known when it is set known again, and moves it when it changes', async () => {
    const { id, get, put: send } = await signUp('UTC');
    const put = (lemma: string, value: object) => send('/api/learning/statuses', { lemma, ...value });
    await status(id, 'być', 'known', '2026-02-10T12:00:00Z');
    await status(id, 'cześć', 'learning', '2026-02-10T12:00:00Z');
    expect((await put('być', { status: 'known' })).status).toBe(200);
    const before = (await history(get)).knownWords;
    expect(before.find((k) => k.day === '2026-02-10')?.known).toBe(1);
    // cześć becomes known now: from the day the database stamps (real time), counted today at the latest
    expect((await put('cześć', { status: 'known' })).status).toBe(200);
    const after = await history(get);
    expect(after.knownWords.find((k) => k.day === '2026-02-10')?.known).toBe(1);
    expect(after.knownWords.at(-1)?.known).toBe(2);
  });

  it('forecasts the cards due on each of the next 30 days, overdue ones today, across the change to summer time', async () => {
    const { id, get } = await signUp();
    const other = await signUp();
    await card(id, 'kot', '2026-02-20T12:00:00Z'); // overdue: today
    await card(id, 'pies', '2026-03-03T04:59:00Z'); // 23:59 on 2 March in New York: today
    await card(id, 'dom', '2026-03-03T05:00:00Z'); // midnight: 3 March
    await card(id, 'okno', '2026-03-03T18:00:00Z'); // 3 March
    await card(id, 'drzwi', '2026-04-01T03:59:00Z'); // 23:59 on 31 March (EDT): the forecast's last day
    await card(id, 'stół', '2026-04-01T04:00:00Z'); // midnight on 1 April there: after the forecast
    await card(other.id, 'krzesło', '2026-03-03T18:00:00Z'); // another learner's

    const h = await history(get);
    expect(h.due).toHaveLength(30);
    expect(h.due[0]).toEqual({ day: '2026-03-02', count: 2 });
    expect(h.due[1]).toEqual({ day: '2026-03-03', count: 2 });
    expect(h.due[29]).toEqual({ day: '2026-03-31', count: 1 });
    expect(h.due.reduce((n, d) => n + d.count, 0)).toBe(5);
  });

  it('lists the days with activity or a freeze in the window, with the lessons completed through the API', async () => {
    const { id, get, post } = await signUp();
    const day = (d: string) => new Date(`${d}T00:00:00Z`);
    await db().activityDay.createMany({
      data: [
        { userId: id, day: day('2025-09-07'), lessons: 1, items: 1 }, // the day before the window
        { userId: id, day: day('2025-09-08'), reviews: 4, items: 4, seconds: 150 },
        { userId: id, day: day('2026-02-25'), freezeUsed: true },
        { userId: id, day: day('2026-02-26'), reviews: 0, items: 0 }, // an undone day: nothing left
      ],
    });
    const lesson = catalogue.lesson('mini-stories', 'zgubiony-klucz')!;
    const done = await post('/api/content/progress', { hub: lesson.hub, slug: lesson.slug });
    expect(done.status).toBe(200);

    const h = await history(get);
    expect(h.activity).toEqual([
      { day: '2025-09-08', lessons: 0, reviews: 4, items: 4, minutes: 2, frozen: false },
      { day: '2026-02-25', lessons: 0, reviews: 0, items: 0, minutes: 0, frozen: true },
      {
        day: '2026-03-02',
        lessons: 1,
        reviews: 0,
        items: 1,
        minutes: lesson.readingMinutes,
        frozen: false,
      },
    ]);
  });

  it('walks the learner’s slice of review_cards (user_id, due) for the forecast', async () => {
    const { id } = await signUp();
    // with sequential scans priced out, the planner must be able to answer from the index alone
    const plan = await db().$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      return tx.$queryRaw<{ 'QUERY PLAN': string }[]>`
        EXPLAIN SELECT GREATEST(("due" AT TIME ZONE 'UTC')::date, '2026-03-02'::date), count(*)
        FROM "review_cards"
        WHERE "user_id" = ${id}::uuid AND "due" < ('2026-04-01'::timestamp AT TIME ZONE 'UTC')
        GROUP BY 1`;
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/review_cards_user_id_due_idx/);
  });
});

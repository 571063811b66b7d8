import request from 'supertest';
import {
  ERROR_CODES,
  INFLECTION_TERM_IDS,
  ZErrorEnvelopeSchema,
  ZInflectionResponseSchema,
  tagMatches,
} from '@polski/contracts';
import { createTestApp, type TTestApp } from '../../../test/support/test-app';
import { secondApp, withConfig } from '../../../test/support/translation-test-kit';
import { TOO_MANY_CHECKS } from './word-checker.router';
import { wordCheckerModule } from './index';

describe('GET /api/words/inflection', () => {
  let t: TTestApp;
  let ip = 0;
  // every request from its own address, so the per-address limit never touches another test
  const get = (query: Record<string, string>) =>
    request(t.app).get('/api/words/inflection').query(query).set('X-Forwarded-For', `198.51.100.${++ip}`);
  const ok = async (lemma: string, pos: string) => {
    const res = await get({ lemma, pos });
    expect(res.status).toBe(200);
    return ZInflectionResponseSchema.parse(res.body);
  };
  const cellOf = (answer: Awaited<ReturnType<typeof ok>>, title: string, row: string, column: string) => {
    const table = answer.tables.find((x) => x.title.startsWith(title));
    if (!table) throw new Error(`no table ${title}`);
    const r = table.rows.find((x) => x.label.startsWith(row));
    return r?.cells[table.columns.indexOf(column)];
  };

  beforeAll(async () => {
    t = await createTestApp({ modules: [wordCheckerModule], env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('a noun: cases × numbers, each cell with its forms and tags', async () => {
    const pies = await ok('pies', 'noun');
    expect(pies.tables).toHaveLength(1);
    expect(pies.tables[0].columns).toEqual(['Singular', 'Plural']);
    expect(pies.tables[0].rows.map((r) => r.label)).toEqual([
      'Nominative',
      'Genitive',
      'Dative',
      'Accusative',
      'Instrumental',
      'Locative',
      'Vocative',
    ]);
    // stable ids beside the English, for the web's own translations
    expect(pies.tables[0].id).toBe('table.declension');
    expect(pies.tables[0].columnIds).toEqual(['number.sg', 'number.pl']);
    expect(pies.tables[0].rows.map((r) => r.id)).toEqual([
      'case.nom',
      'case.gen',
      'case.dat',
      'case.acc',
      'case.inst',
      'case.loc',
      'case.voc',
    ]);
    const gen = cellOf(pies, 'Declension', 'Genitive', 'Singular');
    expect(gen?.forms).toEqual(['psa']);
    expect(gen?.tags.some((tag) => tagMatches(tag, 'subst:sg:gen:m2'))).toBe(true);
    expect(cellOf(pies, 'Declension', 'Instrumental', 'Plural')?.forms).toEqual(['psami']);
  });

  it('an adjective: cases × genders and numbers, one table per degree', async () => {
    const dobry = await ok('dobry', 'adjective');
    expect(dobry.tables.map((x) => x.title)).toEqual([
      'Declension',
      'Comparative: lepszy',
      'Superlative: najlepszy',
    ]);
    expect(dobry.tables.map((x) => [x.id, x.params])).toEqual([
      ['table.declension', undefined],
      ['table.comparativeOf', { form: 'lepszy' }],
      ['table.superlativeOf', { form: 'najlepszy' }],
    ]);
    expect(dobry.tables[0].columnIds).toEqual([
      'gender.m.sg',
      'gender.f.sg',
      'gender.n.sg',
      'gender.mPersonal.pl',
      'gender.other.pl',
    ]);
    expect(dobry.tables[0].columns).toEqual([
      'Masculine singular',
      'Feminine singular',
      'Neuter singular',
      'Plural, masculine personal (men)',
      'Plural, other',
    ]);
    expect(cellOf(dobry, 'Declension', 'Nominative', 'Plural, masculine personal (men)')?.forms).toEqual([
      'dobrzy',
    ]);
    // the accusative of a masculine: for people and animals first, then for things
    expect(cellOf(dobry, 'Declension', 'Accusative', 'Masculine singular')?.forms).toEqual([
      'dobrego',
      'dobry',
    ]);
    expect(cellOf(dobry, 'Comparative', 'Instrumental', 'Feminine singular')?.forms).toEqual(['lepszą']);
  });

  it('a verb: present, past, future, conditional, imperative and the other forms; a reflexive keeps its się', async () => {
    const robic = await ok('robić', 'verb');
    expect(robic.tables.map((x) => x.title)).toEqual([
      'Present tense',
      'Past tense',
      'Future tense (compound: the verb is imperfective)',
      'Conditional (would)',
      'Imperative (commands)',
      'Other forms',
    ]);
    expect(robic.tables.map((x) => x.id)).toEqual([
      'tense.present',
      'tense.past',
      'tense.futureCompound',
      'mood.conditional',
      'mood.imperative',
      'table.otherForms',
    ]);
    expect(robic.tables[0].rows.map((r) => r.id)).toEqual(['person.1', 'person.2', 'person.3']);
    expect(robic.tables[2]).toMatchObject({
      columnIds: ['number.sg', 'number.pl'],
      noteId: 'note.futureCompound',
      noteParams: { bede: 'będę', examples: 'będę robił, będę robiła' },
    });
    const other = robic.tables[5];
    expect(other.columnIds).toEqual(['form']);
    expect(other.rows.map((r) => [r.id, r.params])).toEqual([
      ['form.inf', undefined],
      ['form.imps', { endings: '-no, -to' }],
      ['form.pcon', { ending: '-ąc' }],
      ['form.pact', { ending: '-ący' }],
      ['form.ppas', undefined],
      ['form.ger', undefined],
    ]);
    expect(cellOf(robic, 'Present tense', '1st person', 'Singular')?.forms).toEqual(['robię']);
    expect(cellOf(robic, 'Past tense', '1st person', 'Feminine singular')?.forms).toEqual(['robiłam']);
    expect(cellOf(robic, 'Future tense', '3rd person', 'Plural')?.forms).toEqual(['będą robić']);
    expect(cellOf(robic, 'Conditional', '2nd person', 'Masculine singular')?.forms).toEqual(['robiłbyś']);
    expect(cellOf(robic, 'Other forms', 'Infinitive', 'Form')?.forms).toEqual(['robić']);

    const zrobic = await ok('zrobić', 'verb');
    expect(zrobic.tables[0].title).toBe('Future tense (simple: the verb is perfective)');
    expect(zrobic.tables[0].id).toBe('tense.futureSimple');
    const uczyc = await ok('uczyć się', 'verb');
    expect(uczyc.lemma).toBe('uczyć się');
    expect(uczyc.tables[0]).toMatchObject({
      noteId: 'note.reflexive',
      noteParams: { sie: 'się', example: 'uczę się' },
    });
    expect(cellOf(uczyc, 'Future tense', '1st person', 'Singular')?.forms).toEqual(['będę się uczyć']);
  });

  it('a pronoun: on declines by gender and number, with its short and n- forms', async () => {
    const on = await ok('on', 'pronoun');
    expect(cellOf(on, 'Declension', 'Dative', 'Masculine singular')?.forms).toEqual(['jemu', 'mu', 'niemu']);
    expect(on.tables[0].note).toMatch(/after a preposition/);
    expect(on.tables[0]).toMatchObject({
      noteId: 'note.pronoun3',
      noteParams: { long: 'jego, jemu', short: 'go, mu', n: 'n-', example: 'do niego' },
    });
    const ja = await ok('ja', 'pronoun');
    expect(ja.tables[0]).toMatchObject({ id: 'table.declension', noteId: 'note.pronoun12' });
    // every id is one the contracts list
    for (const answer of [on, ja]) {
      for (const table of answer.tables) {
        for (const id of [table.id, table.noteId, ...(table.columnIds ?? []), ...table.rows.map((r) => r.id)])
          if (id) expect(INFLECTION_TERM_IDS).toContain(id);
      }
    }
  });

  it('is cached: Cache-Control public and an ETag; a matching If-None-Match gets 304', async () => {
    const first = await get({ lemma: 'kot', pos: 'noun' });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toMatch(/^public/);
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await get({ lemma: 'kot', pos: 'noun' }).set('If-None-Match', etag);
    expect(again.status).toBe(304);
  });

  it('an unknown lemma, or a known one with another part of speech: 404 in the error shape', async () => {
    for (const q of [
      { lemma: 'xyzzyk', pos: 'noun' },
      { lemma: 'szybko', pos: 'verb' },
    ]) {
      const res = await get(q);
      expect(res.status).toBe(404);
      expect(ZErrorEnvelopeSchema.parse(res.body)).toMatchObject({ status: 404, code: ERROR_CODES.notFound });
    }
  });

  it('bad input: 400 with the messages per field', async () => {
    const noLemma = await get({ pos: 'noun' });
    expect(noLemma.status).toBe(400);
    expect(noLemma.body.errors.lemma).toEqual(['Please give a dictionary form']);
    const badPos = await get({ lemma: 'pies', pos: 'adverb' });
    expect(badPos.status).toBe(400);
    expect(badPos.body.errors.pos).toBeDefined();
    const twoWords = await get({ lemma: 'pies kot', pos: 'noun' });
    expect(twoWords.status).toBe(400);
    const long = await get({ lemma: 'a'.repeat(61), pos: 'noun' });
    expect(long.status).toBe(400);
  });

  it('is rate-limited per address with the word checker', async () => {
    const factory = withConfig(wordCheckerModule, {
      WORD_CHECK_RATE_LIMIT: '2',
      WORD_CHECK_RATE_WINDOW_SECONDS: '60',
    });
    const a = await secondApp(t, [factory]);
    const send = () => request(a).get('/api/words/inflection').query({ lemma: 'kot', pos: 'noun' });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const limited = await send();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: ERROR_CODES.rateLimited, message: TOO_MANY_CHECKS });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

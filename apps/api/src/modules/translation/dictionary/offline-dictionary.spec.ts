import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { SpellChecker } from '../../word-checker/spell-checker';
import { WordCheckerService } from '../../word-checker/word-checker.service';
import { DictionaryTranslationProvider } from '../providers/dictionary.provider';
import { OfflineDictionary } from './offline-dictionary';
import { ReferenceDictionary } from '../../../../test/support/offline-dictionary.reference';
import { JsonMembers } from './packed-tables';
import { seededRandom } from '../../../../test/support/seeded-random';

/** A seeded generator (mulberry32): the same sample on every run. */

function sample<T>(xs: readonly T[], n: number, random: () => number): T[] {
  if (xs.length <= n) return [...xs];
  return Array.from({ length: n }, () => xs[Math.floor(random() * xs.length)]);
}

const ALPHABET = [...'aąbcćdeęfghijklłmnńoóprsśtuwyzźż'];
/** A one-edit variant: mostly not a form, sometimes another one. */
function misspell(word: string, random: () => number): string {
  const i = Math.floor(random() * (word.length + 1));
  const c = ALPHABET[Math.floor(random() * ALPHABET.length)];
  return random() < 0.5 ? word.slice(0, i) + c + word.slice(i + 1) : word.slice(0, i) + c + word.slice(i);
}

const upperFirst = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** Collects [query, packed answer, reference answer] where they differ (one expect per query is slow). */
class Diff {
  readonly cases: unknown[] = [];
  count = 0;

  same(query: unknown, mine: unknown, theirs: unknown): void {
    this.count++;
    if (!isDeepStrictEqual(mine, theirs) && this.cases.length < 10) this.cases.push([query, mine, theirs]);
  }
}

/** The packed tables must answer every query exactly as the Maps they replaced (offline-dictionary.reference.ts). */
describe('offline dictionary: packed tables against the Maps they replaced (shipped data)', () => {
  const packed = new OfflineDictionary();
  const reference = new ReferenceDictionary();
  const random = seededRandom(20261122);
  const langs = packed.languagesWithData();
  let forms: string[] = [];

  beforeAll(async () => {
    forms = [...(await reference.morphology()).keys()];
  }, 60_000);

  it('has the same languages and table sizes', async () => {
    expect(langs).toEqual(reference.languagesWithData());
    expect(langs).toHaveLength(16);
    for (const lang of langs)
      expect((await packed.polishTo(lang))!.size).toBe((await reference.polishTo(lang))!.size);
    expect((await packed.intoPolish('en'))!.size).toBe((await reference.intoPolish('en'))!.size);
    expect(await packed.polishTo('cs')).toBeNull();
    expect(await packed.intoPolish('de')).toBeNull();
    expect(forms.length).toBe(574_308);
  }, 60_000);

  it('gives the same lemmas for 20,000 random forms, their capitalised and upper-case spellings and misspellings', async () => {
    const words = sample(forms, 20_000, random);
    const queries = [
      ...words,
      ...words.slice(0, 3000).map(upperFirst),
      ...words.slice(3000, 4000).map((w) => w.toUpperCase()),
      ...words.slice(4000, 7000).map((w) => misspell(w, random)),
      '',
      'dzień dobry',
      'psa kota',
    ];
    const diff = new Diff();
    let found = 0;
    for (const w of queries) {
      const got = await packed.lemmasOf(w, 'en');
      diff.same(w, got, await reference.lemmasOf(w, 'en'));
      if (got.length) found++;
    }
    for (const lang of ['de', 'ja', 'cs'])
      for (const w of words.slice(0, 1500))
        diff.same([w, lang], await packed.lemmasOf(w, lang), await reference.lemmasOf(w, lang));
    expect(diff.cases).toEqual([]);
    expect(diff.count).toBe(queries.length + 4500);
    expect(found).toBeGreaterThan(20_000);
  }, 120_000);

  it('gives the same entries for every Polish -> English headword, and for samples of every other language', async () => {
    const diff = new Diff();
    const english = (await reference.polishTo('en'))!;
    const mineEnglish = (await packed.polishTo('en'))!;
    for (const headword of english.keys()) {
      diff.same(headword, mineEnglish.get(headword), english.get(headword));
      diff.same(
        headword,
        await packed.polishEntries(headword, 'en'),
        await reference.polishEntries(headword, 'en'),
      );
    }
    expect(diff.count).toBe(2 * 35_649);
    for (const lang of [...langs.filter((l) => l !== 'en'), 'cs']) {
      const theirs = await reference.polishTo(lang);
      const mine = await packed.polishTo(lang);
      const headwords = sample(theirs ? [...theirs.keys()] : [], 2000, random);
      for (const h of [...headwords, ...sample(forms, 200, random), 'qwzxv']) {
        diff.same([h, lang], mine?.has(h), theirs?.has(h));
        diff.same([h, lang], mine?.get(h), theirs?.get(h));
        diff.same([h, lang], await packed.polishEntries(h, lang), await reference.polishEntries(h, lang));
      }
    }
    expect(diff.cases).toEqual([]);
  }, 120_000);

  it('gives the same English -> Polish entries for every headword', async () => {
    const theirs = (await reference.intoPolish('en'))!;
    const mine = (await packed.intoPolish('en'))!;
    const diff = new Diff();
    for (const h of [...theirs.keys(), 'kot', 'Cat', 'cats', '']) diff.same(h, mine.get(h), theirs.get(h));
    expect(diff.cases).toEqual([]);
    expect(diff.count).toBe(16_815 + 4);
  }, 60_000);

  it('builds the same reverse index (keys, headwords, ranks and order)', async () => {
    const diff = new Diff();
    for (const lang of ['en', 'de', 'el', 'ja', 'ru']) {
      const theirs = (await reference.reverseIndex(lang))!;
      const mine = (await packed.reverseIndex(lang))!;
      expect(mine.size).toBe(theirs.size);
      for (const [key, hits] of theirs) diff.same([lang, key], mine.get(key), hits);
      expect(mine.get('qwzxv')).toBeUndefined();
    }
    expect(diff.cases).toEqual([]);
    expect(diff.count).toBeGreaterThan(100_000);
    expect(await packed.reverseIndex('cs')).toBeNull();
  }, 120_000);

  it('translates and looks words up identically (provider and lookup route service)', async () => {
    const signal = new AbortController().signal;
    const mine = new DictionaryTranslationProvider(packed);
    const theirs = new DictionaryTranslationProvider(reference as unknown as OfflineDictionary);
    const english = [...(await reference.intoPolish('en'))!.keys()];
    const german = [...(await reference.polishTo('de'))!.values()].flatMap((l) => l.flatMap((e) => e.senses));
    const texts: [string, string, string][] = [];
    for (let i = 0; i < 300; i++) {
      const words = sample(forms, 1 + Math.floor(random() * 5), random).join(' ');
      texts.push([upperFirst(words) + '.', 'pl', langs[i % langs.length]]);
      texts.push([sample(english, 1 + (i % 3), random).join(' '), 'en', 'pl']);
      texts.push([sample(german, 1, random)[0], 'de', 'pl']);
    }
    texts.push(
      ['Dzień dobry!', 'pl', 'en'],
      ['thank you', 'en', 'pl'],
      ['γάτα', 'el', 'pl'],
      ['kot', 'pl', 'cs'],
    );
    const diff = new Diff();
    for (const [text, source, target] of texts) {
      const input = { text, source: source as 'pl', target: target as 'en' };
      diff.same(
        [text, source, target],
        await mine.translate(input, signal),
        await theirs.translate(input, signal),
      );
    }
    const spell = {} as SpellChecker;
    const service = new WordCheckerService(spell, packed);
    const old = new WordCheckerService(spell, reference as unknown as OfflineDictionary);
    for (const w of sample(forms, 1000, random))
      for (const lang of ['en', 'de'] as const)
        diff.same([w, lang], await service.lookup(w, lang), await old.lookup(w, lang));
    expect(diff.cases).toEqual([]);
    expect(diff.count).toBe(texts.length + 2000);
  }, 120_000);
});

describe('offline dictionary: packed tables on awkward data', () => {
  let dir: string;
  const lone = '\ud800';
  const pair = {
    source: 'pl',
    target: 'en',
    entries: {
      kot: [['noun', ['cat']]],
      '10': [['numeral', ['ten']]],
      '2': [['numeral', ['two']]],
      'a"b': [['noun', ['quote'], 'ipa']],
      [`x${lone}`]: [['noun', ['lone surrogate']]],
      [`${'y'.repeat(40)}${lone}`]: [['noun', ['long, with a lone surrogate']]],
      '': [['', ['empty headword']]],
      pusty: [],
      'dzień dobry': [['interjection', ['good day']]],
      __proto__: [['noun', ['proto']]],
    },
  };

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dict-'));
    // a repeated name keeps its first place and its last value, as JSON.parse does; whitespace between tokens
    const json = JSON.stringify(pair)
      .replace('"kot":', '"kot": [["noun", ["first"]]] ,\n "kot" :')
      .replace('"entries":', '"entries" :\n');
    writeFileSync(join(dir, 'pl-en.json.gz'), gzipSync(json));
    const morph = Buffer.concat([
      Buffer.from('kot\tkota kotu  kocie\nno tab here\npies\tpsa kota\n'),
      Buffer.from([0x7a, 0x09, 0x61, 0xff, 0x62, 0x20]), // invalid UTF-8 in a form, then an empty form
      Buffer.from('\nkot\tkota\t2\ndzień dobry\tdnia dobrego\nostatni\tostatnia'),
    ]);
    writeFileSync(join(dir, 'pl-morphology.tsv.gz'), gzipSync(morph));
    writeFileSync(
      join(dir, 'manifest.json'),
      JSON.stringify({
        pairs: [{ source: 'pl', target: 'en', file: 'pl-en.json.gz', headwords: 9 }],
        morphology: { file: 'pl-morphology.tsv.gz' },
      }),
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers like the Maps on every query', async () => {
    const packed = new OfflineDictionary(dir);
    const reference = new ReferenceDictionary(dir);
    const queries = [
      ...Object.keys(pair.entries),
      'kota',
      'Kota',
      'KOTA',
      'kotu',
      'kocie',
      'psa',
      '',
      'a\ufffdb',
      'a\ufffdb ',
      'kota kotu',
      'kota\t2',
      'kota\t',
      '2',
      'dnia dobrego',
      'dnia',
      'ostatnia',
      'ostatni',
      'no tab here',
      lone,
      `x${lone}`,
      `${lone}x`,
      '\ud83d\ude00',
      'a"b',
      'constructor',
      'toString',
      'kota'.repeat(1000),
      `${'y'.repeat(40)}${lone}`,
      'y'.repeat(40),
    ];
    expect((await packed.polishTo('en'))!.size).toBe((await reference.polishTo('en'))!.size);
    for (const q of queries) {
      expect([q, await packed.lemmasOf(q)]).toEqual([q, await reference.lemmasOf(q)]);
      expect([q, (await packed.polishTo('en'))!.get(q)]).toEqual([
        q,
        (await reference.polishTo('en'))!.get(q),
      ]);
      expect([q, await packed.polishEntries(q, 'en')]).toEqual([q, await reference.polishEntries(q, 'en')]);
    }
    expect(await packed.lemmasOf('kota')).toEqual(['kot', 'pies']);
    expect(await packed.lemmasOf('a\ufffdb')).toEqual(['z']);
    expect(await packed.lemmasOf('')).toEqual(['', 'kot', 'z']);
    expect((await packed.polishTo('en'))!.get('kot')).toEqual([
      { headword: 'kot', pos: 'noun', senses: ['cat'] },
    ]);
    const reverse = (await packed.reverseIndex('en'))!;
    const theirs = (await reference.reverseIndex('en'))!;
    expect(reverse.size).toBe(theirs.size);
    for (const [key, hits] of theirs) expect(reverse.get(key)).toEqual(hits);
  });

  it('lists members in Object.entries order and refuses what is not JSON of that shape', async () => {
    const json = '{"a":1,"e":{"b":[1],"7":[2],"c":["]\\"["],"1":[3],"b":[4]},"z":null}';
    const m = await JsonMembers.scan(Buffer.from(json), 'e');
    expect(m.names).toEqual(Object.keys((JSON.parse(json) as { e: object }).e));
    expect(m.names.map((_, i) => m.text.toString('utf8', m.starts[i], m.ends[i]))).toEqual([
      '[3]',
      '[2]',
      '[4]',
      '["]\\"["]',
    ]);
    for (const bad of [
      '',
      '[]',
      '{"e":{"a":[1]}',
      '{"e":{"a" [1]}}',
      '{"e":{"a":["x]}}',
      '{"x":1}',
      '{"e":{}} x',
    ])
      await expect(JsonMembers.scan(Buffer.from(bad), 'e')).rejects.toThrow(SyntaxError);
  });

  it('retries a failed load rather than caching the failure', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'dict-'));
    try {
      writeFileSync(join(broken, 'pl-en.json.gz'), gzipSync('{"entries":{"kot":{"not":"a list"}}}'));
      writeFileSync(
        join(broken, 'manifest.json'),
        JSON.stringify({ pairs: [{ source: 'pl', target: 'en', file: 'pl-en.json.gz' }], morphology: null }),
      );
      const d = new OfflineDictionary(broken);
      await expect(d.polishTo('en')).rejects.toThrow('not a list');
      writeFileSync(join(broken, 'pl-en.json.gz'), gzipSync('{"entries":{"kot":[["noun",["cat"]]]}}'));
      expect((await d.polishTo('en'))!.has('kot')).toBe(true);
      expect(await d.lemmasOf('kot')).toEqual(['kot']);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});

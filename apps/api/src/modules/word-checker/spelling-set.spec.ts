import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkWord, SPELLING_LIST_FILE, SpellChecker } from './spell-checker';
import { SpellingFormatError, SpellingSet } from './spelling-set';
import { nspellSuggest } from './spelling-suggest';
import { rankSuggestions } from './word-checker.service';

describe('the compact spelling list', () => {
  let set: SpellingSet;
  const checker = new SpellChecker();

  beforeAll(async () => {
    // built at npm install; built here (~10-15 s) if missing
    await checker.ready();
    set = checker.spelling!;
  }, 120_000);
  afterAll(() => checker.close());

  it('holds every form of hunspell-pl in under 3 MB', () => {
    expect(set.size).toBeGreaterThan(3_400_000);
    expect(set.bytes).toBeLessThan(3_000_000);
    expect(set.meta.rep).toContainEqual(['rz', 'ż']);
    expect(set.meta.try).toContain('ż');
  });

  it.each([
    'kot',
    'kota',
    'chleb',
    'żółw',
    'żółwia',
    'dziękuję',
    'źdźbło',
    'gżegżółka',
    'poszedłem',
    'konstantynopolitańczyk',
    'najpiękniejszymi',
    'nieprzyjemny',
    'Kraków',
    'Warszawa',
    "Rolls-Royce'a",
  ])('has %s as written', (w) => {
    expect(set.has(w)).toBe(true);
    expect(set.correct(w)).toBe(true);
  });

  it('accepts case variants as nspell does: capitalised and uppercase words, but no lowercase proper names', () => {
    for (const w of ['Kot', 'KOT', 'Żółw', 'ŻÓŁW', 'Źdźbło', 'KRAKÓW', 'JAN'])
      expect(set.correct(w)).toBe(true);
    expect(set.has('Żółw')).toBe(false);
    for (const w of ['kraków', 'paryż', 'jan', 'jAN']) expect(set.correct(w)).toBe(false);
  });

  it.each(['zolw', 'rzaba', 'hleb', 'żólw', 'kkot', 'dziekuje', 'xyzzy', 'Zolw', 'ZOLW', '', '   '])(
    'refuses %p',
    (w) => {
      expect(set.correct(w)).toBe(false);
    },
  );

  it.each([
    ['zolw', 'żółw'],
    ['rzaba', 'żaba'],
    ['hleb', 'chleb'],
    ['zaba', 'żaba'],
    ['ksiazka', 'książka'],
    ['samochud', 'samochód'],
    ['dzienkuje', 'dziękuje'],
    ['Zolw', 'Żółw'],
  ])('suggests %s -> %s first', (typo, best) => {
    const res = checkWord(set, typo);
    expect(res.correct).toBe(false);
    expect(rankSuggestions(res, () => false)[0]).toBe(best);
  });

  it('finds the learner candidates: diacritics, confusions, one edit away', () => {
    expect(checkWord(set, 'zolw').diacritics).toEqual(['żółw']);
    expect(checkWord(set, 'rzaba').other).toContain('żaba');
    expect(checkWord(set, 'hleb').other).toContain('chleb');
    expect(checkWord(set, 'chleb')).toEqual({
      word: 'chleb',
      correct: true,
      suggestions: [],
      diacritics: [],
      other: [],
    });
  });

  it("orders nspell's suggestions as nspell does (weight, then casing, then alphabet)", () => {
    expect(nspellSuggest(set, 'hleb')[0]).toBe('chleb');
    expect(nspellSuggest(set, 'rzaba')[0]).toBe('żaba');
    expect(nspellSuggest(set, 'kot')).toEqual([]);
    expect(nspellSuggest(set, 'Zolw').every((s) => s.charAt(0) === s.charAt(0).toUpperCase())).toBe(true);
  });

  it('refuses a file that is not a spelling list, or a truncated one', () => {
    expect(() =>
      SpellingSet.fromBuffer(Buffer.from('not a list at all, not at all, no, not at all ......')),
    ).toThrow(SpellingFormatError);
    const head = readFileSync(SPELLING_LIST_FILE).subarray(0, 100_000);
    expect(() => SpellingSet.fromBuffer(head)).toThrow(/truncated/);
  });

  it('builds the list when it is missing or was built from other dictionary files, and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'polski-spelling-'));
    try {
      const file = join(dir, 'spelling-pl.bin');
      copyFileSync(SPELLING_LIST_FILE, file);
      const bytes = readFileSync(file);
      bytes[40] ^= 0xff; // another fingerprint: built from other dictionary files
      writeFileSync(file, bytes);
      const logs: string[] = [];
      const stale = new SpellChecker({ file, log: (level, m) => logs.push(`${level} ${m}`) });
      await stale.ready();
      expect(logs[0]).toMatch(/^warn .*other dictionary files; building it/);
      expect(logs[1]).toMatch(/^info .*built the spelling list/);
      expect(stale.spelling!.correct('żółw')).toBe(true);
      expect(stale.spelling!.fingerprint.equals(set.fingerprint)).toBe(true);

      const missing = new SpellChecker({ file: join(dir, 'none', 'spelling-pl.bin'), log: () => undefined });
      await expect(missing.ready()).resolves.toBeUndefined();
      expect(missing.spelling!.size).toBe(set.size);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { sharedCatalogue } from '../../apps/api/src/modules/content/catalogue';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { i18nFilePath } from '../../apps/api/src/modules/content/i18n';
import { readI18nFile, writeI18nFile } from './files';
import { checkAllLanguages, checkLanguage, entryProblems, languageProblem, scriptProblem } from './gates';

const content = resolve(__dirname, '../../content');
const catalogue = sharedCatalogue(content);
const CB1 = 'lessons/complete-beginner/complete-beginner-1';
const MOON1 = 'lessons/beginner-moon-story/moon-1';

describe('translation gates over content/i18n (npm test)', () => {
  it('every language present passes: aligned, complete where declared, right script and language', () => {
    const reports = checkAllLanguages(catalogue, content);
    expect(reports.map((r) => r.lang)).toContain('de');
    for (const r of reports) expect({ lang: r.lang, errors: r.errors }).toEqual({ lang: r.lang, errors: [] });
    const de = reports.find((r) => r.lang === 'de')!;
    // a language in progress reports what is left as missing, per file of the content
    expect(de.missing.has(CB1)).toBe(false);
    const ids = new Set(catalogue.sourceIds());
    for (const r of reports)
      for (const [id, n] of r.missing)
        expect({ lang: r.lang, id, known: ids.has(id), n: n > 0 }).toEqual({
          lang: r.lang,
          id,
          known: true,
          n: true,
        });
    // every language of the product's list besides English is complete (docs/content.md, "Translations")
    expect(reports).toHaveLength(28);
    expect(reports.filter((r) => r.missing.size > 0).map((r) => r.lang)).toEqual([]);
  });
});

describe('translation gates on broken fixtures', () => {
  let dir: string;
  const manifest = (text: string) => writeFileSync(join(dir, 'i18n', 'languages.yaml'), text);
  const edit = (
    lang: string,
    id: string,
    change: (entries: Record<string, { text: string; src: string; status: string }>) => void,
  ) => {
    const path = i18nFilePath(dir, lang, id);
    const file = readI18nFile(path)!;
    change(file.entries);
    writeI18nFile(path, file);
  };
  const errors = (lang = 'de') => checkLanguage(catalogue, dir, lang).errors;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'i18n-gates-'));
    cpSync(join(content, 'i18n'), join(dir, 'i18n'), { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('passes the copy as it is', () => {
    expect(errors()).toEqual([]);
  });

  it('fails a translation whose Polish sentence changed (stale hash)', () => {
    edit('de', CB1, (e) => (e['p0.s1'].src = '00000000'));
    expect(errors()).toEqual([
      expect.stringMatching(/complete-beginner-1\.yaml: p0\.s1: its source changed .*Jestem studentką/),
    ]);
  });

  it('fails an entry whose sentence no longer exists (unknown key)', () => {
    edit('de', CB1, (e) => (e['p9.s0'] = { ...e['p0.s0'] }));
    expect(errors()).toEqual([expect.stringContaining('p9.s0: no such text in the source')]);
  });

  it('fails a missing or empty translation in a file declared complete, and reports it elsewhere', () => {
    edit('de', CB1, (e) => {
      e['p0.s1'].text = '';
      e['p0.s1'].status = 'missing';
      e['q0'].text = ' ';
    });
    expect(errors()).toEqual([
      expect.stringMatching(/complete-beginner-1\.yaml: 2 of \d+ texts not translated/),
    ]);
    edit('de', CB1, (e) => (e['q1'].status = 'missing'));
    expect(errors()).toContainEqual(expect.stringContaining('q1: has a text but status missing'));
  });

  it('fails an empty text marked reviewed as not translated', () => {
    edit('de', MOON1, (e) => (e['p1.s0'].text = ''));
    expect(errors()).toEqual([expect.stringMatching(/moon-1\.yaml: 1 of \d+ texts not translated/)]);
  });

  it('only reports missing texts of an in-progress file not listed as complete', () => {
    manifest('de:\n  status: in-progress\n  complete: [lessons/beginner-moon-story/moon-1]\n');
    edit('de', CB1, (e) => {
      e['p0.s1'].text = '';
      e['p0.s1'].status = 'missing';
    });
    const r = checkLanguage(catalogue, dir, 'de');
    expect(r.errors).toEqual([]);
    expect(r.missing.get(CB1)).toBe(1);
  });

  it('fails every missing file of a language declared complete', () => {
    manifest('de:\n  status: complete\n');
    // German is complete: one file of the copy loses a text and another is gone, whatever the language's state
    edit('de', CB1, (e) => {
      e['p0.s0'].text = '';
      e['p0.s0'].status = 'missing';
    });
    rmSync(i18nFilePath(dir, 'de', MOON1));
    const r = checkLanguage(catalogue, dir, 'de');
    // the German files already fully translated pass; every other file of the language is an error
    const full = catalogue.sourceIds().filter((id) => {
      const f = readI18nFile(i18nFilePath(dir, 'de', id));
      return f !== undefined && Object.values(f.entries).every((e) => e.text !== '');
    }).length;
    expect(full).toBeGreaterThanOrEqual(4);
    expect(catalogue.sourceIds().length - full).toBeGreaterThanOrEqual(2);
    expect(r.errors.length).toBe(catalogue.sourceIds().length - full);
    expect(r.errors).toContainEqual(
      expect.stringMatching(/i18n\/de\/.*\.yaml: \d+ of \d+ texts not translated/),
    );
  });

  it('fails a translation left in English', () => {
    edit(
      'de',
      MOON1,
      (e) => (e['p0.s1'].text = 'She lives with her mum and her grandma in a small village in Masuria.'),
    );
    edit('de', CB1, (e) => (e['p0.s0'].text = "Hi! I'm Ania."));
    expect(errors()).toEqual([
      expect.stringMatching(/complete-beginner-1\.yaml: p0\.s0: left in English/),
      expect.stringMatching(/moon-1\.yaml: p0\.s1: reads as English \(tinyld/),
    ]);
  });

  it('fails a short translation left in Polish as it is', () => {
    edit('de', CB1, (e) => (e['p1.s3'].text = 'Jesteś nowa?'));
    expect(errors()).toEqual([expect.stringContaining('p1.s3: left in Polish: "Jesteś nowa?"')]);
  });

  it('fails a translation left in Polish', () => {
    edit('de', MOON1, (e) => (e['p0.s1'].text = 'Mieszka z mamą i babcią w małej wsi na Mazurach.'));
    expect(errors()).toEqual([expect.stringMatching(/moon-1\.yaml: p0\.s1: reads as Polish/)]);
  });

  it('fails letters a Latin-script language does not write', () => {
    edit('de', MOON1, (e) => (e['p0.s0'].text = 'Zosia ist ocho Jahre alt, señor.'));
    expect(errors()).toEqual([expect.stringContaining('p0.s0: letters not of de: ñ')]);
  });

  it('fails a Ukrainian translation in Latin script and passes one in Cyrillic', () => {
    manifest(
      'de:\n  status: in-progress\nuk:\n  status: in-progress\n  complete: [blog/the-7-polish-cases-explained]\n',
    );
    const id = 'blog/the-7-polish-cases-explained';
    const file = readI18nFile(i18nFilePath(dir, 'de', CB1))!;
    const units = catalogue.units(id)!;
    const entries = (texts: string[]) =>
      Object.fromEntries(
        units.map((u, i) => [u.key, { src: u.src, en: u.en, text: texts[i], status: 'reviewed' as const }]),
      );
    writeI18nFile(i18nFilePath(dir, 'uk', id), {
      ...file,
      lang: 'uk',
      source: id,
      entries: entries(['Sim vidminkiv', 'Korotko pro vidminky']),
    });
    expect(checkLanguage(catalogue, dir, 'uk').errors).toEqual([
      expect.stringContaining('title: not in the uk script (0/'),
      expect.stringContaining('description: not in the uk script (0/'),
    ]);
    writeI18nFile(i18nFilePath(dir, 'uk', id), {
      ...file,
      lang: 'uk',
      source: id,
      entries: entries(['Сім польських відмінків', 'Польські відмінки коротко й просто']),
    });
    expect(checkLanguage(catalogue, dir, 'uk').errors).toEqual([]);
  });

  it('fails a translation file without a source, and a language missing from the manifest', () => {
    const file = readI18nFile(i18nFilePath(dir, 'de', CB1))!;
    writeI18nFile(i18nFilePath(dir, 'de', 'lessons/complete-beginner/no-such-lesson'), {
      ...file,
      source: 'lessons/complete-beginner/no-such-lesson',
    });
    expect(errors()).toContainEqual(expect.stringContaining('no-such-lesson.yaml: no such source file'));
    manifest('fr:\n  status: in-progress\n');
    expect(errors()).toContainEqual('i18n/de: not listed in content/i18n/languages.yaml');
  });
});

describe('script check', () => {
  const none = new Set<string>();
  it.each([
    ['uk', 'Привіт! Я Аня.'],
    ['ru', 'Привет! Я Аня.'],
    ['bg', 'Здравей! Аз съм Аня.'],
    ['el', 'Γεια! Είμαι η Άνια.'],
    ['ar', 'مرحبا! أنا آنيا.'],
    ['ja', 'こんにちは！アニャです。'],
    ['zh', '你好！我是阿妮娅。'],
    ['ko', '안녕! 나는 아냐야.'],
    ['de', 'Grüß dich! Ich heiße Ania.'],
    ['fr', 'Bonjour ! Je suis Ania, très contente.'],
    ['tr', 'Merhaba! Ben Ania, öğrenciyim.'],
  ])('accepts %s in its own script', (lang, text) => {
    expect(scriptProblem(lang, text, none)).toBeUndefined();
  });

  it.each([
    ['uk', 'Hello! I am Ania.'],
    ['el', 'Privet, ya Anya.'],
    ['ar', 'Hello! I am Ania.'],
    ['ja', '你好！我是阿妮娅，今天很高兴。'],
    ['zh', 'こんにちは！アニャです。'],
    ['ko', '你好！我是阿妮娅。'],
    ['fr', 'Grüß dich, ich heiße Ania.'],
  ])('rejects %s in another script', (lang, text) => {
    expect(scriptProblem(lang, text, none)).toBeDefined();
  });

  it('ignores quoted Polish words (the content’s own, or with a letter only Polish has)', () => {
    expect(scriptProblem('de', 'jestem: „ich bin“, von być', new Set(['jestem']))).toBeUndefined();
    expect(scriptProblem('uk', 'jestem: «я є», від być', new Set(['jestem']))).toBeUndefined();
  });

  it('lets a line that is only names stay as it is, and nothing else', () => {
    const name = {
      src: '00000000',
      pl: 'Bartosz Wiśniewski.',
      en: 'Bartosz Wiśniewski.',
      text: 'Bartosz Wiśniewski.',
    };
    expect(entryProblems('cs', 'p0.s3', { ...name, status: 'reviewed' }, none)).toEqual([]);
    const line = { src: '00000000', pl: 'Jesteś nowa?', en: 'Are you new?', text: 'Jesteś nowa?' };
    expect(entryProblems('cs', 'p1.s3', { ...line, status: 'reviewed' }, none)).toEqual([
      expect.stringContaining('left in Polish'),
    ]);
  });

  it('takes Turkish İ as Turkish, and ó as Polish in a language that does not write it', () => {
    expect(scriptProblem('tr', 'İyi akşamlar, İstanbul!', none)).toBeUndefined();
    expect(scriptProblem('tr', 'üç bilet, beş biletów', none)).toBeUndefined();
    expect(scriptProblem('sv', 'fem biletów', none)).toBeUndefined();
    // Lithuanian writes ą and ę, not the other Polish letters
    expect(scriptProblem('lt', 'veiksmažodžio forma: słyszę, śpisz', none)).toBeUndefined();
    expect(scriptProblem('lt', 'Ąžuolas ir ęsą', none)).toBeUndefined();
    // a letter Turkish does not have is still refused
    expect(scriptProblem('tr', 'Straße', none)).toBeDefined();
  });

  it('ignores a quoted Polish word with a particle written straight after it (Korean, Japanese)', () => {
    const names = new Set(['zosia', 'mruczek']);
    expect(scriptProblem('ko', 'Zosia는 왜 Mruczek을 쳐다보나요?', names)).toBeUndefined();
    expect(scriptProblem('ja', 'Zosiaは Mruczekを見ています。', names)).toBeUndefined();
    // an English word with a particle is not Polish: still counted
    expect(scriptProblem('ko', 'Catherine는 Elizabeth을 봐요', names)).toBeDefined();
  });
});

describe('language identification: the length rule', () => {
  const none = new Set<string>();
  it('does not ask about short texts', () => {
    expect(languageProblem('de', 'Good morning!', none)).toBeUndefined();
    expect(languageProblem('de', 'Dzień dobry!', none)).toBeUndefined();
  });
  it('flags English and Polish in longer texts, and passes the language itself', () => {
    expect(languageProblem('de', 'The cat is sitting by the window tonight.', none)).toMatch(/English/);
    const polish = new Set(['kot', 'siedzi', 'przy', 'oknie', 'i', 'patrzy', 'na', 'niebo']);
    expect(languageProblem('cs', 'Kot siedzi przy oknie i patrzy na niebo.', polish)).toMatch(/Polish/);
    expect(
      languageProblem('de', 'Der Kater sitzt am Fenster und schaut in den Himmel.', none),
    ).toBeUndefined();
  });
});

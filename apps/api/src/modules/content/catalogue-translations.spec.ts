import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse, stringify } from 'yaml';
import type { TI18nFile } from '@polski/contracts';
import { workspacePath } from '../../lib/paths';
import { loadCatalogue } from './catalogue';

/**
 * The catalogue reads a translation file on its first reader's request, not at start (docs/performance.md, "Loading
 * the catalogue"), and only files of the catalogue's own sources in a content language. On a copy of the
 * repository's content whose content/i18n holds two German files.
 */
const real = workspacePath('content');
const dir = mkdtempSync(join(tmpdir(), 'catalogue-translations-'));
for (const sub of ['lessons', 'grammar', 'podcast', 'blog', 'annotations', 'lexicon']) symlinkSync(join(real, sub), join(dir, sub));
const CB1 = 'lessons/complete-beginner/complete-beginner-1';
const MOON1 = 'lessons/beginner-moon-story/moon-1';
const path = (lang: string, id: string) => join(dir, 'i18n', lang, `${id}.yaml`);
for (const id of [CB1, MOON1]) {
  mkdirSync(dirname(path('de', id)), { recursive: true });
  cpSync(join(real, 'i18n/de', `${id}.yaml`), path('de', id));
}
const read = (id: string) => parse(readFileSync(path('de', id), 'utf8')) as TI18nFile;
const write = (id: string, file: TI18nFile) => writeFileSync(path('de', id), stringify(file));
const original = read(CB1);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('translations of the content, read on demand', () => {
  it('reads a file when it is first asked for, once', () => {
    try {
      const catalogue = loadCatalogue(dir);
      // changed after the catalogue was loaded, before anyone asked: the first reader gets the file as it is now
      write(CB1, { ...original, entries: { ...original.entries, title: { ...original.entries.title, text: 'Zuerst' } } });
      expect(catalogue.translations('de', CB1)?.get('title')).toBe('Zuerst');
      // changed again: the text read first stays (no file system work per request)
      write(CB1, { ...original, entries: { ...original.entries, title: { ...original.entries.title, text: 'Danach' } } });
      expect(catalogue.translations('de', CB1)?.get('title')).toBe('Zuerst');
    } finally {
      write(CB1, original);
    }
  });

  it('a broken file does not stop the catalogue; its lesson is served in English, the others translated', () => {
    const moon = read(MOON1);
    writeFileSync(path('de', MOON1), 'entries: [unclosed\n');
    try {
      const catalogue = loadCatalogue(dir);
      expect(catalogue.translations('de', MOON1)).toBeUndefined();
      expect(catalogue.translations('de', CB1)?.get('p0.s1')).toBe(original.entries['p0.s1'].text);
    } finally {
      write(MOON1, moon);
    }
  });

  it('uses current entries only: a stale one (its source changed) or a missing one is not there', () => {
    const file = read(CB1);
    file.entries['p0.s1'] = { ...file.entries['p0.s1'], src: '00000000' };
    file.entries['p0.s2'] = { ...file.entries['p0.s2'], text: '', status: 'missing' };
    write(CB1, file);
    try {
      const texts = loadCatalogue(dir).translations('de', CB1);
      expect(texts?.has('p0.s1')).toBe(false);
      expect(texts?.has('p0.s2')).toBe(false);
      expect(texts?.get('title')).toBe(original.entries.title.text);
    } finally {
      write(CB1, original);
    }
  });

  it('a file that names another language or source is not used', () => {
    write(CB1, { ...original, lang: 'es' } as TI18nFile);
    try {
      expect(loadCatalogue(dir).translations('de', CB1)).toBeUndefined();
    } finally {
      write(CB1, original);
    }
  });

  it('looks nothing up outside the content languages and the catalogue’s own sources', () => {
    const catalogue = loadCatalogue(dir);
    // a file that would be found if the id or the language were used as a path
    mkdirSync(join(dir, 'i18n/xx/lessons/complete-beginner'), { recursive: true });
    cpSync(path('de', CB1), join(dir, 'i18n/xx', `${CB1}.yaml`));
    cpSync(path('de', CB1), join(dir, 'i18n/de/secret.yaml'));
    expect(catalogue.translations('xx', CB1)).toBeUndefined();
    expect(catalogue.translations('en', CB1)).toBeUndefined();
    expect(catalogue.translations('de', 'secret')).toBeUndefined();
    expect(catalogue.translations('de', `lessons/../secret`)).toBeUndefined();
    expect(catalogue.translations('de', CB1)?.size).toBeGreaterThan(10);
  });
});

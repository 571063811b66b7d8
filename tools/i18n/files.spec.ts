import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { readI18nFile, writeI18nFile } from './files';

describe('translation files as written', () => {
  it('read the same in YAML 1.1 as in 1.2: yes, no and on stay words', () => {
    const dir = mkdtempSync(join(tmpdir(), 'i18n-files-'));
    try {
      const path = join(dir, 'x.yaml');
      writeI18nFile(path, {
        lang: 'lv',
        source: 'lessons/complete-beginner/complete-beginner-1',
        entries: {
          'word.tak.1': { src: 'f59abdbf', pl: 'tak', en: 'yes', text: 'jā', status: 'reviewed' },
          'word.on.1': { src: '00000001', pl: 'on', en: 'he', text: '', status: 'missing' },
          'word.nie.2': { src: '00000002', pl: 'nie', en: 'no', text: 'nē', status: 'reviewed' },
        },
      });
      const text = readFileSync(path, 'utf8');
      // a YAML 1.1 reader (PyYAML, many editors) gets strings, not booleans
      const old = parse(text, { version: '1.1' }) as {
        entries: Record<string, { pl: unknown; en: unknown }>;
      };
      expect(old.entries['word.tak.1'].en).toBe('yes');
      expect(old.entries['word.on.1'].pl).toBe('on');
      expect(old.entries['word.nie.2'].en).toBe('no');
      // and the product reads it back unchanged
      expect(readI18nFile(path)?.entries['word.tak.1']).toEqual({
        src: 'f59abdbf',
        pl: 'tak',
        en: 'yes',
        text: 'jā',
        status: 'reviewed',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

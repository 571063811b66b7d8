import { workspacePath } from '../../lib/paths';
import { loadCatalogue, sharedCatalogue } from '../content/catalogue';
import * as i18n from '../content/i18n';
import { LessonMemory, memoryKey } from './lesson-memory';
import { contentWithoutTranslation, UNTRANSLATED_LESSON } from '../../../test/support/content-languages';

describe('lesson memory', () => {
  const catalogue = sharedCatalogue(workspacePath('content'));
  const memory = new LessonMemory(catalogue);
  const premiumLesson = catalogue.allLessons().find((l) => l.premium && l.hub === 'complete-beginner')!;
  const line = premiumLesson.paragraphs[1].sentences[0];

  it('normalises case, punctuation and whitespace, not letters', () => {
    expect(memoryKey('  Cześć!  Jestem ANIA. ')).toBe('cześć jestem ania');
    expect(memoryKey('„Dobranoc, Księżycu” — mówi')).toBe('dobranoc księżycu mówi');
    expect(memoryKey('Jestem studentka')).not.toBe(memoryKey('Jestem studentką'));
  });

  it('answers a premium lesson’s sentence to premium readers only', async () => {
    // unless a free line has the very same text
    const free = catalogue
      .allLessons()
      .some(
        (l) =>
          !l.premium &&
          l.paragraphs.some((p) => p.sentences.some((s) => memoryKey(s.pl) === memoryKey(line.pl))),
      );
    expect(free).toBe(false);
    await expect(memory.lookup(line.pl, 'pl', 'en', true)).resolves.toBe(line.en);
    await expect(memory.lookup(line.pl, 'pl', 'en', false)).resolves.toBeUndefined();
  });

  it('uses only reviewed translations whose source is current', async () => {
    await expect(memory.lookup('Jestem studentką.', 'pl', 'de', false)).resolves.toBe('Ich bin Studentin.');
    // a lesson's sentence in a language with no translation of that lesson (a view of the content without it)
    const { id, firstSentence } = UNTRANSLATED_LESSON;
    const content = contentWithoutTranslation(id);
    try {
      const without = new LessonMemory(loadCatalogue(content.dir));
      await expect(without.lookup(firstSentence, 'pl', 'en', true)).resolves.toBeDefined();
      await expect(without.lookup(firstSentence, 'pl', content.lang, true)).resolves.toBeUndefined();
      // and the same sentence in the same language from the repository's content, which translates it
      await expect(memory.lookup(firstSentence, 'pl', content.lang, true)).resolves.toBeDefined();
    } finally {
      content.remove();
    }
  });

  describe('reads a language only when a request needs it', () => {
    // 28 languages of translations are ~60 MB of YAML: read at once they held the first request for 15 s
    it('reads the languages of the request and no other, once', async () => {
      const fresh = new LessonMemory(catalogue);
      expect(fresh.languagesRead).toEqual([]);
      await expect(fresh.lookup('Jestem studentką.', 'pl', 'en', false)).resolves.toBe("I'm a student.");
      expect(fresh.languagesRead).toEqual([]);
      const [uk, again] = await Promise.all([
        fresh.lookup('Я студентка.', 'uk', 'pl', false),
        fresh.lookup('jestem studentką', 'pl', 'uk', false),
      ]);
      expect([uk, again]).toEqual(['Jestem studentką.', 'Я студентка.']);
      expect(fresh.languagesRead).toEqual(['uk']);
      // the same text in Russian is not known until Russian is asked for
      await expect(fresh.lookup('Я студентка.', 'ru', 'cs', false)).resolves.toBe('Jsem studentka.');
      expect(fresh.languagesRead).toEqual(['uk', 'ru', 'cs']);
    });

    it('lets other work run while it reads a language', async () => {
      const fresh = new LessonMemory(catalogue);
      let settled = false;
      const answer = fresh.lookup('Jestem studentką.', 'pl', 'ru', false).then((t) => {
        settled = true;
        return t;
      });
      await new Promise((resolve) => setImmediate(resolve));
      expect(settled).toBe(false);
      await expect(answer).resolves.toBe('Я студентка.');
    });

    it('reports a language it could not read, answers without it, and reads it again on the next request', async () => {
      const errors: string[] = [];
      const fresh = new LessonMemory(catalogue, (lang, e) => errors.push(`${lang}: ${(e as Error).message}`));
      const spy = jest.spyOn(i18n, 'readTranslationFile').mockImplementationOnce(() => {
        throw new Error('EIO: i/o error');
      });
      try {
        await expect(fresh.lookup('Jestem studentką.', 'pl', 'cs', false)).resolves.toBeUndefined();
      } finally {
        spy.mockRestore();
      }
      expect(errors).toEqual(['cs: EIO: i/o error']);
      expect(fresh.languagesRead).toEqual([]);
      await expect(fresh.lookup('Jestem studentką.', 'pl', 'cs', false)).resolves.toBe('Jsem studentka.');
    });
  });
});

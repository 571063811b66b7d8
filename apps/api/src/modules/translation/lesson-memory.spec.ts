import { workspacePath } from '../../lib/paths';
import { sharedCatalogue } from '../content/catalogue';
import { LessonMemory, memoryKey } from './lesson-memory';
import { languageWithoutTranslation, UNTRANSLATED_LESSON } from '../../../test/support/content-languages';

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

  it('answers a premium lesson’s sentence to premium readers only', () => {
    // unless a free line has the very same text
    const free = catalogue
      .allLessons()
      .some(
        (l) =>
          !l.premium &&
          l.paragraphs.some((p) => p.sentences.some((s) => memoryKey(s.pl) === memoryKey(line.pl))),
      );
    expect(free).toBe(false);
    expect(memory.lookup(line.pl, 'pl', 'en', true)).toBe(line.en);
    expect(memory.lookup(line.pl, 'pl', 'en', false)).toBeUndefined();
  });

  it('uses only reviewed translations whose source is current', () => {
    expect(memory.lookup('Jestem studentką.', 'pl', 'de', false)).toBe('Ich bin Studentin.');
    // a lesson's sentence in a language with no translation of that lesson
    const { id, firstSentence } = UNTRANSLATED_LESSON;
    expect(memory.lookup(firstSentence, 'pl', 'en', true)).toBeDefined();
    expect(memory.lookup(firstSentence, 'pl', languageWithoutTranslation(id), true)).toBeUndefined();
  });
});

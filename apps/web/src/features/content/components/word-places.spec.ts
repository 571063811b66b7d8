import { makeAnnotations, makeLesson } from '../testing/lesson-fixture';
import { annotateSentences, tokenIndexOfWord, vocabularyPlaces } from './word-annotation';

describe('where the saved-words routes find a word', () => {
  it('counts numbers among the tokens: the word after "3" is token 1', () => {
    expect(tokenIndexOfWord('Mam 3 koty.', 0)).toBe(0);
    expect(tokenIndexOfWord('Mam 3 koty.', 1)).toBe(2);
    expect(tokenIndexOfWord('Mam 3 koty.', 2)).toBe(-1);
  });

  it('finds each vocabulary item at its first word of that lemma (else of that form); null when it is not in the text', () => {
    const lesson = makeLesson();
    const infos = annotateSentences(
      lesson.paragraphs.flatMap((p) => p.sentences.map((s) => s.pl)),
      makeAnnotations(),
    );
    const places = vocabularyPlaces(lesson.paragraphs, infos, [
      { pl: 'mieszkać' },
      { pl: 'studentka' },
      { pl: 'być' },
      { pl: 'dzień dobry' },
    ]);
    expect(places).toEqual([
      { lemma: 'mieszkać', form: 'Mieszkam', p: 0, s: 1, t: 0 },
      { lemma: 'studentka', form: 'studentką', p: 1, s: 0, t: 1 },
      { lemma: 'być', form: 'Jestem', p: 0, s: 0, t: 1 },
      null,
    ]);
  });
});

import { scoreDictation } from './content';

/** The dictation scorer (docs/product.md, "Dictation"): word by word, with the cloze's diacritic tolerance. */
describe('scoreDictation', () => {
  const expected = 'Mieszkam w Krakowie, a moja siostra w Łodzi.';

  it('a sentence typed right passes, punctuation and spacing aside', () => {
    const s = scoreDictation('  mieszkam w Krakowie a moja siostra   w Łodzi ', expected);
    expect(s.words.map((w) => w.score)).toEqual([
      'almost', // a small letter where the text has a capital: the cloze calls it almost
      'correct',
      'correct',
      'correct',
      'correct',
      'correct',
      'correct',
      'correct',
    ]);
    expect(s).toMatchObject({ extra: [], correct: 7, almost: 1, passed: true });
  });

  it('a missing diacritic is near, a different word is wrong', () => {
    const s = scoreDictation('Mieszkam w Krakowie a moja siostra w Lodzi', expected);
    expect(s.words[7]).toEqual({ expected: 'Łodzi', given: 'Lodzi', score: 'almost' });
    expect(s.passed).toBe(true);
    const t = scoreDictation('Mieszkam w Warszawie a moja siostra w Łodzi', expected);
    expect(t.words[2]).toEqual({ expected: 'Krakowie', given: 'Warszawie', score: 'wrong' });
    expect(t).toMatchObject({ correct: 7, almost: 0, passed: false });
  });

  it('a word left out is missing and the words after it still line up', () => {
    const s = scoreDictation('Mieszkam Krakowie a moja siostra w Łodzi', expected);
    expect(s.words[1]).toEqual({ expected: 'w', given: null, score: 'missing' });
    expect(s.words.slice(2).every((w) => w.score === 'correct')).toBe(true);
    expect(s.passed).toBe(false);
  });

  it('an added word is extra and fails the sentence', () => {
    const s = scoreDictation('Mieszkam teraz w Krakowie a moja siostra w Łodzi', expected);
    expect(s.extra).toEqual(['teraz']);
    expect(s.words.every((w) => w.score === 'correct')).toBe(true);
    expect(s.passed).toBe(false);
  });

  it('an empty answer has every word missing; combining diacritics count as the letter', () => {
    const s = scoreDictation('', 'Żółw śpi.');
    expect(s.words).toEqual([
      { expected: 'Żółw', given: null, score: 'missing' },
      { expected: 'śpi', given: null, score: 'missing' },
    ]);
    expect(s.passed).toBe(false);
    expect(scoreDictation('Z\u0307o\u0301łw s\u0301pi', 'Żółw śpi.').passed).toBe(true);
    expect(scoreDictation('Z\u0307o\u0301łw s\u0301pi', 'Żółw śpi.').correct).toBe(2);
  });
});

import { INFLECTION_POS, tokenize } from '@polski/contracts';
import { inflectionPos } from '../../inflection';
import { tokenKinds } from './word-annotation';

describe('the web copies of the contracts’ tables (zod stays off the lesson page)', () => {
  it('tokenKinds finds the tokens of tokenize, words and numbers alike', () => {
    for (const text of [
      '„Cześć!” To biało-czerwona flaga, 2 razy – dobrze…',
      'O 9:30 w 1830 roku, 3,5 km i 17 lat.',
      'Ala-ma-kota, 2-gi raz; ąę óź żźć.',
    ]) {
      expect(tokenKinds(text)).toEqual(tokenize(text).map((t) => t.kind === 'word'));
    }
  });

  it('inflectionPos knows the parts of speech of INFLECTION_POS', () => {
    for (const pos of INFLECTION_POS) expect(inflectionPos(pos)).toBe(pos);
    expect(inflectionPos('adverb')).toBeNull();
    expect(inflectionPos('adj')).toBe('adjective');
  });
});

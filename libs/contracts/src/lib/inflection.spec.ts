import { ZInflectionQuerySchema, tagMatches } from './inflection';

describe('inflection contract', () => {
  it('tagMatches: one reading against a cell tag with alternatives', () => {
    expect(tagMatches('adj:sg:nom.voc:m1.m2.m3:pos', 'adj:sg:nom:m1.m2.m3:pos')).toBe(true);
    expect(tagMatches('adj:sg:nom.voc:m1.m2.m3:pos', 'adj:sg:nom:m1:pos')).toBe(true);
    expect(tagMatches('subst:sg:gen:m2', 'subst:sg:gen:m2')).toBe(true);
    expect(tagMatches('subst:sg:gen:m2', 'subst:sg:acc:m2')).toBe(false);
    expect(tagMatches('adj:sg:nom:m1:pos', 'subst:sg:nom:m1')).toBe(false);
    expect(tagMatches('verb:fin:sg:pri:imperf:refl.nonrefl', 'verb:fin:sg:pri:imperf')).toBe(true);
    expect(tagMatches('verb:fin:sg:pri', 'verb:fin:sg:pri:imperf')).toBe(false);
  });

  it('the query: one word (a reflexive verb with się), a part of speech that inflects', () => {
    expect(ZInflectionQuerySchema.parse({ lemma: ' pies ', pos: 'noun' })).toEqual({
      lemma: 'pies',
      pos: 'noun',
    });
    expect(ZInflectionQuerySchema.safeParse({ lemma: 'uczyć się', pos: 'verb' }).success).toBe(true);
    expect(ZInflectionQuerySchema.safeParse({ lemma: 'biało-czerwony', pos: 'adjective' }).success).toBe(
      true,
    );
    expect(ZInflectionQuerySchema.safeParse({ lemma: 'pies kot', pos: 'noun' }).success).toBe(false);
    expect(ZInflectionQuerySchema.safeParse({ lemma: 'pies', pos: 'adverb' }).success).toBe(false);
    expect(ZInflectionQuerySchema.safeParse({ lemma: '', pos: 'noun' }).success).toBe(false);
  });
});

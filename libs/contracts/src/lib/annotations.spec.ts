import {
  ZAnnotationsSchema,
  ZLexiconFileSchema,
  ZWordChoicesSchema,
  applyTransform,
  decodePattern,
  describe as describeReading,
  describeForm,
  genderWords,
  tokenize,
  withCase,
} from '../index';

describe('Morfologik tags in plain English', () => {
  // tag -> what the learner reads (the lemma is appended by describe())
  const table: [string, string][] = [
    ['subst:sg:gen:m2', 'genitive singular'],
    ['subst:pl:inst:f', 'instrumental plural'],
    ['subst:sg:nom.voc:m3', 'nominative or vocative singular'],
    ['depr:pl:nom:m2', 'nominative plural, depreciative (about people, disparaging)'],
    ['adj:sg:nom.voc:m1.m2.m3:com', 'comparative, nominative or vocative masculine singular'],
    ['adj:sg:gen:f:sup', 'superlative, genitive feminine singular'],
    ['adj:pl:nom:m1.p1:pos', 'nominative masculine personal plural'],
    ['adj:pl:acc:m2.m3.f.n1.n2.p2.p3:pos', 'accusative non-masculine-personal plural'],
    ['adj:sg:acc:m1.m2:pos', 'accusative masculine animate singular'],
    ['adj:sg:dat:n1.n2:pos', 'dative neuter singular'],
    ['adv:pos', 'adverb'],
    ['adv:com', 'comparative'],
    ['verb:fin:sg:pri:imperf:nonrefl', '1st person singular, present tense, imperfective'],
    ['verb:fin:pl:ter:perf:refl.nonrefl', '3rd person plural, future tense, perfective'],
    ['verb:bedzie:sg:sec:imperf:nonrefl', '2nd person singular, future tense, imperfective'],
    ['verb:praet:sg:m1.m2.m3:pri:perf:refl.nonrefl', '1st person singular masculine, past tense, perfective'],
    [
      'verb:praet:pl:m1.p1:ter:imperf:nonrefl',
      '3rd person plural masculine personal, past tense, imperfective',
    ],
    ['verb:pot:sg:f:pri:perf:nonrefl', '1st person singular feminine, conditional, perfective'],
    ['verb:impt:sg:sec:perf:refl.nonrefl', 'imperative, 2nd person singular, perfective'],
    ['verb:impt:pl:pri:imperf:nonrefl', 'imperative, 1st person plural, imperfective'],
    ['verb:inf:perf:refl.nonrefl', 'infinitive, perfective'],
    ['verb:imps:perf:refl.nonrefl', 'impersonal past form (-no, -to: "it was done"), perfective'],
    ['ppas:sg:nom:f:perf:aff', 'passive participle, nominative feminine singular, perfective'],
    [
      'pact:pl:gen:m1.m2.m3.f.n1.n2.p1.p2.p3:imperf:aff:refl.nonrefl',
      'active participle (-ący), genitive plural, imperfective',
    ],
    ['pcon:imperf:refl.nonrefl', 'adverbial participle (-ąc: while doing), imperfective'],
    ['pant:perf:refl.nonrefl', 'perfect adverbial participle (-wszy: having done), perfective'],
    ['ger:sg:gen:n2:imperf:neg:refl', 'verbal noun, genitive singular, negated, imperfective'],
    ['num:pl:gen.loc:m1.m2.m3.n2.f:congr', 'genitive or locative'],
    ['ppron12:sg:dat:m1.m2.m3.f.n1.n2:pri:nakc', 'dative singular'],
    ['ppron3:sg:gen:m1.m2.m3:ter:akc:praep', 'genitive singular, form used after a preposition'],
    ['siebie:dat', 'dative'],
    ['prep:gen:nwok', 'preposition with the genitive'],
    ['prep:acc:wok', 'preposition with the accusative'],
    ['conj', 'conjunction'],
    ['comp', 'conjunction'],
    ['qub', 'particle'],
    ['interj', 'interjection'],
    ['pred', 'impersonal predicative (does not inflect)'],
    ['adjp', 'adjective form used after po (po polsku)'],
  ];
  it.each(table)('%s -> %s', (tag, words) => {
    expect(describeForm(tag)).toBe(words);
  });

  it('names the lemma for inflected words only, with a comma after a list of parts', () => {
    expect(describeReading('subst:sg:gen:m2', 'pies')).toBe('genitive singular of pies');
    expect(describeReading('verb:praet:sg:m1.m2.m3:pri:perf:refl.nonrefl', 'zrobić')).toBe(
      '1st person singular masculine, past tense, perfective, of zrobić',
    );
    expect(describeReading('adj:sg:nom.voc:m1.m2.m3:com', 'dobry')).toBe(
      'comparative, nominative or vocative masculine singular, of dobry',
    );
    expect(describeReading('adv:com', 'dobrze')).toBe('comparative of dobrze');
    expect(describeReading('adj:pl:nom:m1.p1:pos', 'dobry')).toBe(
      'nominative masculine personal plural of dobry',
    );
    expect(describeReading('prep:gen:nwok', 'do')).toBe('preposition with the genitive');
    expect(describeReading('adv:pos', 'szybko')).toBe('adverb');
  });

  it('keeps one case of a tag with alternatives, and words genders', () => {
    expect(withCase('adj:sg:nom.voc:m1.m2.m3:pos', 'voc')).toBe('adj:sg:voc:m1.m2.m3:pos');
    expect(genderWords(['m1', 'm2', 'm3'], 'sg')).toBe('masculine');
    expect(genderWords(['m1', 'm2', 'm3', 'f', 'n1', 'n2'], 'sg')).toBe('');
    expect(genderWords(['m3'], 'sg')).toBe('masculine inanimate');
  });
});

describe('the paradigm file encoding', () => {
  it('decodes pattern entries and applies their transforms', () => {
    expect(decodePattern('0:1.a 1a:b nie^1enia:z =K2:0')).toEqual([
      { transform: '0', tagIds: [1, 10] },
      { transform: '1a', tagIds: [11] },
      { transform: 'nie^1enia', tagIds: [35] },
      { transform: '=K2', tagIds: [0] },
    ]);
    expect(applyTransform('pies', '3sa')).toBe('psa');
    expect(applyTransform('robić', 'nie^1enia')).toBe('nierobienia');
    expect(applyTransform('ładny', 'naj^1iejszy')).toBe('najładniejszy');
    expect(applyTransform('K2', '=K2')).toBe('K2');
    expect(applyTransform('dom', '0')).toBe('dom');
  });
});

describe('tokenize', () => {
  it('splits words as the lesson view does, and numbers in digits, with their offsets', () => {
    expect(
      tokenize('„Cześć, Aniu!” — mówi. Mam 17 lat i 3,5 kota; biało-czerwony.').map((t) => [t.text, t.kind]),
    ).toEqual([
      ['Cześć', 'word'],
      ['Aniu', 'word'],
      ['mówi', 'word'],
      ['Mam', 'word'],
      ['17', 'number'],
      ['lat', 'word'],
      ['i', 'word'],
      ['3,5', 'number'],
      ['kota', 'word'],
      ['biało-czerwony', 'word'],
    ]);
    const text = 'W 1830 roku, o 9:30.';
    for (const t of tokenize(text)) expect(text.slice(t.start, t.end)).toBe(t.text);
    expect(tokenize(text).map((t) => t.text)).toEqual(['W', '1830', 'roku', 'o', '9:30']);
  });
});

describe('lexicon and choice schemas', () => {
  it('accepts a lexicon of nouns, verbs, names and homographs, and refuses misplaced fields', () => {
    const ok = ZLexiconFileSchema.safeParse({
      pies: { pos: 'noun', senses: ['dog'], gender: 'masculine animate', status: 'reviewed' },
      zrobić: {
        pos: 'verb',
        senses: ['to do', 'to make'],
        aspect: 'perfective',
        partner: 'robić',
        status: 'machine',
      },
      'uczyć się': { pos: 'verb', senses: ['to learn'], aspect: 'imperfective', status: 'reviewed' },
      'dzień dobry': { pos: 'phrase', senses: ['good morning, hello'], status: 'reviewed' },
      'złoty (noun)': { pos: 'noun', senses: ['zloty'], gender: 'masculine inanimate', status: 'reviewed' },
      Kraków: { pos: 'name', kind: 'place', senses: ['Kraków (Cracow)'], status: 'reviewed' },
    });
    expect(ok.success).toBe(true);
    const bad = (entry: unknown, key = 'x') => ZLexiconFileSchema.safeParse({ [key]: entry }).success;
    expect(bad({ pos: 'verb', senses: ['to be'], gender: 'feminine', status: 'machine' })).toBe(false);
    expect(bad({ pos: 'noun', senses: ['dog'], aspect: 'perfective', status: 'machine' })).toBe(false);
    expect(bad({ pos: 'noun', senses: [], status: 'machine' })).toBe(false);
    expect(bad({ pos: 'noun', senses: ['dog'] })).toBe(false);
    expect(bad({ pos: 'noun', senses: ['dog'], status: 'checked' })).toBe(false);
    expect(bad({ pos: 'noun', senses: ['dog'], status: 'machine', extra: 1 })).toBe(false);
    expect(bad({ pos: 'noun', senses: ['dog'], status: 'machine' }, 'złoty (thing)')).toBe(false);
  });

  it('accepts word choices keyed by the word (or its nth occurrence), refusing empty ones', () => {
    expect(
      ZWordChoicesSchema.safeParse({
        Mnie: { form: 'dative singular' },
        'je#2': { lemma: 'one', meaning: 'them' },
        z: { tag: 'prep:gen' },
        Carmen: { name: 'person', form: 'name' },
        mieć: { sense: 2 },
      }).success,
    ).toBe(true);
    expect(ZWordChoicesSchema.safeParse({ Mnie: {} }).success).toBe(false);
    expect(ZWordChoicesSchema.safeParse({ 'two words': { sense: 1 } }).success).toBe(false);
    expect(ZWordChoicesSchema.safeParse({ x: { sense: 0 } }).success).toBe(false);
  });

  it('the shipped shape is strict', () => {
    const a = {
      version: 1,
      lexemes: [{ lemma: 'pies', pos: 'noun', meaning: 'dog', gender: 'masculine animate' }],
      phrases: [],
      blocks: [[{ lexeme: 0, form: 'genitive singular of pies', tag: 'subst:sg:gen:m2' }]],
    };
    expect(ZAnnotationsSchema.safeParse(a).success).toBe(true);
    expect(ZAnnotationsSchema.safeParse({ ...a, version: 2 }).success).toBe(false);
    expect(ZAnnotationsSchema.safeParse({ ...a, blocks: [[{ lexeme: 0, form: '' }]] }).success).toBe(false);
  });
});

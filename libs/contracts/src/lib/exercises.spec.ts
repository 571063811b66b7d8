import {
  acceptedOrders,
  correctIsUniquelyLongest,
  exerciseProblems,
  findTextSentence,
  formMorphologyProblems,
  lessonSentences,
  longestOptionFigure,
  missingExerciseKinds,
  normaliseTyped,
  parseMorphology,
  scoreTypedAnswer,
  scoreWordOrder,
  splitSentences,
  stripPolishDiacritics,
  wordTokens,
  ZExerciseSchema,
  ZLessonFileSchema,
  type TCheckedLesson,
} from './content';

describe('scoreTypedAnswer: the cloze scorer', () => {
  it('exact (after trimming) is correct', () => {
    expect(scoreTypedAnswer('Krakowie', 'Krakowie')).toBe('correct');
    expect(scoreTypedAnswer('  Krakowie ', 'Krakowie')).toBe('correct');
    expect(scoreTypedAnswer('zażółć', 'zażółć')).toBe('correct');
  });

  it('decomposed input (a + combining ogonek) is the same text as the precomposed letter', () => {
    expect(normaliseTyped('ra\u0328czka')).toBe('rączka');
    expect(scoreTypedAnswer('ra\u0328czka', 'rączka')).toBe('correct');
    expect(scoreTypedAnswer('z\u0307ółw', 'żółw')).toBe('correct');
  });

  // each of the nine letters, lower and upper case, typed without its diacritic
  it.each([
    ['ą', 'mają', 'maja'],
    ['ć', 'robić', 'robic'],
    ['ę', 'idę', 'ide'],
    ['ł', 'była', 'byla'],
    ['ń', 'koń', 'kon'],
    ['ó', 'góra', 'gora'],
    ['ś', 'jesień', 'jesien'],
    ['ź', 'późno', 'pozno'],
    ['ż', 'może', 'moze'],
    ['Ą', 'ĄĘ', 'AE'],
    ['Ć', 'Ćma', 'Cma'],
    ['Ł', 'Łódź', 'Lodz'],
    ['Ń', 'ŃO', 'NO'],
    ['Ó', 'Ósmy', 'Osmy'],
    ['Ś', 'Śląsk', 'Slask'],
    ['Ź', 'Źle', 'Zle'],
    ['Ż', 'Żaba', 'Zaba'],
  ])('%s left out: almost (%s typed as %s)', (_letter, expected, typed) => {
    expect(scoreTypedAnswer(typed, expected)).toBe('almost');
  });

  it('the whole alphabet of diacritics folds to the plain letters', () => {
    expect(stripPolishDiacritics('ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ')).toBe('acelnoszz ACELNOSZZ');
  });

  it('a wrong diacritic on the same letter (ż for ź) or one too many is almost too; ę for ą is another letter', () => {
    expect(scoreTypedAnswer('żle', 'źle')).toBe('almost');
    expect(scoreTypedAnswer('mieszkaję', 'mieszkają')).toBe('wrong');
    expect(scoreTypedAnswer('pies', 'pieś')).toBe('almost');
    expect(scoreTypedAnswer('piés', 'pies')).toBe('wrong'); // é is not a Polish diacritic
  });

  it('a difference of case only is almost', () => {
    expect(scoreTypedAnswer('krakowie', 'Krakowie')).toBe('almost');
    expect(scoreTypedAnswer('KOT', 'kot')).toBe('almost');
    expect(scoreTypedAnswer('łÓDŹ', 'Łódź')).toBe('almost');
    expect(scoreTypedAnswer('lodz', 'Łódź')).toBe('almost');
  });

  it('other letters, another form, extra words or nothing are wrong', () => {
    expect(scoreTypedAnswer('Krakow', 'Krakowie')).toBe('wrong');
    expect(scoreTypedAnswer('kota', 'kot')).toBe('wrong');
    expect(scoreTypedAnswer('psy', 'psa')).toBe('wrong');
    expect(scoreTypedAnswer('w Krakowie', 'Krakowie')).toBe('wrong');
    expect(scoreTypedAnswer('', 'kot')).toBe('wrong');
    expect(scoreTypedAnswer('   ', 'kot')).toBe('wrong');
  });
});

describe('words and sentences', () => {
  it('wordTokens keeps words, hyphenated words and numbers, and drops punctuation and dashes', () => {
    expect(wordTokens('— Cześć, Aniu! — mówi.')).toEqual(['Cześć', 'Aniu', 'mówi']);
    expect(wordTokens('Flaga jest biało-czerwona, ma 2 kolory.')).toEqual([
      'Flaga',
      'jest',
      'biało-czerwona',
      'ma',
      '2',
      'kolory',
    ]);
    expect(wordTokens('Pyta: „Lubisz historię?”.')).toEqual(['Pyta', 'Lubisz', 'historię']);
  });

  it('splitSentences gives the line and each sentence in it', () => {
    expect(splitSentences('Cześć! Jestem Ania. A ty?')).toEqual([
      'Cześć! Jestem Ania. A ty?',
      'Cześć!',
      'Jestem Ania.',
      'A ty?',
    ]);
    expect(splitSentences('To jest szkoła.')).toEqual(['To jest szkoła.']);
    expect(splitSentences('Mówi: „Dobrze.” — Potem idzie.')).toEqual([
      'Mówi: „Dobrze.” — Potem idzie.',
      'Mówi: „Dobrze.”',
      '— Potem idzie.',
    ]);
  });

  const lesson = {
    paragraphs: [
      { sentences: [{ pl: 'Cześć! Jestem Ania.', en: "Hi! I'm Ania." }] },
      { sentences: [{ pl: 'Ona jest nauczycielką w Krakowie.', en: 'She is a teacher in Kraków.' }] },
    ],
  };

  it('lessonSentences and findTextSentence find a sentence inside a line, with the line’s translation', () => {
    expect(lessonSentences(lesson).map((s) => s.pl)).toEqual([
      'Cześć! Jestem Ania.',
      'Cześć!',
      'Jestem Ania.',
      'Ona jest nauczycielką w Krakowie.',
    ]);
    expect(findTextSentence(lesson, 'Jestem Ania.')).toEqual({ pl: 'Jestem Ania.', en: "Hi! I'm Ania." });
    expect(findTextSentence(lesson, 'Jestem Tomek.')).toBeUndefined();
  });

  it('scoreWordOrder accepts the text’s order and the listed orders, ignoring case and punctuation', () => {
    const item = {
      sentence: 'Ona jest nauczycielką w Krakowie.',
      words: ['ona', 'jest', 'nauczycielką', 'w Krakowie'],
      alsoCorrect: ['W Krakowie ona jest nauczycielką.'],
    };
    expect(acceptedOrders(item)).toHaveLength(2);
    expect(scoreWordOrder(item, ['ona', 'jest', 'nauczycielką', 'w Krakowie'])).toBe('text');
    expect(scoreWordOrder(item, ['w Krakowie', 'ona', 'jest', 'nauczycielką'])).toBe('other');
    expect(scoreWordOrder(item, ['jest', 'ona', 'nauczycielką', 'w Krakowie'])).toBe('wrong');
    expect(scoreWordOrder(item, ['ona', 'jest', 'nauczycielką'])).toBe('wrong');
  });

  it('correctIsUniquelyLongest: strictly longer than every other option', () => {
    expect(correctIsUniquelyLongest(['Śpi.', 'Pisze na komputerze.', 'Gotuje.'], 1)).toBe(true);
    expect(correctIsUniquelyLongest(['W domu', 'W pracy'], 1)).toBe(true);
    expect(correctIsUniquelyLongest(['W domu', 'W lesie', 'W parku'], 1)).toBe(false); // equal length
    expect(correctIsUniquelyLongest(['Tak', 'Nie wiem'], 0)).toBe(false);
  });
});

describe('the exercise schema', () => {
  it('accepts the three types', () => {
    expect(ZExerciseSchema.safeParse({ type: 'cloze', text: 'Jestem ___.', answer: 'Ania' }).success).toBe(
      true,
    );
    expect(
      ZExerciseSchema.safeParse({
        type: 'word-order',
        sentence: 'Ona jest tu.',
        words: ['ona', 'jest', 'tu'],
      }).success,
    ).toBe(true);
    expect(
      ZExerciseSchema.safeParse({
        type: 'form',
        text: 'Ona jest ___.',
        lemma: 'nauczycielka',
        options: ['nauczycielka', 'nauczycielką'],
        answer: 1,
      }).success,
    ).toBe(true);
  });

  it.each([
    [{ type: 'cloze', text: 'Jestem Ania.', answer: 'Ania' }, 'no blank'],
    [{ type: 'cloze', text: '___ jestem ___.', answer: 'Ania' }, 'two blanks'],
    [{ type: 'cloze', text: 'Jestem ___.', answer: 'Ania Nowak' }, 'two words'],
    [{ type: 'cloze', text: 'Jestem ___.', answer: 'Ania', hint: 'x' }, 'an unknown key'],
    [{ type: 'word-order', sentence: 'Jestem.', words: ['jestem'] }, 'too few words'],
    [
      { type: 'form', text: 'Ona ___.', lemma: 'być', options: ['jest', 'są'], answer: 2 },
      'answer out of range',
    ],
    [{ type: 'match', pairs: [] }, 'an unknown type'],
  ] as [unknown, string][])('refuses %j (%s)', (item) => {
    expect(ZExerciseSchema.safeParse(item).success).toBe(false);
  });
});

describe('exerciseProblems: exercises measured against their lesson', () => {
  const paragraphs = [
    {
      sentences: [
        { pl: 'Cześć! Jestem Ania.', en: "Hi! I'm Ania." },
        { pl: 'Ona jest nauczycielką w Krakowie.', en: 'She is a teacher in Kraków.' },
      ],
    },
  ];
  const problems = (exercises: unknown[]) =>
    exerciseProblems({
      paragraphs,
      exercises: exercises as Parameters<typeof exerciseProblems>[0]['exercises'],
    });

  it('accepts exercises that come from the text', () => {
    expect(
      problems([
        { type: 'cloze', text: 'Ona jest nauczycielką w ___.', answer: 'Krakowie' },
        { type: 'cloze', text: 'Jestem ___.', answer: 'Ania' },
        {
          type: 'word-order',
          sentence: 'Ona jest nauczycielką w Krakowie.',
          words: ['ona', 'jest', 'nauczycielką', 'w Krakowie'],
          alsoCorrect: ['W Krakowie ona jest nauczycielką.'],
        },
        {
          type: 'form',
          text: 'Ona jest ___ w Krakowie.',
          lemma: 'nauczycielka',
          options: ['nauczycielka', 'nauczycielką', 'nauczycielki'],
          answer: 1,
        },
      ]),
    ).toEqual([]);
  });

  it('a cloze whose answer is not the word of the text at the blank', () => {
    expect(problems([{ type: 'cloze', text: 'Ona jest nauczycielką w ___.', answer: 'Krakow' }])).toEqual([
      'exercises.0 (cloze): "Ona jest nauczycielką w Krakow." (the text with its answer) is not a sentence of the lesson',
    ]);
  });

  it('a cloze sentence that is not in the text, or a blank inside a word', () => {
    expect(problems([{ type: 'cloze', text: 'Tomek jest w ___.', answer: 'Krakowie' }])).toHaveLength(1);
    expect(
      problems([{ type: 'cloze', text: 'Ona jest nauczycielką w Krak___.', answer: 'owie' }])[0],
    ).toMatch(/whole word/);
  });

  it('word order: pieces that are not the sentence’s words, and orders that are not permutations', () => {
    expect(
      problems([
        {
          type: 'word-order',
          sentence: 'Ona jest nauczycielką w Krakowie.',
          words: ['ona', 'jest', 'w Krakowie'],
        },
      ]),
    ).toHaveLength(1);
    expect(
      problems([
        {
          type: 'word-order',
          sentence: 'Ona jest nauczycielką w Krakowie.',
          words: ['jest', 'ona', 'nauczycielką', 'w Krakowie'],
        },
      ]),
    ).toHaveLength(1);
    expect(
      problems([
        {
          type: 'word-order',
          sentence: 'Ona jest nauczycielką w Krakowie.',
          words: ['ona', 'jest', 'nauczycielką', 'w Krakowie'],
          alsoCorrect: ['W Krakowie ona jest lekarką.', 'Ona jest nauczycielką w Krakowie.'],
        },
      ]),
    ).toEqual([
      'exercises.0 (word-order): "W Krakowie ona jest lekarką." (also correct) does not use exactly the words of the sentence',
      'exercises.0 (word-order): "Ona jest nauczycielką w Krakowie." (also correct) repeats the text\'s order or another listed order',
    ]);
    expect(
      problems([
        { type: 'word-order', sentence: 'Tomek jest w Krakowie.', words: ['tomek', 'jest', 'w Krakowie'] },
      ]),
    ).toEqual(['exercises.0 (word-order): "Tomek jest w Krakowie." is not a sentence of the lesson']);
  });

  it('form: the answer must give the text’s sentence, and the options must differ', () => {
    expect(
      problems([
        {
          type: 'form',
          text: 'Ona jest ___ w Krakowie.',
          lemma: 'nauczycielka',
          options: ['nauczycielka', 'nauczycielką'],
          answer: 0,
        },
      ]),
    ).toHaveLength(1);
    expect(
      problems([
        {
          type: 'form',
          text: 'Ona jest ___ w Krakowie.',
          lemma: 'nauczycielka',
          options: ['nauczycielką', 'Nauczycielką'],
          answer: 0,
        },
      ]),
    ).toEqual(['exercises.0 (form): the options must be different words']);
  });
});

describe('catalogue checks', () => {
  const morphology = parseMorphology('nauczycielka\tnauczycielce nauczycielki nauczycielką\nbyć\tjest są\n');

  it('parseMorphology: lemma -> forms, the lemma included', () => {
    expect([...(morphology.get('nauczycielka') ?? [])].sort()).toEqual([
      'nauczycielce',
      'nauczycielka',
      'nauczycielki',
      'nauczycielką',
    ]);
  });

  const lesson = (exercises: TCheckedLesson['exercises'], kind?: string): TCheckedLesson => ({
    hub: 'complete-beginner',
    slug: 'x',
    paragraphs: [],
    questions: [
      { options: ['Śpi.', 'Pisze na komputerze.', 'Gotuje.'], answer: 1, kind },
      { options: ['W domu', 'W parku'], answer: 0 },
    ],
    exercises,
  });

  it('formMorphologyProblems: options must be forms of the lemma the data knows', () => {
    const ok = {
      type: 'form',
      text: 'Ona jest ___.',
      lemma: 'nauczycielka',
      options: ['nauczycielką', 'nauczycielki'],
      answer: 0,
    };
    expect(formMorphologyProblems(lesson([ok]), morphology)).toEqual([]);
    expect(
      formMorphologyProblems(lesson([{ ...ok, options: ['nauczycielką', 'lekarką'] }]), morphology),
    ).toEqual(['exercises.0 (form): "lekarką" not a form of "nauczycielka"']);
    expect(formMorphologyProblems(lesson([{ ...ok, lemma: 'lekarka' }]), morphology)).toEqual([
      'exercises.0 (form): the lemma "lekarka" is not in the morphology data',
    ]);
  });

  it('longestOptionFigure counts questions and form items', () => {
    const form = { type: 'form', text: '___', lemma: 'być', options: ['jest', 'są'], answer: 0 };
    expect(longestOptionFigure([lesson([form])])).toEqual({ items: 3, longest: 2, share: 2 / 3 });
    expect(longestOptionFigure([lesson([form])], 'questions')).toEqual({ items: 2, longest: 1, share: 0.5 });
  });

  it('missingExerciseKinds names what a lesson lacks', () => {
    expect(missingExerciseKinds(lesson([]))).toEqual([
      'an inference question',
      'a cloze exercise',
      'a word-order exercise',
      'a form exercise',
    ]);
    expect(
      missingExerciseKinds(
        lesson(
          [
            { type: 'cloze', text: 'x ___', answer: 'y' },
            { type: 'word-order', sentence: 'a b c', words: ['a', 'b', 'c'] },
            { type: 'form', text: '___', lemma: 'być', options: ['jest', 'są'], answer: 0 },
          ],
          'inference',
        ),
      ),
    ).toEqual([]);
  });

  it('the lesson file schema takes an exercises section and the inference kind of a question', () => {
    const file = {
      hub: 'complete-beginner',
      slug: 'complete-beginner-1',
      order: 1,
      title: 'T',
      titleEn: 'T',
      level: 'A1',
      premium: false,
      summary: 'S',
      readingMinutes: 1,
      paragraphs: [{ sentences: [{ pl: 'Jestem Ania.', en: "I'm Ania." }] }],
      vocabulary: [1, 2, 3].map(() => ({ pl: 'być', pos: 'verb', en: 'to be' })),
      questions: [1, 2, 3].map(() => ({
        question: 'Q',
        questionEn: 'Q',
        options: ['a', 'b'],
        answer: 0,
        kind: 'inference',
      })),
      exercises: [{ type: 'cloze', text: 'Jestem ___.', answer: 'Ania' }],
    };
    expect(ZLessonFileSchema.safeParse(file).success).toBe(true);
    expect(ZLessonFileSchema.safeParse({ ...file, exercises: [] }).success).toBe(false);
    expect(
      ZLessonFileSchema.safeParse({
        ...file,
        questions: file.questions.map((q) => ({ ...q, kind: 'guess' })),
      }).success,
    ).toBe(false);
  });
});

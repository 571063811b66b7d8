import {
  CASES,
  parseTag,
  type TCase,
  type TGender,
  type TInflectionCell,
  type TInflectionPos,
  type TInflectionResponse,
  type TInflectionRow,
  type TInflectionTable,
  type TInflectionTermId,
  type TTagFields,
  type TTermParams,
} from '@polski/contracts';
import type { TParadigmForm } from './paradigms';

/**
 * A lemma's paradigm (every form with its Morfologik tag) as the inflection tables of GET /api/words/inflection,
 * labelled in plain English: nouns cases × numbers; adjectives (and pronouns that inflect like them) cases ×
 * gender and number, one table per degree; personal pronouns cases × numbers; verbs present (or simple future),
 * past, future, conditional and imperative by person, number and gender, and the other forms worth knowing.
 * Every English text has its stable id (INFLECTION_TERM_IDS) beside it, and the Polish words in it as `params`.
 */

interface TForm extends TParadigmForm {
  f: TTagFields;
}

const CASE_ORDER = Object.keys(CASES) as TCase[];
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
/** An English text with its id and the Polish words it names. */
interface TTerm {
  text: string;
  id: TInflectionTermId;
  params?: TTermParams;
}
const term = (text: string, id: TInflectionTermId, params?: TTermParams): TTerm =>
  params ? { text, id, params } : { text, id };

const CASE_ROWS = CASE_ORDER.map((c) => ({ label: term(cap(CASES[c]), `case.${c}`), c }));

type TRowIn = { label: TTerm; cells: TInflectionCell[] };
const row = (label: TTerm, cells: TInflectionCell[]): TInflectionRow => ({
  label: label.text,
  id: label.id,
  ...(label.params ? { params: label.params } : {}),
  cells,
});

type TPick = (x: TForm) => boolean;

/** The forms (each once, in the order of `order`) and tags of the forms `pick` keeps. */
function cell(forms: readonly TForm[], pick: TPick, order?: (x: TForm) => number): TInflectionCell {
  const chosen = forms.filter(pick);
  if (order) chosen.sort((a, b) => order(a) - order(b));
  return { forms: [...new Set(chosen.map((x) => x.form))], tags: [...new Set(chosen.map((x) => x.tag))] };
}

/** A table with its texts' ids (no columns or rows dropped). */
function fullTable(title: TTerm, columns: TTerm[], rows: TRowIn[], note?: TTerm): TInflectionTable {
  return {
    title: title.text,
    id: title.id,
    ...(title.params ? { params: title.params } : {}),
    columns: columns.map((c) => c.text),
    columnIds: columns.map((c) => c.id),
    rows: rows.map((r) => row(r.label, r.cells)),
    ...(note
      ? { note: note.text, noteId: note.id, ...(note.params ? { noteParams: note.params } : {}) }
      : {}),
  };
}

/** Drops the columns and rows where no cell has a form; null when nothing is left. */
function table(title: TTerm, columns: TTerm[], rows: TRowIn[], note?: TTerm): TInflectionTable | null {
  const keepCol = columns.map((_, ci) => rows.some((r) => r.cells[ci].forms.length > 0));
  const kept = rows
    .filter((r) => r.cells.some((c) => c.forms.length > 0))
    .map((r) => ({ label: r.label, cells: r.cells.filter((_, ci) => keepCol[ci]) }));
  if (!kept.length) return null;
  return fullTable(
    title,
    columns.filter((_, ci) => keepCol[ci]),
    kept,
    note,
  );
}

const hasCase = (x: TForm, c: TCase) => x.f.cases.includes(c);
const hasGender = (x: TForm, gs: readonly TGender[]) => x.f.genders.some((g) => gs.includes(g));

const MASC: TGender[] = ['m1', 'm2', 'm3'];
const NEUT: TGender[] = ['n1', 'n2'];
const PL_PERSONAL: TGender[] = ['m1', 'p1'];
const PL_OTHER: TGender[] = ['m2', 'm3', 'f', 'n1', 'n2', 'p2', 'p3'];
/** Columns of a form that agrees in gender and number (adjectives, on/ona/ono, past tense). */
const GENDER_COLUMNS: { label: TTerm; number: 'sg' | 'pl'; genders: TGender[] }[] = [
  { label: term('Masculine singular', 'gender.m.sg'), number: 'sg', genders: MASC },
  { label: term('Feminine singular', 'gender.f.sg'), number: 'sg', genders: ['f'] },
  { label: term('Neuter singular', 'gender.n.sg'), number: 'sg', genders: NEUT },
  {
    label: term('Plural, masculine personal (men)', 'gender.mPersonal.pl'),
    number: 'pl',
    genders: PL_PERSONAL,
  },
  { label: term('Plural, other', 'gender.other.pl'), number: 'pl', genders: PL_OTHER },
];
const NUMBERS = [
  [term('Singular', 'number.sg'), 'sg'],
  [term('Plural', 'number.pl'), 'pl'],
] as const;
const FORM_COLUMN = [term('Form', 'form')];
const DECLENSION = term('Declension', 'table.declension');
/** Within a masculine cell, the form for people (m1) first, then animals, then things. */
const genderOrder = (x: TForm) =>
  Math.min(...x.f.genders.map((g) => (MASC.includes(g) ? MASC.indexOf(g) : 3)));

function nounTable(forms: TForm[], title = DECLENSION): TInflectionTable | null {
  return table(
    title,
    NUMBERS.map(([l]) => l),
    CASE_ROWS.map(({ label, c }) => ({
      label,
      cells: NUMBERS.map(([, n]) => cell(forms, (x) => x.f.number === n && hasCase(x, c))),
    })),
  );
}

function agreeingTable(forms: TForm[], title: TTerm, note?: TTerm): TInflectionTable | null {
  return table(
    title,
    GENDER_COLUMNS.map((g) => g.label),
    CASE_ROWS.map(({ label, c }) => ({
      label,
      cells: GENDER_COLUMNS.map((g) =>
        cell(forms, (x) => x.f.number === g.number && hasCase(x, c) && hasGender(x, g.genders), genderOrder),
      ),
    })),
    note,
  );
}

const PERSONS = [
  [term('1st person (I, we)', 'person.1'), 'pri'],
  [term('2nd person (you)', 'person.2'), 'sec'],
  [term('3rd person (he, she, it, they)', 'person.3'), 'ter'],
] as const;

function personNumberTable(forms: TForm[], title: TTerm, note?: TTerm): TInflectionTable | null {
  return table(
    title,
    NUMBERS.map(([l]) => l),
    PERSONS.map(([label, p]) => ({
      label,
      cells: NUMBERS.map(([, n]) => cell(forms, (x) => x.f.person === p && x.f.number === n)),
    })),
    note,
  );
}

function personGenderTable(forms: TForm[], title: TTerm, note?: TTerm): TInflectionTable | null {
  return table(
    title,
    GENDER_COLUMNS.map((g) => g.label),
    PERSONS.map(([label, p]) => ({
      label,
      cells: GENDER_COLUMNS.map((g) =>
        cell(
          forms,
          (x) => x.f.person === p && x.f.number === g.number && hasGender(x, g.genders),
          genderOrder,
        ),
      ),
    })),
    note,
  );
}

/** The other compound future: będę with the past form (będę robił, będę robiła). */
function pastNote(praet: TForm[]): TTerm {
  const third = (g: TGender) =>
    praet.find((x) => x.f.person === 'ter' && x.f.number === 'sg' && x.f.genders.includes(g))?.form;
  const examples = [third('m1'), third('f')]
    .filter(Boolean)
    .map((f) => `będę ${f}`)
    .join(', ');
  return examples
    ? term(
        `będę + the infinitive; będę + the past form (${examples}) means the same.`,
        'note.futureCompound',
        { bede: 'będę', examples },
      )
    : term('będę + the infinitive.', 'note.futureInfinitive', { bede: 'będę' });
}

const BEDE = [
  ['pri', 'sg', 'będę'],
  ['sec', 'sg', 'będziesz'],
  ['ter', 'sg', 'będzie'],
  ['pri', 'pl', 'będziemy'],
  ['sec', 'pl', 'będziecie'],
  ['ter', 'pl', 'będą'],
] as const;

function verbTables(all: TForm[], reflexive: boolean): TInflectionTable[] {
  const forms = all.filter((x) => !x.f.negated);
  const mood = (m: string) => forms.filter((x) => x.f.cls === 'verb' && x.f.mood === m);
  const fin = mood('fin');
  const perfective =
    fin.length > 0 && fin.every((x) => x.f.aspects.length === 1 && x.f.aspects[0] === 'perf');
  const infinitive = mood('inf')[0]?.form;
  const sie = reflexive ? ' się' : '';
  const out: (TInflectionTable | null)[] = [
    personNumberTable(
      fin,
      perfective
        ? term('Future tense (simple: the verb is perfective)', 'tense.futureSimple')
        : term('Present tense', 'tense.present'),
      reflexive
        ? term('Reflexive: się goes with every form (uczę się).', 'note.reflexive', {
            sie: 'się',
            example: 'uczę się',
          })
        : undefined,
    ),
    personGenderTable(mood('praet'), term('Past tense', 'tense.past')),
  ];
  const bedzie = mood('bedzie');
  if (bedzie.length) out.push(personNumberTable(bedzie, term('Future tense', 'tense.future')));
  else if (!perfective && infinitive) {
    const future = (p: string, n: string): TInflectionCell => {
      const aux = BEDE.find(([pp, nn]) => pp === p && nn === n)?.[2] ?? '';
      return { forms: [`${aux}${sie} ${infinitive}`], tags: [] };
    };
    out.push(
      fullTable(
        term('Future tense (compound: the verb is imperfective)', 'tense.futureCompound'),
        NUMBERS.map(([l]) => l),
        PERSONS.map(([label, p]) => ({ label, cells: [future(p, 'sg'), future(p, 'pl')] })),
        pastNote(mood('praet')),
      ),
    );
  }
  out.push(personGenderTable(mood('pot'), term('Conditional (would)', 'mood.conditional')));
  out.push(personNumberTable(mood('impt'), term('Imperative (commands)', 'mood.imperative')));
  const nomMasc = (x: TForm) => hasCase(x, 'nom') && x.f.number === 'sg' && x.f.genders.includes('m1');
  const others: [TTerm, TPick][] = [
    [term('Infinitive', 'form.inf'), (x) => x.f.cls === 'verb' && x.f.mood === 'inf'],
    [
      term('Impersonal past (-no, -to: “it was done”)', 'form.imps', { endings: '-no, -to' }),
      (x) => x.f.cls === 'verb' && x.f.mood === 'imps',
    ],
    [
      term('Adverbial participle (-ąc: while doing)', 'form.pcon', { ending: '-ąc' }),
      (x) => x.f.cls === 'pcon',
    ],
    [
      term('Perfect adverbial participle (-wszy: having done)', 'form.pant', { ending: '-wszy' }),
      (x) => x.f.cls === 'pant',
    ],
    [
      term('Active adjectival participle (-ący: doing)', 'form.pact', { ending: '-ący' }),
      (x) => x.f.cls === 'pact' && nomMasc(x),
    ],
    [term('Passive adjectival participle (done)', 'form.ppas'), (x) => x.f.cls === 'ppas' && nomMasc(x)],
    [
      term('Verbal noun (the doing)', 'form.ger'),
      (x) => x.f.cls === 'ger' && hasCase(x, 'nom') && x.f.number === 'sg',
    ],
  ];
  out.push(
    table(
      term('Other forms', 'table.otherForms'),
      FORM_COLUMN,
      others.map(([label, pick]) => ({ label, cells: [cell(forms, pick)] })),
    ),
  );
  return out.filter((t): t is TInflectionTable => t !== null);
}

const DEGREES = [
  ['pos', 'Declension', 'table.declension', 'table.declension'],
  ['com', 'Comparative', 'table.comparative', 'table.comparativeOf'],
  ['sup', 'Superlative', 'table.superlative', 'table.superlativeOf'],
] as const;

function adjectiveTables(forms: TForm[], note?: TTerm): TInflectionTable[] {
  const out: TInflectionTable[] = [];
  for (const [degree, title, id, idOf] of DEGREES) {
    const ofDegree = forms.filter((x) => (x.f.degree ?? 'pos') === degree);
    const base = ofDegree.find((x) => x.f.number === 'sg' && hasCase(x, 'nom') && x.f.genders.includes('m1'));
    const t = agreeingTable(
      ofDegree,
      degree === 'pos' || !base ? term(title, id) : term(`${title}: ${base.form}`, idOf, { form: base.form }),
      note,
    );
    if (t) out.push(t);
  }
  return out;
}

const PRONOUN_NOTE = term(
  'Where a cell has more than one form: the long form is stressed (jego, jemu), the short one is not (go, mu), ' +
    'and the n- form comes after a preposition (do niego).',
  'note.pronoun3',
  { long: 'jego, jemu', short: 'go, mu', n: 'n-', example: 'do niego' },
);
const PERSONAL_PRONOUN_NOTE = term(
  'Where a cell has two forms, the long one is stressed (mnie, tobie), the short one is not (mi, ci).',
  'note.pronoun12',
  { long: 'mnie, tobie', short: 'mi, ci' },
);

/** The answer of GET /api/words/inflection, or null when the paradigm has no form of that part of speech. */
export function inflectionTables(
  lemma: string,
  pos: TInflectionPos,
  paradigm: readonly TParadigmForm[],
): TInflectionResponse | null {
  const forms: TForm[] = paradigm.map((p) => ({ ...p, f: parseTag(p.tag) }));
  const of = (...classes: string[]) => forms.filter((x) => classes.includes(x.f.cls));
  let tables: TInflectionTable[] = [];
  switch (pos) {
    case 'noun': {
      const t = nounTable(of('subst'));
      tables = t ? [t] : [];
      break;
    }
    case 'adjective':
      tables = adjectiveTables(of('adj'));
      break;
    case 'verb':
      tables = verbTables(of('verb', 'pact', 'ppas', 'pcon', 'pant', 'ger'), lemma.endsWith(' się'));
      break;
    case 'pronoun': {
      const third = of('ppron3');
      const personal = of('ppron12');
      const self = of('siebie');
      if (third.length) tables = [agreeingTable(third, DECLENSION, PRONOUN_NOTE)].filter((t) => t !== null);
      else if (personal.length) {
        const t = nounTable(personal);
        tables = t
          ? [
              {
                ...t,
                note: PERSONAL_PRONOUN_NOTE.text,
                noteId: PERSONAL_PRONOUN_NOTE.id,
                noteParams: PERSONAL_PRONOUN_NOTE.params,
              },
            ]
          : [];
      } else if (self.length) {
        const t = table(
          DECLENSION,
          FORM_COLUMN,
          CASE_ROWS.map(({ label, c }) => ({ label, cells: [cell(self, (x) => hasCase(x, c))] })),
        );
        tables = t ? [t] : [];
      } else if (of('adj').length)
        tables = adjectiveTables(of('adj').filter((x) => (x.f.degree ?? 'pos') === 'pos'));
      else {
        const t = nounTable(of('subst'));
        tables = t ? [t] : [];
      }
      break;
    }
  }
  return tables.length ? { lemma, pos, tables } : null;
}

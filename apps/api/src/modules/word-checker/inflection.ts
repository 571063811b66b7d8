import {
  CASES,
  parseTag,
  type TCase,
  type TGender,
  type TInflectionCell,
  type TInflectionPos,
  type TInflectionResponse,
  type TInflectionTable,
  type TTagFields,
} from '@polski/contracts';
import type { TParadigmForm } from './paradigms';

/**
 * A lemma's paradigm (every form with its Morfologik tag) as the inflection tables of GET /api/words/inflection,
 * labelled in plain English: nouns cases × numbers; adjectives (and pronouns that inflect like them) cases ×
 * gender and number, one table per degree; personal pronouns cases × numbers; verbs present (or simple future),
 * past, future, conditional and imperative by person, number and gender, and the other forms worth knowing.
 */

interface TForm extends TParadigmForm {
  f: TTagFields;
}

const CASE_ORDER = Object.keys(CASES) as TCase[];
const cap = (s: string) => s[0].toUpperCase() + s.slice(1);
const CASE_ROWS = CASE_ORDER.map((c) => ({ label: cap(CASES[c]), c }));

type TPick = (x: TForm) => boolean;

/** The forms (each once, in the order of `order`) and tags of the forms `pick` keeps. */
function cell(forms: readonly TForm[], pick: TPick, order?: (x: TForm) => number): TInflectionCell {
  const chosen = forms.filter(pick);
  if (order) chosen.sort((a, b) => order(a) - order(b));
  return { forms: [...new Set(chosen.map((x) => x.form))], tags: [...new Set(chosen.map((x) => x.tag))] };
}

/** Drops the columns and rows where no cell has a form; null when nothing is left. */
function table(
  title: string,
  columns: string[],
  rows: { label: string; cells: TInflectionCell[] }[],
  note?: string,
): TInflectionTable | null {
  const keepCol = columns.map((_, ci) => rows.some((r) => r.cells[ci].forms.length > 0));
  const kept = rows
    .filter((r) => r.cells.some((c) => c.forms.length > 0))
    .map((r) => ({ label: r.label, cells: r.cells.filter((_, ci) => keepCol[ci]) }));
  if (!kept.length) return null;
  return { title, columns: columns.filter((_, ci) => keepCol[ci]), rows: kept, ...(note ? { note } : {}) };
}

const hasCase = (x: TForm, c: TCase) => x.f.cases.includes(c);
const hasGender = (x: TForm, gs: readonly TGender[]) => x.f.genders.some((g) => gs.includes(g));

const MASC: TGender[] = ['m1', 'm2', 'm3'];
const NEUT: TGender[] = ['n1', 'n2'];
const PL_PERSONAL: TGender[] = ['m1', 'p1'];
const PL_OTHER: TGender[] = ['m2', 'm3', 'f', 'n1', 'n2', 'p2', 'p3'];
/** Columns of a form that agrees in gender and number (adjectives, on/ona/ono, past tense). */
const GENDER_COLUMNS: { label: string; number: 'sg' | 'pl'; genders: TGender[] }[] = [
  { label: 'Masculine singular', number: 'sg', genders: MASC },
  { label: 'Feminine singular', number: 'sg', genders: ['f'] },
  { label: 'Neuter singular', number: 'sg', genders: NEUT },
  { label: 'Plural, masculine personal (men)', number: 'pl', genders: PL_PERSONAL },
  { label: 'Plural, other', number: 'pl', genders: PL_OTHER },
];
/** Within a masculine cell, the form for people (m1) first, then animals, then things. */
const genderOrder = (x: TForm) =>
  Math.min(...x.f.genders.map((g) => (MASC.includes(g) ? MASC.indexOf(g) : 3)));

function nounTable(forms: TForm[], title = 'Declension'): TInflectionTable | null {
  const numbers = [
    ['Singular', 'sg'],
    ['Plural', 'pl'],
  ] as const;
  return table(
    title,
    numbers.map(([l]) => l),
    CASE_ROWS.map(({ label, c }) => ({
      label,
      cells: numbers.map(([, n]) => cell(forms, (x) => x.f.number === n && hasCase(x, c))),
    })),
  );
}

function agreeingTable(forms: TForm[], title: string, note?: string): TInflectionTable | null {
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
  ['1st person (I, we)', 'pri'],
  ['2nd person (you)', 'sec'],
  ['3rd person (he, she, it, they)', 'ter'],
] as const;

function personNumberTable(forms: TForm[], title: string, note?: string): TInflectionTable | null {
  const numbers = [
    ['Singular', 'sg'],
    ['Plural', 'pl'],
  ] as const;
  return table(
    title,
    numbers.map(([l]) => l),
    PERSONS.map(([label, p]) => ({
      label,
      cells: numbers.map(([, n]) => cell(forms, (x) => x.f.person === p && x.f.number === n)),
    })),
    note,
  );
}

function personGenderTable(forms: TForm[], title: string, note?: string): TInflectionTable | null {
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
function pastNote(praet: TForm[]): string {
  const third = (g: TGender) =>
    praet.find((x) => x.f.person === 'ter' && x.f.number === 'sg' && x.f.genders.includes(g))?.form;
  const examples = [third('m1'), third('f')].filter(Boolean).map((f) => `będę ${f}`);
  return examples.length
    ? `będę + the infinitive; będę + the past form (${examples.join(', ')}) means the same.`
    : 'będę + the infinitive.';
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
      perfective ? 'Future tense (simple: the verb is perfective)' : 'Present tense',
      reflexive ? 'Reflexive: się goes with every form (uczę się).' : undefined,
    ),
    personGenderTable(mood('praet'), 'Past tense'),
  ];
  const bedzie = mood('bedzie');
  if (bedzie.length) out.push(personNumberTable(bedzie, 'Future tense'));
  else if (!perfective && infinitive) {
    const future = (p: string, n: string): TInflectionCell => {
      const aux = BEDE.find(([pp, nn]) => pp === p && nn === n)?.[2] ?? '';
      return { forms: [`${aux}${sie} ${infinitive}`], tags: [] };
    };
    out.push({
      title: 'Future tense (compound: the verb is imperfective)',
      columns: ['Singular', 'Plural'],
      rows: PERSONS.map(([label, p]) => ({ label, cells: [future(p, 'sg'), future(p, 'pl')] })),
      note: pastNote(mood('praet')),
    });
  }
  out.push(personGenderTable(mood('pot'), 'Conditional (would)'));
  out.push(personNumberTable(mood('impt'), 'Imperative (commands)'));
  const nomMasc = (x: TForm) => hasCase(x, 'nom') && x.f.number === 'sg' && x.f.genders.includes('m1');
  const others: [string, TPick][] = [
    ['Infinitive', (x) => x.f.cls === 'verb' && x.f.mood === 'inf'],
    ['Impersonal past (-no, -to: “it was done”)', (x) => x.f.cls === 'verb' && x.f.mood === 'imps'],
    ['Adverbial participle (-ąc: while doing)', (x) => x.f.cls === 'pcon'],
    ['Perfect adverbial participle (-wszy: having done)', (x) => x.f.cls === 'pant'],
    ['Active adjectival participle (-ący: doing)', (x) => x.f.cls === 'pact' && nomMasc(x)],
    ['Passive adjectival participle (done)', (x) => x.f.cls === 'ppas' && nomMasc(x)],
    ['Verbal noun (the doing)', (x) => x.f.cls === 'ger' && hasCase(x, 'nom') && x.f.number === 'sg'],
  ];
  out.push(
    table(
      'Other forms',
      ['Form'],
      others.map(([label, pick]) => ({ label, cells: [cell(forms, pick)] })),
    ),
  );
  return out.filter((t): t is TInflectionTable => t !== null);
}

const DEGREES = [
  ['pos', 'Declension'],
  ['com', 'Comparative'],
  ['sup', 'Superlative'],
] as const;

function adjectiveTables(forms: TForm[], note?: string): TInflectionTable[] {
  const out: TInflectionTable[] = [];
  for (const [degree, title] of DEGREES) {
    const ofDegree = forms.filter((x) => (x.f.degree ?? 'pos') === degree);
    const base = ofDegree.find((x) => x.f.number === 'sg' && hasCase(x, 'nom') && x.f.genders.includes('m1'));
    const t = agreeingTable(ofDegree, degree === 'pos' || !base ? title : `${title}: ${base.form}`, note);
    if (t) out.push(t);
  }
  return out;
}

const PRONOUN_NOTE =
  'Where a cell has more than one form: the long form is stressed (jego, jemu), the short one is not (go, mu), ' +
  'and the n- form comes after a preposition (do niego).';

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
      if (third.length) tables = [agreeingTable(third, 'Declension', PRONOUN_NOTE)].filter((t) => t !== null);
      else if (personal.length) {
        const t = nounTable(personal);
        tables = t
          ? [
              {
                ...t,
                note: 'Where a cell has two forms, the long one is stressed (mnie, tobie), the short one is not (mi, ci).',
              },
            ]
          : [];
      } else if (self.length) {
        const t = table(
          'Declension',
          ['Form'],
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

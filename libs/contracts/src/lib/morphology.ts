/**
 * Morfologik's tags in plain English, and the paradigm file's encoding (data/dictionary/pl-paradigms.tsv.gz,
 * written by tools/build-dictionary.mjs; docs/content.md, "Tagged morphology"). No zod and no I/O: the annotator
 * (tools/annotate), the API and the web app can all use it.
 *
 * A tag is colon-separated fields, the first the class (`subst:sg:gen:m2`, `verb:fin:sg:pri:perf:nonrefl`,
 * `adj:pl:nom.voc:m1.p1:pos`); a field may list alternatives joined by dots (`nom.voc`: nominative or vocative).
 */

export const CASES = {
  nom: 'nominative',
  gen: 'genitive',
  dat: 'dative',
  acc: 'accusative',
  inst: 'instrumental',
  loc: 'locative',
  voc: 'vocative',
} as const;
export type TCase = keyof typeof CASES;
const CASE_KEYS = Object.keys(CASES) as TCase[];

/** Morfologik's genders (PoliMorf 1.9): m1 personal, m2 animate, m3 inanimate, n1/n2 neuter, p1-p3 plural-only. */
export const GENDERS = ['m1', 'm2', 'm3', 'f', 'n1', 'n2', 'p1', 'p2', 'p3'] as const;
export type TGender = (typeof GENDERS)[number];

/** A noun's gender as a learner reads it (the lexeme's `gender`). */
export const GENDER_NAMES: Record<TGender, string> = {
  m1: 'masculine personal',
  m2: 'masculine animate',
  m3: 'masculine inanimate',
  f: 'feminine',
  n1: 'neuter',
  n2: 'neuter',
  p1: 'plural only (personal)',
  p2: 'plural only',
  p3: 'plural only',
};

export const ASPECTS = { imperf: 'imperfective', perf: 'perfective' } as const;

/** A tag split into its fields; each field a list of alternatives. */
export interface TTagFields {
  cls: string;
  number?: 'sg' | 'pl';
  cases: TCase[];
  genders: TGender[];
  person?: 'pri' | 'sec' | 'ter';
  aspects: ('imperf' | 'perf')[];
  degree?: 'pos' | 'com' | 'sup';
  negated?: boolean;
  /** verb: fin, praet, impt, inf, pot, imps, bedzie, winien, pred */
  mood?: string;
  /** prep: the governed cases; ppron: post-prepositional form (niego, niej) */
  postPrep?: boolean;
  fields: string[];
}

const isCase = (s: string): s is TCase => (CASE_KEYS as string[]).includes(s);
const isGender = (s: string): s is TGender => (GENDERS as readonly string[]).includes(s);

export function parseTag(tag: string): TTagFields {
  const fields = tag.split(':');
  const out: TTagFields = { cls: fields[0], cases: [], genders: [], aspects: [], fields };
  for (const [i, f] of fields.entries()) {
    if (i === 0) continue;
    const alts = f.split('.');
    if (alts.every(isCase)) out.cases.push(...alts);
    else if (alts.every(isGender)) out.genders.push(...alts);
    else if (f === 'sg' || f === 'pl') out.number = f;
    else if (f === 'pri' || f === 'sec' || f === 'ter') out.person = f;
    else if (alts.every((a) => a === 'imperf' || a === 'perf'))
      out.aspects.push(...(alts as ('imperf' | 'perf')[]));
    else if (f === 'pos' || f === 'com' || f === 'sup') out.degree = f;
    else if (f === 'neg') out.negated = true;
    else if (f === 'aff') out.negated = false;
    else if (f === 'praep') out.postPrep = true;
    else if (i === 1 && out.cls === 'verb') out.mood = f;
  }
  return out;
}

/** The tag with one case of its case field (the reading a sentence needs: `nom.voc` -> `nom` or `voc`). */
export function withCase(tag: string, c: TCase): string {
  return tag
    .split(':')
    .map((f) => (f.split('.').every(isCase) ? c : f))
    .join(':');
}

const ORDINAL = { pri: '1st', sec: '2nd', ter: '3rd' } as const;
const NUMBER = { sg: 'singular', pl: 'plural' } as const;

/** Genders of an adjective-like form in words: "masculine", "masculine personal", "non-masculine-personal". */
export function genderWords(genders: readonly TGender[], number?: 'sg' | 'pl'): string {
  const g = new Set(genders);
  if (!g.size) return '';
  if (number === 'pl') {
    const personal = g.has('m1') || g.has('p1');
    const other = ['m2', 'm3', 'f', 'n1', 'n2', 'p2', 'p3'].some((x) => g.has(x as TGender));
    if (personal && other) return '';
    return personal ? 'masculine personal' : 'non-masculine-personal';
  }
  const masc = ['m1', 'm2', 'm3'].filter((x) => g.has(x as TGender));
  const fem = g.has('f');
  const neut = g.has('n1') || g.has('n2');
  if ([masc.length > 0, fem, neut].filter(Boolean).length > 1) return '';
  if (fem) return 'feminine';
  if (neut) return 'neuter';
  if (masc.length === 3) return 'masculine';
  if (masc.length === 1) return GENDER_NAMES[masc[0] as TGender];
  if (masc.includes('m1') && masc.includes('m2')) return 'masculine animate';
  return 'masculine';
}

/** The class of a tag as a part of speech of the annotations (`name` is decided by the annotator). */
export function tagPos(tag: string): string {
  const cls = tag.split(':', 1)[0];
  switch (cls) {
    case 'subst':
    case 'depr':
      return 'noun';
    case 'adj':
    case 'adja':
    case 'adjp':
    case 'adjc':
      return 'adjective';
    case 'adv':
      return 'adverb';
    case 'verb':
    case 'pact':
    case 'ppas':
    case 'pcon':
    case 'pant':
    case 'ger':
      return 'verb';
    case 'num':
      return 'numeral';
    case 'ppron12':
    case 'ppron3':
    case 'siebie':
      return 'pronoun';
    case 'prep':
      return 'preposition';
    case 'conj':
    case 'comp':
      return 'conjunction';
    case 'qub':
    case 'burk':
      return 'particle';
    case 'interj':
      return 'interjection';
    case 'pred':
      return 'predicative';
    case 'brev':
      return 'abbreviation';
    default:
      return 'other';
  }
}

const caseNumber = (f: TTagFields) =>
  [f.cases.map((c) => CASES[c]).join(' or '), f.number ? NUMBER[f.number] : ''].filter(Boolean).join(' ');
const caseGenderNumber = (f: TTagFields) =>
  [
    f.cases.map((c) => CASES[c]).join(' or '),
    genderWords(f.genders, f.number),
    f.number ? NUMBER[f.number] : '',
  ]
    .filter(Boolean)
    .join(' ');
const aspectWord = (f: TTagFields) => (f.aspects.length === 1 ? ASPECTS[f.aspects[0]] : '');
const personNumber = (f: TTagFields) =>
  [f.person ? `${ORDINAL[f.person]} person` : '', f.number ? NUMBER[f.number] : ''].filter(Boolean).join(' ');
const personNumberGender = (f: TTagFields) =>
  [personNumber(f), genderWords(f.genders, f.number)].filter(Boolean).join(' ');
const DEGREE = { pos: '', com: 'comparative', sup: 'superlative' } as const;

/**
 * The form a tag names, in plain English, without the lemma: "genitive singular", "1st person singular masculine,
 * past tense, perfective", "comparative, nominative masculine singular", "adverb". One reading: give the tag with
 * the case the sentence needs (withCase), or every alternative is named ("nominative or vocative").
 */
export function describeForm(tag: string): string {
  const f = parseTag(tag);
  const parts: string[] = [];
  switch (f.cls) {
    case 'subst':
      parts.push(caseNumber(f));
      break;
    case 'depr':
      parts.push(caseNumber(f), 'depreciative (about people, disparaging)');
      break;
    case 'adj':
      if (f.degree && DEGREE[f.degree]) parts.push(DEGREE[f.degree]);
      parts.push(caseGenderNumber(f));
      break;
    case 'adja':
      parts.push('adjective stem in a compound (biało- in biało-czerwony)');
      break;
    case 'adjp':
      parts.push('adjective form used after po (po polsku)');
      break;
    case 'adjc':
      parts.push('short predicative form');
      break;
    case 'adv':
      parts.push(f.degree && DEGREE[f.degree] ? DEGREE[f.degree] : 'adverb');
      break;
    case 'num':
      parts.push(caseGenderNumber({ ...f, number: undefined }));
      break;
    case 'ppron12':
    case 'ppron3':
      parts.push(caseNumber(f));
      if (f.postPrep && !f.fields.includes('praep.npraep')) parts.push('form used after a preposition');
      break;
    case 'siebie':
      parts.push(f.cases.map((c) => CASES[c]).join(' or '));
      break;
    case 'prep':
      parts.push(`preposition with the ${f.cases.map((c) => CASES[c]).join(' or ')}`);
      break;
    case 'conj':
    case 'comp':
      parts.push('conjunction');
      break;
    case 'qub':
      parts.push('particle');
      break;
    case 'burk':
      parts.push('word used only in set phrases');
      break;
    case 'interj':
      parts.push('interjection');
      break;
    case 'pred':
      parts.push('impersonal predicative (does not inflect)');
      break;
    case 'brev':
      parts.push('abbreviation');
      break;
    case 'ger':
      parts.push(`verbal noun, ${caseNumber(f)}`);
      if (f.negated) parts.push('negated');
      break;
    case 'pact':
      parts.push(`active participle (-ący), ${caseGenderNumber(f)}`);
      if (f.negated) parts.push('negated');
      break;
    case 'ppas':
      parts.push(`passive participle, ${caseGenderNumber(f)}`);
      if (f.negated) parts.push('negated');
      break;
    case 'pcon':
      parts.push('adverbial participle (-ąc: while doing)');
      break;
    case 'pant':
      parts.push('perfect adverbial participle (-wszy: having done)');
      break;
    case 'verb':
      switch (f.mood) {
        case 'fin':
          parts.push(
            personNumber(f),
            f.aspects.length === 1 && f.aspects[0] === 'perf' ? 'future tense' : 'present tense',
          );
          break;
        case 'bedzie':
          parts.push(personNumber(f), 'future tense');
          break;
        case 'praet':
          parts.push(personNumberGender(f), 'past tense');
          break;
        case 'pot':
          parts.push(personNumberGender(f), 'conditional');
          break;
        case 'impt':
          parts.push(`imperative, ${personNumber(f)}`);
          break;
        case 'inf':
          parts.push('infinitive');
          break;
        case 'imps':
          parts.push('impersonal past form (-no, -to: "it was done")');
          break;
        case 'winien':
          parts.push(personNumberGender(f));
          break;
        default:
          parts.push('verb form');
      }
      break;
    default:
      parts.push(f.cls);
  }
  if (['verb', 'ger', 'pact', 'ppas', 'pcon', 'pant'].includes(f.cls) && aspectWord(f))
    parts.push(aspectWord(f));
  return parts.filter(Boolean).join(', ');
}

/** Classes whose words do not inflect: named by their class alone. */
const UNINFLECTED = new Set([
  'prep',
  'conj',
  'comp',
  'qub',
  'interj',
  'pred',
  'burk',
  'brev',
  'adja',
  'adjp',
]);

/**
 * "genitive singular of pies", "1st person singular masculine, past tense, perfective, of zrobić", "comparative of
 * dobrze". Words that do not inflect are named by their class alone ("conjunction", "preposition with the
 * genitive", "adverb").
 */
export function describe(tag: string, lemma: string): string {
  const form = describeForm(tag);
  const f = parseTag(tag);
  if (!lemma || UNINFLECTED.has(f.cls) || (f.cls === 'adv' && f.degree !== 'com' && f.degree !== 'sup'))
    return form;
  return form.includes(',') ? `${form}, of ${lemma}` : `${form} of ${lemma}`;
}

// ---- the paradigm file ----------------------------------------------------------------------------------------
/** One entry of a paradigm pattern: how one form is made from the lemma, and its tag ids. */
export interface TPatternEntry {
  /** `[prefix^]<strip><suffix>` or `=<form>` */
  transform: string;
  tagIds: number[];
}

/** The entries of one pattern line: `transform:ids transform:ids ...` (ids in base 36, joined by dots). */
export function decodePattern(line: string): TPatternEntry[] {
  if (!line) return [];
  return line.split(' ').map((entry) => {
    const colon = entry.lastIndexOf(':');
    return {
      transform: entry.slice(0, colon),
      tagIds: entry
        .slice(colon + 1)
        .split('.')
        .map((id) => parseInt(id, 36)),
    };
  });
}

/** The form a transform makes of `lemma` (tools/build-dictionary.mjs formTransform is its inverse). */
export function applyTransform(lemma: string, transform: string): string {
  if (transform.startsWith('=')) return transform.slice(1);
  const m = /^(?:([^\d^]*)\^)?(\d+)(.*)$/s.exec(transform);
  if (!m) throw new Error(`bad paradigm transform "${transform}"`);
  const [, prefix = '', strip, suffix] = m;
  return prefix + lemma.slice(0, lemma.length - Number(strip)) + suffix;
}

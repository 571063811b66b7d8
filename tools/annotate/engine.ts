// The annotation engine: every token of a Polish text block gets a lemma, a part of speech, its form in plain
// English, a meaning in context, the gender of nouns and the aspect (and partner) of verbs. docs/content.md, "Word
// annotations", says how it decides; rules.ts holds the disambiguation rules.
import {
  CASES,
  GENDER_NAMES,
  describe,
  describeForm,
  parseTag,
  tagPos,
  tokenize,
  withCase,
  type TAnnotationPos,
  type TAnnotations,
  type TCase,
  type TGender,
  type TLexeme,
  type TLexiconEntry,
  type TPhrase,
  type TTagFields,
  type TToken,
  type TTokenAnnotation,
  type TWordChoice,
  type TWordChoices,
} from '@polski/contracts';
import { cmp, type Dictionary, type Morphology, type TLexicon } from './data';
import { LEMMA_VARIANTS, applyRules } from './rules';

/** One reading of a token: a lemma and one tag (with one case). */
export interface TReading {
  lemma: string;
  tag: string;
  f: TTagFields;
  pos: TAnnotationPos;
  /** what the rules and priors gave it; the highest wins */
  score: number;
  /** why (for reports and tests) */
  why: string[];
}

export interface TTokenState {
  token: TToken;
  index: number;
  /** the word as written, lower-cased */
  lower: string;
  readings: TReading[];
  choice?: TWordChoice;
  /** the word starts its sentence (after a quotation mark or dash, too) */
  initial: boolean;
  /** the characters between the previous token and this one */
  before: string;
  /** a name (proper noun): from a capitalised lemma, the lexicon, the lesson's choice or an unknown capitalised word */
  name?: 'person' | 'place' | 'other';
  /** index of the token this się belongs to (a reflexive verb), or of its się */
  reflexiveWith?: number;
  phrase?: number;
  chosen?: TReading;
  ambiguous?: string[];
}

export interface TBlockInput {
  text: string;
  /** the English translation (a hint for choosing senses and readings) */
  en?: string;
  words?: TWordChoices;
}

export interface TIssue {
  block: number;
  token: number;
  word: string;
  kind: 'unknown' | 'no-meaning' | 'ambiguous' | 'choice';
  detail: string;
}

export interface TContext {
  morph: Morphology;
  dict: Dictionary;
  lexicon: TLexicon;
  /** pl-en's and the lexicon's multi-word entries, by their first word (lower case) */
  phrases?: Map<string, string[][]>;
  /** aspect partners named by the lexicon (built on first use) */
  partners?: Map<string, string>;
  /** called with each block's token states after the rules (tools/annotate-content.ts --why) */
  debug?: (states: TTokenState[]) => void;
}

export interface TResult {
  annotations: TAnnotations;
  issues: TIssue[];
  /** per block, per token: covered (lemma, form and meaning), a name, or not */
  coverage: ('covered' | 'name' | 'uncovered')[][];
}

const PRONOUN_LEMMAS = new Set(
  'ten ta to tamten taki jaki który czyj mój twój swój nasz wasz jego jej ich kto co nic nikt ktoś coś cokolwiek ktokolwiek wszystko wszyscy wszystek każdy żaden sam niektóry jakiś czyjś inny'.split(
    ' ',
  ),
);
/** What an uncovered token ships with (the coverage check fails on it). */
export const NOT_YET = 'not annotated yet';
export const NO_MEANING = '(no meaning yet)';
/** The lexicon sense of a title before a name (pan Heniek, pani Krystyna). */
const TITLES: Record<string, string> = { pan: 'Mr', pani: 'Mrs, Ms' };

/** Ordinal numerals as hours: o trzeciej "at three". */
const HOURS: Record<string, string> = {
  pierwszy: 'one',
  drugi: 'two',
  trzeci: 'three',
  czwarty: 'four',
  piąty: 'five',
  szósty: 'six',
  siódmy: 'seven',
  ósmy: 'eight',
  dziewiąty: 'nine',
  dziesiąty: 'ten',
  jedenasty: 'eleven',
  dwunasty: 'twelve',
  trzynasty: 'thirteen',
  czternasty: 'fourteen',
  piętnasty: 'fifteen',
  szesnasty: 'sixteen',
  siedemnasty: 'seventeen',
  osiemnasty: 'eighteen',
  dziewiętnasty: 'nineteen',
  dwudziesty: 'twenty',
};
/** The hour of an ordinal or of the lexicon's hour noun (szósta "six o'clock": szósty), else undefined. */
const hourOf = (lemma: string) => HOURS[lemma] ?? HOURS[lemma.replace(/ia$/, 'i').replace(/a$/, 'y')];
const POSSESSIVE = new Map([
  ['jego', 'his, its'],
  ['jej', 'her'],
  ['ich', 'their'],
]);
const ROMAN = /^(?=[MDCLXVI])M{0,3}(C[MD]|D?C{0,3})(X[CL]|L?X{0,3})(I[XV]|V?I{0,3})$/;
const ROMAN_VALUE: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100, D: 500, M: 1000 };
export function romanValue(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const v = ROMAN_VALUE[s[i]];
    n += i + 1 < s.length && ROMAN_VALUE[s[i + 1]] > v ? -v : v;
  }
  return n;
}
const ordinalSuffix = (n: number) =>
  n % 100 >= 11 && n % 100 <= 13
    ? 'th'
    : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th');

const isUpper = (s: string) => s !== s.toLowerCase() && s.charAt(0) === s.charAt(0).toUpperCase();

/** A capitalised word Morfologik lacks that starts its sentence and is a common word of the lexicon (Gdybyś). */
const commonWordAtStart = (s: TTokenState, ctx: TContext): boolean => {
  const entry = s.initial ? lexiconEntry(ctx, s.lower) : undefined;
  return !!entry && entry.pos !== 'name';
};

/**
 * The lemma a reading shows: personal pronouns by gender and number (jej -> ona), reflexive forms -> siebie. A plural
 * form the tag gives every gender (nich, nimi, im) is "oni" unless the sentence chose "one" (w nich: in the door).
 */
export function displayLemma(
  r: { lemma: string; tag: string; f?: TTagFields },
  word: string,
  chosen?: string,
): string {
  const f = r.f ?? parseTag(r.tag);
  if (f.cls === 'ppron3' && r.lemma === 'on') {
    if (f.number === 'pl') {
      const personal = f.genders.includes('m1') || f.genders.includes('p1');
      const other = f.genders.some((g) => g !== 'm1' && g !== 'p1');
      if (chosen === 'one' && other) return 'one';
      return personal ? 'oni' : 'one';
    }
    if (f.genders.length === 1 && f.genders[0] === 'f') return 'ona';
    if (f.genders.every((g) => g === 'n1' || g === 'n2')) return 'ono';
    return 'on';
  }
  if (f.cls === 'siebie') return word.toLowerCase() === 'się' ? 'się' : 'siebie';
  return r.lemma;
}

/** The part of speech a reading is annotated with. */
function readingPos(lemma: string, tag: string): TAnnotationPos {
  const p = tagPos(tag);
  if ((p === 'adjective' || p === 'noun') && PRONOUN_LEMMAS.has(lemma)) return 'pronoun';
  if (p === 'other') return 'particle';
  return p as TAnnotationPos;
}

/**
 * Readings of a word: Morfologik's analyses of it as written and in lower case, one per case alternative (a lemma of
 * LEMMA_VARIANTS under its headword); and an interjection the lexicon names (`o (interjection)`: "O!", "O, ...") when punctuation follows the word.
 */
function readingsOf(word: string, ctx: TContext, after = ''): TReading[] {
  const seen = new Set<string>();
  const out: TReading[] = [];
  const lower = word.toLowerCase();
  const interjection = ctx.lexicon.entries.get(`${lower} (interjection)`) ?? ctx.lexicon.entries.get(lower);
  if (/^\s*[,!?]/.test(after) && interjection?.pos === 'interjection')
    out.push({
      lemma: lower,
      tag: 'interj',
      f: parseTag('interj'),
      pos: 'interjection',
      score: 5,
      why: ['+5 interjection before punctuation'],
    });
  const forms = word === word.toLowerCase() ? [word] : [word, word.toLowerCase()];
  for (const form of forms) {
    for (const a of ctx.morph.analyses(form)) {
      const f0 = parseTag(a.tag);
      const tags =
        f0.cases.length > 1 && f0.cls !== 'prep' ? f0.cases.map((c) => withCase(a.tag, c)) : [a.tag];
      for (const tag of tags) {
        const key = `${a.lemma}\t${tag}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const lemma = LEMMA_VARIANTS.get(a.lemma) ?? a.lemma;
        out.push({ lemma, tag, f: parseTag(tag), pos: readingPos(lemma, tag), score: 0, why: [] });
      }
    }
  }
  return out;
}

/** Whether a choice (`words:` of a sentence) accepts a reading. */
export function choiceMatches(choice: TWordChoice, r: TReading, word: string): boolean {
  if (choice.lemma) {
    const l = choice.lemma.replace(/ się$/, '');
    if (l !== r.lemma && l !== displayLemma(r, word, l)) return false;
  }
  if (choice.tag) {
    const want = choice.tag.split(':');
    const have = r.tag.split(':');
    for (const [i, w] of want.entries()) {
      const alts = (have[i] ?? '').split('.');
      if (!w.split('.').every((x) => alts.includes(x))) return false;
    }
  }
  if (choice.form && describeForm(r.tag) !== choice.form) return false;
  return true;
}

function englishWords(s: string | undefined): Set<string> {
  return new Set((s ?? '').toLowerCase().match(/[a-z]+/g) ?? []);
}

/** Short learner glosses from the dictionary's senses: the items most senses agree on first. */
export function dictionaryGlosses(senses: string[], pos?: string): string[] {
  const count = new Map<string, number>();
  const first = new Map<string, number>();
  let n = 0;
  for (const s of senses)
    for (const raw of s.split(/[,;]/)) {
      const item = raw
        .replace(/\([^)]*\)/g, '')
        .replace(/\s+/g, ' ')
        .trim();
      if (!item || item.length > 40 || (/^[A-Z]{1,3}\.?$/.test(item) && item !== 'I')) continue;
      count.set(item, (count.get(item) ?? 0) + 1);
      if (!first.has(item)) first.set(item, n++);
    }
  const items = [...count.keys()].sort(
    (a, b) => count.get(b)! - count.get(a)! || first.get(a)! - first.get(b)!,
  );
  return items.map((i) => (pos === 'verb' && !/^to /.test(i) ? `to ${i}` : i));
}

const DICT_POS: Record<string, string[]> = {
  noun: ['noun', 'proper noun'],
  verb: ['verb'],
  adjective: ['adjective'],
  adverb: ['adverb'],
  pronoun: ['pronoun', 'adjective', 'noun'],
  preposition: ['preposition'],
  conjunction: ['conjunction'],
  numeral: ['numeral'],
  particle: ['particle', 'adverb', 'conjunction', 'interjection'],
  interjection: ['interjection'],
  predicative: ['adverb', 'verb', 'particle'],
  name: ['proper noun', 'noun'],
};

/** The dictionary's meaning of a lemma for a part of speech (matching entries first), or undefined. */
export function dictionaryMeaning(dict: Dictionary, lemma: string, pos: string): string | undefined {
  const entries = dict.get(lemma);
  if (!entries.length) return undefined;
  const wanted = DICT_POS[pos] ?? [pos];
  const matching = entries.filter((e) => wanted.includes(e.pos));
  const use = matching.length
    ? matching
    : pos === 'name'
      ? []
      : entries.filter((e) => e.pos === '' || e.pos === 'phrase');
  const glosses = dictionaryGlosses(
    use.flatMap((e) => e.senses),
    pos,
  );
  return glosses.length ? glosses.slice(0, 2).join(', ') : undefined;
}

/** Parts of speech a lexicon entry may name for a reading of another small class (potem: adverb or particle). */
const SMALL_WORDS = new Set(['adverb', 'particle', 'conjunction', 'predicative', 'interjection']);

/**
 * The lexicon's entry for a lemma and part of speech, if any: `lemma (pos)` (for homographs: złoty (noun)), else
 * `lemma` when its part of speech fits.
 */
export function lexiconEntry(ctx: TContext, lemma: string, pos?: string): TLexiconEntry | undefined {
  if (pos) {
    const exact = ctx.lexicon.entries.get(`${lemma} (${pos})`);
    if (exact) return exact;
  }
  const e = ctx.lexicon.entries.get(lemma);
  if (!e || !pos || e.pos === pos) return e;
  if (e.pos === 'name' && pos === 'noun') return e;
  if (e.pos === 'pronoun' && ['adjective', 'noun', 'numeral'].includes(pos)) return e;
  if (e.pos === 'noun' && pos === 'name') return e;
  if (SMALL_WORDS.has(e.pos) && SMALL_WORDS.has(pos)) return e;
  if (e.pos === 'numeral' && pos === 'adjective') return e;
  if (e.pos === 'adverb' && pos === 'noun') return undefined;
  return undefined;
}

/** The word at i is a form of "ten" that agrees (number, case, gender) with a noun right after it. */
function modifiesNextNoun(states: TTokenState[], i: number): boolean {
  const next = states[i + 1];
  if (!next || /[.,;:!?()—–„”"]/.test(next.before)) return false;
  const these = states[i].readings.filter((r) => r.lemma === 'ten' && r.f.cls === 'adj');
  const nouns = next.readings.filter((r) => r.f.cls === 'subst');
  return these.some((a) =>
    nouns.some(
      (n) =>
        a.f.number === n.f.number &&
        a.f.cases.some((c) => n.f.cases.includes(c)) &&
        a.f.genders.some((g) => n.f.genders.includes(g)),
    ),
  );
}

/** Multi-word entries of the lexicon (and pl-en's), as word lists by first word. */
export function phraseIndex(ctx: TContext): Map<string, string[][]> {
  const index = new Map<string, string[][]>();
  const add = (p: string) => {
    const words = p.toLowerCase().split(/\s+/);
    if (words.length < 2 || words.some((w) => !/^\p{L}+(?:-\p{L}+)*$/u.test(w))) return;
    if (words.length === 2 && words[1] === 'się') return; // reflexive verbs are found by rule
    const list = index.get(words[0]) ?? [];
    if (!list.some((l) => l.join(' ') === words.join(' '))) list.push(words);
    index.set(words[0], list);
  };
  for (const [lemma, e] of ctx.lexicon.entries) if (e.pos === 'phrase') add(lemma);
  for (const p of ctx.dict.multiword()) {
    const e = ctx.dict.get(p);
    if (
      e.some((x) =>
        ['interjection', 'phrase', 'idiom', 'adverb', 'preposition', 'conjunction', 'particle'].includes(
          x.pos,
        ),
      )
    )
      add(p);
  }
  for (const list of index.values())
    list.sort((a, b) => b.length - a.length || cmp(a.join(' '), b.join(' ')));
  return index;
}

/**
 * Annotates text blocks (a lesson's sentences, a transcript's lines, a grammar note's examples) as one text: one
 * lexeme table for all of them.
 */
export function annotateBlocks(blocks: TBlockInput[], ctx: TContext): TResult {
  const phrasesIndex = ctx.phrases ?? (ctx.phrases = phraseIndex(ctx));
  const lexemes: TLexeme[] = [];
  const lexemeIndex = new Map<string, number>();
  const phrases: TPhrase[] = [];
  const phraseIdx = new Map<string, number>();
  const issues: TIssue[] = [];
  const coverage: ('covered' | 'name' | 'uncovered')[][] = [];
  const out: TTokenAnnotation[][] = [];

  const lexemeOf = (lx: TLexeme): number => {
    const key = `${lx.lemma}\t${lx.pos}`;
    let i = lexemeIndex.get(key);
    if (i === undefined) {
      i = lexemes.length;
      lexemes.push(lx);
      lexemeIndex.set(key, i);
    }
    return i;
  };
  const phraseOf = (p: TPhrase): number => {
    let i = phraseIdx.get(p.text);
    if (i === undefined) {
      i = phrases.length;
      phrases.push(p);
      phraseIdx.set(p.text, i);
    }
    return i;
  };
  // a sentence's choice of an expression's meaning (`phrase:` on one of its words); an expression has one meaning
  // per text (its translations are keyed by its words), so a choice that contradicts an earlier one is reported
  const chosenPhrase = (
    bi: number,
    states: TTokenState[],
    at: number[],
    text: string,
  ): string | undefined => {
    const k = at.find((i) => states[i].choice?.phrase);
    if (k === undefined) return undefined;
    const meaning = states[k].choice!.phrase!;
    const earlier = phraseIdx.get(text);
    if (earlier !== undefined && phrases[earlier].meaning !== meaning)
      issues.push({
        block: bi,
        token: k,
        word: states[k].token.text,
        kind: 'choice',
        detail: `words: "${text}" already means "${phrases[earlier].meaning}" in this text`,
      });
    return meaning;
  };

  ctx.morph.prepare(
    blocks.flatMap((b) =>
      tokenize(b.text)
        .filter((t) => t.kind === 'word')
        .flatMap((t) => [t.text, t.text.toLowerCase()]),
    ),
  );

  blocks.forEach((block, bi) => {
    const tokens = tokenize(block.text);
    const seen = new Map<string, number>();
    const states: TTokenState[] = tokens.map((token, index) => {
      const n = (seen.get(token.text) ?? 0) + 1;
      seen.set(token.text, n);
      const choice =
        block.words?.[n > 1 ? `${token.text}#${n}` : token.text] ?? (n === 1 ? undefined : undefined);
      const before = block.text.slice(index ? tokens[index - 1].end : 0, token.start);
      const initial = index === 0 || /[.!?…]\s*[„"«»”—–-]?\s*$/.test(before) || /^\s*[—–]\s*$/.test(before);
      return {
        token,
        index,
        lower: token.text.toLowerCase(),
        readings: token.kind === 'word' ? readingsOf(token.text, ctx, block.text.slice(token.end)) : [],
        choice,
        initial,
        before,
      };
    });
    for (const s of states) {
      const c = s.choice;
      if (!c) continue;
      // a name the lesson says is a name, without a form: named as such, whatever Morfologik has
      if (c.name && c.form === 'name') {
        s.readings = [];
        continue;
      }
      if (
        (c.lemma || c.tag || c.form) &&
        s.readings.length &&
        !s.readings.some((r) => choiceMatches(c, r, s.token.text))
      )
        issues.push({
          block: bi,
          token: s.index,
          word: s.token.text,
          kind: 'choice',
          detail: `words: the choice matches none of ${[...new Set(s.readings.map((r) => `${displayLemma(r, s.token.text)} ${r.tag} "${describeForm(r.tag)}"`))].join(', ')}`,
        });
    }
    // choices keyed by a word the sentence does not have
    for (const key of Object.keys(block.words ?? {})) {
      const [w, nth] = key.split('#');
      if ((seen.get(w) ?? 0) < Number(nth ?? 1))
        issues.push({
          block: bi,
          token: -1,
          word: key,
          kind: 'choice',
          detail: `words: "${key}" is not in the sentence`,
        });
    }

    // multi-word expressions: the longest entry that matches the words as written
    for (let i = 0; i < states.length; i++) {
      const cands = phrasesIndex.get(states[i].lower);
      if (!cands || states[i].phrase !== undefined) continue;
      for (const words of cands) {
        if (i + words.length > states.length) continue;
        if (
          !words.every(
            (w, k) => states[i + k].lower === w && (k === 0 || !/[.,;:!?()—–]/.test(states[i + k].before)),
          )
        )
          continue;
        const text = words.join(' ');
        const lx = lexiconEntry(ctx, text, 'phrase');
        // a dictionary expression that ends in a form of "ten" agreeing with the noun after it is no expression
        // there: "w tym, że" (in that), but "w tym miejscu" (in this place)
        if (!lx && modifiesNextNoun(states, i + words.length - 1)) continue;
        const meaning =
          chosenPhrase(
            bi,
            states,
            words.map((_w, k) => i + k),
            text,
          ) ??
          (lx && block.en ? senseForEnglish(lx.senses, block.en) : undefined) ??
          lx?.senses[0] ??
          dictionaryMeaning(ctx.dict, text, 'interjection') ??
          dictionaryMeaning(ctx.dict, text, 'adverb');
        if (!meaning) continue;
        const p = phraseOf({ text, meaning });
        for (let k = 0; k < words.length; k++) states[i + k].phrase = p;
        break;
      }
    }

    applyRules(states, block, ctx);
    ctx.debug?.(states);

    // a reflexive verb and its się: one expression, "uczyć się"
    for (const s of states) {
      if (s.reflexiveWith === undefined || !s.chosen || s.chosen.f.cls === 'siebie') continue;
      const text = `${s.chosen.lemma} się`;
      const entry = lexiconEntry(ctx, text, 'verb');
      const meaning =
        chosenPhrase(bi, states, [s.index, s.reflexiveWith], text) ??
        (entry && block.en ? senseForEnglish(entry.senses, block.en) : undefined) ??
        entry?.senses[0] ??
        dictionaryMeaning(ctx.dict, text, 'verb');
      if (!meaning) continue;
      const p = phraseOf({ text, meaning });
      const sie = states[s.reflexiveWith];
      if (s.phrase === undefined) s.phrase = p;
      if (sie.phrase === undefined) sie.phrase = p;
    }

    // a phrase choice on a word that belongs to no expression chose nothing
    for (const s of states)
      if (s.choice?.phrase && s.phrase === undefined)
        issues.push({
          block: bi,
          token: s.index,
          word: s.token.text,
          kind: 'choice',
          detail: `words: "${s.token.text}" belongs to no expression, so its phrase "${s.choice.phrase}" means nothing`,
        });

    const blockOut: TTokenAnnotation[] = [];
    const blockCov: ('covered' | 'name' | 'uncovered')[] = [];
    for (const s of states) {
      const { token } = s;
      const choice = s.choice;
      let lx: TLexeme;
      let ann: Omit<TTokenAnnotation, 'lexeme'>;
      let status: 'covered' | 'name' | 'uncovered' = 'covered';
      if (token.kind === 'number') {
        lx = { lemma: token.text, pos: 'number', meaning: token.text };
        ann = { form: 'number written in digits', ...(choice?.meaning ? { meaning: choice.meaning } : {}) };
      } else if (ROMAN.test(token.text) && token.text.length > 1 && !s.chosen) {
        const n = romanValue(token.text);
        lx = { lemma: token.text, pos: 'number', meaning: `${n}${ordinalSuffix(n)}` };
        ann = { form: `Roman numeral ${n} (read as an ordinal number)` };
      } else if (s.chosen) {
        const r = s.chosen;
        const shown = displayLemma(r, token.text, choice?.lemma);
        const reflexive = s.reflexiveWith !== undefined && r.pos === 'verb';
        const lemma = reflexive ? `${shown} się` : shown;
        const entry =
          lexiconEntry(ctx, lemma, s.name ? 'name' : r.pos) ??
          (reflexive ? undefined : lexiconEntry(ctx, shown, s.name ? 'name' : r.pos));
        // the lexicon's part of speech where it names one for this reading (potem: adverb, not particle)
        const pos: TAnnotationPos = s.name ? 'name' : entry && entry.pos !== 'name' ? entry.pos : r.pos;
        const meaning = entry?.senses[0] ?? meaningFromData(ctx, lemma, r, pos);
        lx = { lemma, pos, meaning: meaning ?? '' };
        if (pos === 'noun' || (pos === 'name' && r.f.genders.length)) {
          const g = entry?.gender ?? nounGender(r, ctx, shown);
          if (g && pos === 'noun') lx.gender = g;
        }
        if (r.pos === 'verb' && pos === 'verb') {
          const aspect = entry?.aspect ?? verbAspect(r);
          if (aspect) lx.aspect = aspect;
          const partner = entry?.partner ?? partners(ctx).get(lemma);
          if (partner) lx.partner = partner;
        }
        if (pos === 'name') lx.kind = entry?.kind ?? s.name;
        let form = describe(r.tag, lemma === 'się' ? '' : lemma);
        // jego, jej, ich before a noun: the possessive (it does not inflect)
        const next = states[s.index + 1];
        if (
          r.f.cls === 'ppron3' &&
          POSSESSIVE.has(s.lower) &&
          next?.chosen &&
          ['subst', 'adj', 'ger'].includes(next.chosen.f.cls) &&
          !/[,.;:!?]/.test(next.before) &&
          !states[s.index - 1]?.chosen?.f.cls.startsWith('prep')
        ) {
          lx = { lemma: s.lower, pos: 'pronoun', meaning: POSSESSIVE.get(s.lower)! };
          form = `possessive pronoun (does not inflect; genitive of ${shown})`;
        }
        if (token.text.toLowerCase() === 'się' && r.f.cls === 'siebie') {
          const verb = s.reflexiveWith !== undefined ? states[s.reflexiveWith].chosen : undefined;
          form = verb
            ? `reflexive pronoun, part of ${displayLemma(verb, states[s.reflexiveWith!].token.text)} się`
            : 'reflexive pronoun (oneself, each other)';
        }
        ann = { form, tag: r.tag };
        let contextual = contextualMeaning(s, entry, block, r.tag);
        // the hour: o trzeciej "at three (o'clock)"
        const hourAfter = states[s.index + 1]?.chosen;
        if (
          !s.choice &&
          lemma === 'o' &&
          hourAfter &&
          hourOf(hourAfter.lemma) &&
          hourAfter.f.cases.includes('loc')
        )
          contextual = 'at (a time)';
        const before = states[s.index - 1];
        if (!s.choice && HOURS[lemma] && before?.lower === 'o' && r.f.cases.includes('loc'))
          contextual = `${HOURS[lemma]} (o'clock)`;
        // a title before a name: pan Heniek "Mr", pani Krystyna "Mrs, Ms"; tak before an adjective or adverb: "so"
        const after = states[s.index + 1];
        if (!s.choice && entry && after && !/[.,;:!?()„”"—–…]/.test(after.before)) {
          const title = TITLES[lemma];
          if (title && after.name && entry.senses.includes(title)) contextual = title;
          const degree = after.chosen && /^(adj|adv|ppas|pact)/.test(after.chosen.tag);
          if (lemma === 'tak' && degree && entry.senses.includes('so')) contextual = 'so';
        }
        if (contextual && contextual !== lx.meaning) ann.meaning = contextual;
        if (!lx.meaning && contextual) {
          lx.meaning = contextual;
          delete ann.meaning;
        }
        if (pos === 'name') {
          status = 'name';
          if (!lx.meaning) lx.meaning = nameMeaning(lx.kind);
        }
        if (s.ambiguous)
          issues.push({
            block: bi,
            token: s.index,
            word: token.text,
            kind: 'ambiguous',
            detail: s.ambiguous.join(' | '),
          });
      } else if (s.name || (isUpper(token.text) && !commonWordAtStart(s, ctx))) {
        const entry = lexiconEntry(ctx, choice?.lemma ?? token.text);
        const kind = choice?.name ?? entry?.kind ?? s.name ?? 'other';
        lx = {
          lemma: choice?.lemma ?? token.text,
          pos: 'name',
          kind,
          meaning: entry?.senses[0] ?? nameMeaning(kind),
        };
        ann = { form: 'name', ...(choice?.meaning ? { meaning: choice.meaning } : {}) };
        status = 'name';
      } else {
        const entry = lexiconEntry(ctx, choice?.lemma ?? s.lower);
        if (entry) {
          lx = { lemma: choice?.lemma ?? s.lower, pos: entry.pos, meaning: entry.senses[0] };
          ann = { form: 'word that does not inflect' };
          const contextual = contextualMeaning(s, entry, block);
          if (contextual && contextual !== lx.meaning) ann.meaning = contextual;
        } else {
          lx = { lemma: s.lower, pos: 'particle', meaning: choice?.meaning ?? '' };
          ann = { form: NOT_YET };
          status = 'uncovered';
          issues.push({
            block: bi,
            token: s.index,
            word: token.text,
            kind: 'unknown',
            detail: 'not in Morfologik nor the lexicon',
          });
        }
      }
      if (s.phrase !== undefined) ann.phrase = s.phrase;
      if (!lx.meaning && !ann.meaning && status !== 'name') {
        status = 'uncovered';
        if (token.kind === 'word' && s.chosen)
          issues.push({
            block: bi,
            token: s.index,
            word: token.text,
            kind: 'no-meaning',
            detail: `no meaning for ${lx.lemma} (${lx.pos})`,
          });
      }
      if (ann.form === NOT_YET) status = 'uncovered';
      if (!lx.meaning) lx.meaning = NO_MEANING;
      blockOut.push({ lexeme: lexemeOf(lx), ...ann });
      blockCov.push(status);
    }
    out.push(blockOut);
    coverage.push(blockCov);
  });
  return { annotations: { version: 1, lexemes, phrases, blocks: out }, issues, coverage };
}

function nameMeaning(kind: string | undefined): string {
  return kind === 'person' ? "a person's name" : kind === 'place' ? 'a place name' : 'a name';
}

const GENDER_PREFERENCE: TGender[] = ['m2', 'm3', 'f', 'n2', 'n1', 'm1', 'p2', 'p3', 'p1'];

/** A noun's gender: the lexicon's, else the chosen reading's, else the paradigm's most likely. */
function nounGender(r: TReading, ctx: TContext, lemma: string): string | undefined {
  let genders = r.f.genders;
  if (genders.length !== 1) {
    const all = new Set<TGender>();
    for (const p of ctx.morph.paradigm(lemma))
      for (const t of p.tags) if (t.startsWith('subst:')) parseTag(t).genders.forEach((g) => all.add(g));
    genders = [...all];
  }
  const g = GENDER_PREFERENCE.find((x) => genders.includes(x));
  if (!g) return undefined;
  return g.startsWith('p') ? 'plural only' : GENDER_NAMES[g];
}

function verbAspect(r: TReading): 'perfective' | 'imperfective' | 'both' | undefined {
  const a = r.f.aspects;
  if (a.length === 2) return 'both';
  return a[0] === 'perf' ? 'perfective' : a[0] === 'imperf' ? 'imperfective' : undefined;
}

/** Verbs the lexicon names as the aspect partner of one of its entries: partner -> that entry's lemma. */
function partners(ctx: TContext): Map<string, string> {
  if (!ctx.partners) {
    ctx.partners = new Map();
    for (const [lemma, e] of ctx.lexicon.entries)
      if (e.pos === 'verb' && e.partner && !ctx.partners.has(e.partner)) ctx.partners.set(e.partner, lemma);
  }
  return ctx.partners;
}

/**
 * Meaning from the data: the dictionary's for the lemma (for a participle or verbal noun, its verb's); for a verb
 * neither has, the meaning of the lexicon verb that names it as its aspect partner (przeczytać: czytać's "to read").
 */
function meaningFromData(ctx: TContext, lemma: string, r: TReading, pos: string): string | undefined {
  const m = dictionaryMeaning(ctx.dict, lemma, pos === 'name' ? 'name' : r.pos);
  if (m) return m;
  if (r.pos === 'verb') {
    const pair = partners(ctx).get(lemma);
    const entry = pair ? ctx.lexicon.entries.get(pair) : undefined;
    if (entry) return entry.senses[0];
  }
  if (lemma.endsWith(' się')) return dictionaryMeaning(ctx.dict, lemma.slice(0, -4), 'verb');
  return undefined;
}

/** The token's own meaning: the sentence's choice (meaning, else sense), else the lexicon sense the EN line names. */
function contextualMeaning(
  s: TTokenState,
  entry: TLexiconEntry | undefined,
  block: TBlockInput,
  tag?: string,
): string | undefined {
  const c = s.choice;
  if (c?.meaning) return c.meaning;
  if (c?.sense && entry) return entry.senses[c.sense - 1];
  if (!entry || !block.en) return undefined;
  // a preposition with the locative is where something is, never where it goes or what it is for: "na siłowni"
  // is not "for" the gym even when the English line has "for two months" elsewhere
  const senses = tag?.startsWith('prep:loc')
    ? entry.senses.filter((sense, i) => i === 0 || !MOTION_SENSES.has(sense))
    : entry.senses;
  return senseForEnglish(senses, block.en);
}

/** The senses of na and w that only their accusative has (direction, purpose, time span). */
const MOTION_SENSES = new Set(['for', 'to', 'into', 'onto']);

/** A later sense whose words the English line has, where sense 1's do not appear (a word's or a phrase's). */
function senseForEnglish(senses: string[], enLine: string): string | undefined {
  if (senses.length < 2) return undefined;
  const en = englishWords(enLine);
  const hits = (sense: string) =>
    [...englishWords(sense)].filter((w) => w.length > 2 && w !== 'the' && en.has(w)).length;
  if (hits(senses[0]) > 0) return undefined;
  return senses.find((sense, i) => i > 0 && hits(sense) > 0);
}

export const CASE_NAMES = CASES;
export type { TCase };

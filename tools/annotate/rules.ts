// Disambiguation: which of a word's readings the sentence needs. Each reading gets a score from priors (the
// lexicon and the dictionary know the lemma; a capital letter mid-sentence means a name) and from rules on its
// neighbours (a preposition's government, adjective-noun agreement, the clause's verb: subject, object, negation,
// być, verbs that govern the genitive, dative or instrumental; quantities; address). A sentence's `words:` choice
// outweighs all of them. The highest score wins; readings that tie with it but read differently are reported as
// unresolved ambiguity (docs/content.md, "How a reading is chosen").
import { describeForm, type TCase } from '@polski/contracts';
import {
  displayLemma,
  lexiconEntry,
  choiceMatches,
  type TBlockInput,
  type TContext,
  type TReading,
  type TTokenState,
} from './engine';
import { cmp } from './data';

/**
 * Morfologik lemmas that are only a variant spelling of a form of another lemma: the reading is annotated under the
 * headword a learner looks up. Morfologik files "wieczora" (do wieczora: until the evening, beside wieczoru) under a
 * lemma "wieczor" of its own.
 */
export const LEMMA_VARIANTS: ReadonlyMap<string, string> = new Map([['wieczor', 'wieczór']]);

const PUNCT = /[.,;:!?()„”"«»—–…]/;
const COPULAS = new Set(['być', 'zostać', 'zostawać', 'stać', 'wydawać']);
const GEN_VERBS = new Set(
  'szukać poszukać potrzebować słuchać posłuchać bać używać użyć pilnować życzyć dotyczyć brakować zabraknąć uczyć nauczyć spróbować próbować chcieć zapomnieć unikać wymagać bronić dostarczyć nabrać napić spodziewać'.split(
    ' ',
  ),
);
const DAT_VERBS = new Set(
  'pomagać pomóc dziękować podziękować ufać wierzyć przyglądać przyjrzeć podobać smakować zależeć dawać dać mówić powiedzieć pokazać pokazywać kupić kupować opowiadać opowiedzieć przynieść wysłać napisać odpowiedzieć odpowiadać życzyć tłumaczyć wytłumaczyć towarzyszyć'.split(
    ' ',
  ),
);
const INST_VERBS = new Set(
  'interesować zajmować zająć opiekować zaopiekować jechać pojechać jeździć płynąć lecieć polecieć kierować rządzić być zostać stać nazywać martwić cieszyć'.split(
    ' ',
  ),
);
const QUANTITY = new Set(
  'dużo mało trochę wiele kilka kilkanaście kilkadziesiąt ile tyle więcej mniej pełno sporo parę większość mnóstwo kilogram kilograma kilogramy kilo litr litra szklanka szklankę szklanki filiżanka filiżankę butelka butelkę butelki kawałek kawałka kieliszek plasterek pół'.split(
    ' ',
  ),
);
const CLAUSE_CONJUNCTIONS = new Set([
  'i',
  'a',
  'ale',
  'albo',
  'lub',
  'więc',
  'bo',
  'że',
  'żeby',
  'ponieważ',
  'gdy',
  'kiedy',
  'który',
  'która',
  'które',
  'którzy',
]);
const FEW = new Set(['dwa', 'dwie', 'trzy', 'cztery', 'obaj', 'oba', 'obie']);

const LEXICON_GENDER: Record<string, string[]> = {
  'masculine personal': ['m1'],
  'masculine animate': ['m2'],
  'masculine inanimate': ['m3'],
  feminine: ['f'],
  neuter: ['n1', 'n2'],
  'plural only': ['p1', 'p2', 'p3'],
};
const nominal = (r: TReading) => ['subst', 'depr', 'ger', 'ppron12', 'ppron3', 'siebie'].includes(r.f.cls);
const adjectival = (r: TReading) => ['adj', 'pact', 'ppas', 'num'].includes(r.f.cls);
const finite = (r: TReading) =>
  r.f.cls === 'verb' && ['fin', 'praet', 'bedzie', 'impt', 'pot', 'winien'].includes(r.f.mood ?? '');
const caseOf = (r: TReading): TCase | undefined => (r.f.cases.length === 1 ? r.f.cases[0] : undefined);

function bump(rs: TReading[], test: (r: TReading) => boolean, by: number, why: string): void {
  for (const r of rs)
    if (test(r)) {
      r.score += by;
      r.why.push(`${by > 0 ? '+' : ''}${by} ${why}`);
    }
}

/** The reading the scores so far prefer (for deciding what a neighbour is). */
function best(s: TTokenState): TReading | undefined {
  let top: TReading | undefined;
  for (const r of s.readings) if (!top || r.score > top.score) top = r;
  return top;
}
const canBe = (s: TTokenState, test: (r: TReading) => boolean) => s.readings.some(test);
const mostly = (s: TTokenState, test: (r: TReading) => boolean) => {
  const b = best(s);
  return b !== undefined && test(b);
};

export function applyRules(states: TTokenState[], block: TBlockInput, ctx: TContext): void {
  const en = (block.en ?? '').toLowerCase();
  // ---- priors ----
  for (const s of states) {
    const upper = s.token.text.charAt(0) !== s.lower.charAt(0);
    for (const r of s.readings) {
      const shown = displayLemma(r, s.token.text, s.choice?.lemma);
      const lx = lexiconEntry(ctx, shown, r.pos) ?? lexiconEntry(ctx, r.lemma, r.pos);
      const capitalLemma = r.lemma.charAt(0) !== r.lemma.charAt(0).toLowerCase();
      const exact =
        lx &&
        (lx.pos === r.pos ||
          (lx.pos === 'name' && capitalLemma) ||
          ctx.lexicon.entries.get(`${shown} (${r.pos})`) === lx);
      if (lx) bump([r], () => true, exact ? 6 : 4, exact ? 'lexicon' : 'lexicon (a related part of speech)');
      if (lx && (shown === s.lower || shown === s.token.text))
        bump([r], () => true, 2, 'the word is its own dictionary form');
      if (r.f.cls === 'ger' && s.readings.some((x) => x.f.cls === 'subst'))
        bump([r], () => true, -2, 'a noun rather than a verbal noun');
      if (!lx && (ctx.lexicon.entries.has(shown) || ctx.lexicon.entries.has(r.lemma)))
        bump([r], () => true, -3, 'lexicon has another part of speech');
      if (ctx.dict.has(r.lemma)) bump([r], () => true, 2, 'dictionary headword');
      const lemmaUpper = r.lemma.charAt(0) !== r.lemma.charAt(0).toLowerCase();
      if (upper && !s.initial && lemmaUpper) bump([r], () => true, 3, 'capitalised mid-sentence: a name');
      if (lemmaUpper && r.f.number === 'sg') bump([r], () => true, 2, 'a name in the singular');
      if (upper && !s.initial && !lemmaUpper) bump([r], () => true, -2, 'capitalised mid-sentence');
      if (s.initial && !lemmaUpper) bump([r], () => true, 1, 'sentence start: a common word');
      if (!upper && lemmaUpper) bump([r], () => true, -4, 'lower case: not a name');
      if (r.f.cls === 'subst' && r.lemma.length <= 2 && r.f.genders.includes('n2') && r.lemma !== 'to')
        bump([r], () => true, -4, 'letter name');
      if (r.f.cls === 'brev') bump([r], () => true, -4, 'abbreviation');
      if (r.f.cls === 'depr') bump([r], () => true, -2, 'depreciative');
      if (r.f.cls === 'burk') bump([r], () => true, -2, 'bound word');
      if (r.f.cls === 'interj' && s.readings.some((x) => x.f.cls !== 'interj'))
        bump([r], () => true, -1, 'interjection');
      if (r.f.cases.includes('voc')) bump([r], () => true, -2, 'vocative is rare');
      if (r.f.cases.includes('loc')) bump([r], () => true, -3, 'the locative needs a preposition');
      if (r.f.cls === 'ppron3' && r.f.genders.includes('m1'))
        bump([r], () => true, 0.5, 'on rather than ono');
      if (r.f.number === 'sg' && (r.f.cls === 'subst' || adjectival(r)))
        bump([r], () => true, 0.5, 'singular is more common');
      if (finite(r) && (r.f.person === 'pri' || r.f.person === 'sec'))
        bump([r], () => true, 2, '1st or 2nd person verb (no pronoun needed)');
      if (r.lemma === 'mój' && ['ma', 'me', 'mą', 'mej', 'mym', 'mych', 'mymi'].includes(s.lower))
        bump([r], () => true, -4, 'poetic form of mój');
      if (lx?.gender && r.f.cls === 'subst' && r.f.genders.length) {
        const want = LEXICON_GENDER[lx.gender] ?? [];
        bump(
          [r],
          () => true,
          r.f.genders.some((g) => want.includes(g)) ? 1 : -1,
          `the lexicon says ${lx.gender}`,
        );
      }
      if (lx?.aspect && r.f.aspects.length === 1) {
        const a = r.f.aspects[0] === 'perf' ? 'perfective' : 'imperfective';
        if (lx.aspect !== 'both' && lx.aspect !== a)
          bump([r], () => true, -2, `the lexicon says ${lx.aspect}`);
      }
      if (r.f.cls === 'verb' && r.f.mood === 'impt' && s.readings.some((x) => x.f.cls !== 'verb'))
        bump([r], () => true, -1, 'imperative of a homograph');
      if (r.f.cls === 'prep' && s.lower === 'a') bump([r], () => true, -3, '"a" is a conjunction');
      if (en && ctx.dict.has(r.lemma)) {
        const gloss = ctx.dict.get(r.lemma).flatMap((e) => e.senses)[0] ?? '';
        const word = gloss.split(/[,;]/)[0]?.trim().toLowerCase();
        if (word && word.length > 2 && new RegExp(`\\b${word.replace(/[^a-z ]/g, '')}`).test(en))
          bump([r], () => true, 1, 'the English line has its meaning');
      }
    }
    // a sentence's choice outweighs everything
    if (s.choice && (s.choice.lemma || s.choice.tag || s.choice.form)) {
      const hit = s.readings.filter((r) => choiceMatches(s.choice!, r, s.token.text));
      if (hit.length) bump(hit, () => true, 100, 'the sentence chose it');
    }
  }

  // ---- clauses: runs of tokens without punctuation between them ----
  const clauses: TTokenState[][] = [];
  for (const s of states) {
    if (!clauses.length || PUNCT.test(s.before)) clauses.push([]);
    clauses[clauses.length - 1].push(s);
  }

  // ---- every clause has its verb: a clause without a sure one takes the word that can be one ----
  const sure = (s: TTokenState) =>
    s.readings.length > 0 && s.readings.every((r) => finite(r) || r.score < best(s)!.score);
  // (clauses here also end at a conjunction: "Maciek stoi w oknie | i się uśmiecha")
  const verbClauses: TTokenState[][] = [];
  for (const c of clauses) {
    verbClauses.push([]);
    for (const s of c) {
      if (CLAUSE_CONJUNCTIONS.has(s.lower) && verbClauses[verbClauses.length - 1].length)
        verbClauses.push([]);
      verbClauses[verbClauses.length - 1].push(s);
    }
  }
  for (const clause of verbClauses) {
    const v = clause.find((s) => canBe(s, finite) && s.lower !== 'nie' && !sure(s));
    if (!v || clause.some((x) => x !== v && sure(x))) continue;
    bump(v.readings, finite, 3, 'the clause needs a verb');
  }

  // ---- small words whose neighbours decide ----
  for (const s of states) {
    const next = states[s.index + 1];
    const prev = states[s.index - 1];
    const afterText = next ? next.before : block.text.slice(s.token.end);
    // a preposition is followed by its noun, not by punctuation ("O, a to jest pani Ewa.")
    if (/^\s*[,!?.;:]/.test(afterText) || !next)
      bump(s.readings, (r) => r.f.cls === 'prep', -5, 'no noun follows');
    // niego, nią, nich, nie (them): only after a preposition
    const afterPrep = prev !== undefined && canBe(prev, (r) => r.f.cls === 'prep') && !PUNCT.test(s.before);
    if (!afterPrep)
      bump(
        s.readings,
        (r) => r.f.postPrep === true && !r.f.fields.includes('praep.npraep'),
        -5,
        'needs a preposition before it',
      );
    // "to": the pronoun to ("it, this") unless a neuter noun follows (to okno)
    if (
      s.lower === 'to' &&
      !(next && canBe(next, (r) => r.f.cls === 'subst' && r.f.genders.some((g) => g === 'n1' || g === 'n2')))
    )
      bump(s.readings, (r) => r.lemma === 'to', 2, 'to: the pronoun');
    // lat, lata with a number, ile or kilka in the sentence: years (rok), not summers
    if (
      (s.lower === 'lat' || s.lower === 'lata') &&
      states.some(
        (x) =>
          x !== s &&
          (canBe(x, (r) => r.f.cls === 'num') ||
            /^\d+$/.test(x.token.text) ||
            ['ile', 'kilka', 'parę', 'wiele'].includes(x.lower)),
      )
    )
      bump(s.readings, (r) => r.lemma === 'rok', 3, 'with a number: years');
    // może: the verb before an infinitive (może iść), else the particle "maybe"
    if (s.lower === 'może') {
      const inf = next && canBe(next, (r) => r.f.cls === 'verb' && r.f.mood === 'inf');
      bump(
        s.readings,
        (r) => (inf ? r.lemma === 'móc' : r.f.cls === 'qub'),
        2,
        inf ? 'może + infinitive' : 'może: maybe',
      );
    }
    // po polsku: po with the -sku form
    if (next && canBe(next, (r) => r.f.cls === 'adjp')) {
      bump(s.readings, (r) => r.f.cls === 'prep' && r.f.cases.includes('loc'), 1, 'po + -sku');
      bump(next.readings, (r) => r.f.cls === 'adjp', 3, 'po + -sku');
    }
  }

  // ---- prepositions: the cases they govern, on the words up to the noun ----
  const governed = new Set<number>();
  for (const s of states) {
    const preps = s.readings.filter((r) => r.f.cls === 'prep');
    if (!preps.length || !mostly(s, (r) => r.f.cls === 'prep')) continue;
    const phrase: TTokenState[] = [];
    for (let j = s.index + 1; j < states.length && j <= s.index + 5; j++) {
      const n = states[j];
      if (PUNCT.test(n.before)) break;
      if (!canBe(n, (r) => nominal(r) || adjectival(r) || r.f.cls === 'adv')) break;
      phrase.push(n);
      if (canBe(n, nominal) && !canBe(n, adjectival)) break;
    }
    if (!phrase.length) continue;
    const head = phrase.find((n) => canBe(n, nominal)) ?? phrase[phrase.length - 1];
    const headCases = new Set(head.readings.flatMap((r) => r.f.cases));
    const possible = preps.flatMap((r) => r.f.cases).filter((c) => headCases.has(c));
    if (!possible.length) continue;
    // of the cases the preposition takes, those the noun most likely is (z Warszawy: the genitive singular)
    const caseScore = (c: TCase) =>
      Math.max(...head.readings.filter((r) => caseOf(r) === c).map((r) => r.score));
    const top = Math.max(...possible.map(caseScore));
    const allowed = new Set(
      possible.filter((c) => caseScore(c) === top || (c === 'loc' && caseScore(c) >= top - 3)),
    );
    bump(preps, (r) => r.f.cases.some((c) => allowed.has(c)), 4, 'case of the noun that follows');
    // w, na, o, po, przy with the locative rather than the accusative unless the verb moves
    const pick = allowed.has('loc') && allowed.has('acc') ? 'loc' : undefined;
    for (const n of phrase) {
      governed.add(n.index);
      bump(
        n.readings,
        (r) => (caseOf(r) ? allowed.has(caseOf(r)!) : false),
        5,
        `after the preposition ${s.token.text}`,
      );
      bump(
        n.readings,
        (r) => (caseOf(r) ? !allowed.has(caseOf(r)!) : false),
        -3,
        `not a case ${s.token.text} takes`,
      );
      if (pick) bump(n.readings, (r) => caseOf(r) === pick, 1, 'locative: place rather than direction');
    }
    if (pick) bump(preps, (r) => r.f.cases.includes(pick), 1, 'locative: place rather than direction');
  }

  // ---- adjective (numeral, participle) + noun agreement ----
  for (let i = 0; i + 1 < states.length; i++) {
    const a = states[i];
    const n = states[i + 1];
    if (PUNCT.test(n.before)) continue;
    if (!canBe(a, adjectival) || !canBe(n, (r) => r.f.cls === 'subst' || r.f.cls === 'ger')) continue;
    const agrees = (x: TReading, y: TReading) =>
      x.f.cases[0] === y.f.cases[0] &&
      (x.f.cls === 'num' || x.f.number === y.f.number) &&
      (x.f.genders.length === 0 || y.f.genders.some((g) => x.f.genders.includes(g)));
    const nouns = n.readings.filter((r) => r.f.cls === 'subst' || r.f.cls === 'ger');
    const adjs = a.readings.filter(adjectival);
    bump(adjs, (x) => nouns.some((y) => agrees(x, y)), 3, `agrees with ${n.token.text}`);
    bump(nouns, (y) => adjs.some((x) => agrees(x, y)), 2, `agrees with ${a.token.text}`);
  }

  // ---- noun + adjective after it (szkoła językowa, straż pożarna, lody czekoladowe) ----
  for (let i = 0; i + 1 < states.length; i++) {
    const n = states[i];
    const a = states[i + 1];
    if (PUNCT.test(a.before) || !mostly(n, (r) => r.f.cls === 'subst') || !canBe(a, (r) => r.f.cls === 'adj'))
      continue;
    if (
      canBe(states[i + 2] ?? ({ readings: [] } as unknown as TTokenState), (r) => r.f.cls === 'subst') &&
      !PUNCT.test(states[i + 2].before)
    )
      continue;
    const nouns = n.readings.filter((r) => r.f.cls === 'subst');
    const top = best(n)!.score;
    const adjs = a.readings.filter((r) => r.f.cls === 'adj');
    const agrees = (x: TReading, y: TReading) =>
      x.f.cases[0] === y.f.cases[0] &&
      x.f.number === y.f.number &&
      y.f.genders.some((g) => x.f.genders.includes(g));
    bump(
      adjs,
      (x) => nouns.some((y) => y.score >= top - 1 && agrees(x, y)),
      3,
      `agrees with ${n.token.text}`,
    );
  }

  // ---- jego, jej, ich before a noun: possessive (the genitive of on, ona, oni) ----
  for (const s of states) {
    const next = states[s.index + 1];
    if (
      ['jego', 'jej', 'ich'].includes(s.lower) &&
      next &&
      !PUNCT.test(next.before) &&
      canBe(next, (r) => r.f.cls === 'subst' || r.f.cls === 'adj')
    )
      bump(s.readings, (r) => r.f.cls === 'ppron3' && caseOf(r) === 'gen', 3, 'possessive before a noun');
  }

  // ---- the clause's verb: subject, object, negation, government ----
  for (const clause of clauses) {
    const verbAt = clause.findIndex((s) => mostly(s, finite));
    const verb = verbAt >= 0 ? best(clause[verbAt]) : undefined;
    const negated =
      verbAt > 0 && clause.slice(Math.max(0, verbAt - 2), verbAt).some((s) => s.lower === 'nie');
    let quantity = false;
    let few = false;
    let subjectFound = false;
    for (const [k, s] of clause.entries()) {
      const numeral = mostly(s, (r) => r.f.cls === 'num') && !FEW.has(s.lower) && !s.lower.startsWith('jed');
      if (QUANTITY.has(s.lower) || (/^\d+$/.test(s.token.text) && Number(s.token.text) >= 5)) {
        quantity = true;
        continue;
      }
      if (numeral) quantity = true;
      if (FEW.has(s.lower) || /^[234]$/.test(s.token.text)) few = true;
      if (governed.has(s.index) || !canBe(s, (r) => nominal(r) || adjectival(r))) {
        if (canBe(s, (r) => r.f.cls === 'subst')) quantity = false;
        continue;
      }
      const rs = s.readings.filter((r) => nominal(r) || adjectival(r));
      if (quantity && !numeral) {
        bump(rs, (r) => caseOf(r) === 'gen', 4, 'after a quantity');
        if (canBe(s, (r) => r.f.cls === 'subst')) quantity = false;
        continue;
      }
      if (few)
        bump(
          rs,
          (r) => r.f.number === 'pl' && (caseOf(r) === 'nom' || caseOf(r) === 'acc'),
          2,
          'after 2, 3, 4',
        );
      // a noun right after a noun: its genitive (possession)
      const prev = clause[k - 1];
      if (
        prev &&
        canBe(prev, (r) => r.f.cls === 'subst') &&
        mostly(prev, (r) => r.f.cls === 'subst') &&
        !governed.has(s.index)
      )
        bump(rs, (r) => caseOf(r) === 'gen' && r.f.cls === 'subst', 2, 'after a noun: whose');
      if (!verb) {
        bump(rs, (r) => caseOf(r) === 'nom', 1, 'no verb: nominative');
        continue;
      }
      const vl = verb.lemma;
      if (k < verbAt && !subjectFound) {
        bump(rs, (r) => caseOf(r) === 'nom', 2, 'before the verb: the subject');
        if (canBe(s, (r) => nominal(r) && caseOf(r) === 'nom'))
          subjectFound = canBe(s, (r) => r.f.cls === 'subst' || r.f.cls.startsWith('ppron'));
      } else if (k > verbAt) {
        if (COPULAS.has(vl)) {
          bump(rs, (r) => caseOf(r) === 'nom', 2, `after ${vl}: nominative`);
          // the predicate adjective agrees with the subject (szkoła jest super; dzieci są małe)
          const subject = clause
            .slice(0, verbAt)
            .map(best)
            .find((r) => r && r.f.cls === 'subst' && caseOf(r) === 'nom');
          const agree =
            subject ??
            (verb.f.number ? { f: { number: verb.f.number, genders: verb.f.genders } } : undefined);
          if (agree)
            bump(
              rs,
              (r) =>
                adjectival(r) &&
                caseOf(r) === 'nom' &&
                r.f.number === agree.f.number &&
                (agree.f.genders.length === 0 || r.f.genders.some((g) => agree.f.genders.includes(g))),
              2,
              'agrees with the subject',
            );
          bump(rs, (r) => caseOf(r) === 'inst', 1, `after ${vl}: instrumental`);
          bump(rs, (r) => caseOf(r) === 'acc', -2, `${vl} takes no object`);
        } else if (negated) {
          bump(rs, (r) => caseOf(r) === 'gen', 3, 'object of a negated verb: genitive');
        } else {
          if (GEN_VERBS.has(vl)) bump(rs, (r) => caseOf(r) === 'gen', 3, `${vl} takes the genitive`);
          if (DAT_VERBS.has(vl)) bump(rs, (r) => caseOf(r) === 'dat', 2, `${vl} takes the dative`);
          if (INST_VERBS.has(vl)) bump(rs, (r) => caseOf(r) === 'inst', 2, `${vl} with the instrumental`);
          bump(rs, (r) => caseOf(r) === 'acc', 2, 'after the verb: the object');
          if (!subjectFound) bump(rs, (r) => caseOf(r) === 'nom', 1, 'the subject after its verb');
        }
      } else if (k < verbAt) {
        bump(rs, (r) => caseOf(r) === 'acc' || caseOf(r) === 'dat', 1, 'before the verb, after the subject');
      }
    }
  }

  // ---- address: a name or noun set off by commas or an exclamation mark ----
  for (const s of states) {
    const next = states[s.index + 1];
    const after = next ? next.before : block.text.slice(s.token.end);
    const alone =
      /^\s*[,!?]/.test(after) &&
      (s.index === 0 || /[,!—–]\s*$/.test(s.before) || (/^\s*$/.test(s.before) && s.initial));
    if (alone) bump(s.readings, (r) => caseOf(r) === 'voc', 5, 'address (vocative)');
  }

  // ---- reflexive verbs: się with the nearest verb of its clause, when "<verb> się" is a lexicon or dictionary entry ----
  for (const clause of clauses) {
    for (const [k, s] of clause.entries()) {
      if (s.lower !== 'się') continue;
      const candidates = clause
        .map((v, j) => ({ v, d: Math.abs(j - k) + (j > k ? 0.5 : 0) }))
        .filter(
          ({ v }) =>
            v !== s &&
            v.reflexiveWith === undefined &&
            canBe(v, (r) => r.f.cls === 'verb' || ['ger', 'pact', 'pcon', 'pant'].includes(r.f.cls)),
        )
        .sort((a, b) => a.d - b.d);
      for (const { v } of candidates) {
        const r = v.readings.filter((x) => ['verb', 'ger', 'pact', 'pcon', 'pant'].includes(x.f.cls));
        const known = r.find(
          (x) => ctx.lexicon.entries.has(`${x.lemma} się`) || ctx.dict.has(`${x.lemma} się`),
        );
        if (!known) continue;
        bump(r, (x) => x.lemma === known.lemma, 3, `with się: ${known.lemma} się`);
        v.reflexiveWith = s.index;
        s.reflexiveWith = v.index;
        break;
      }
      bump(s.readings, (r) => r.f.cls === 'siebie', 5, 'się');
    }
  }

  // ---- choose ----
  for (const s of states) {
    if (!s.readings.length) continue;
    const sorted = [...s.readings].sort(
      (a, b) => b.score - a.score || cmp(a.lemma, b.lemma) || cmp(a.tag, b.tag),
    );
    const top = sorted[0];
    s.chosen = top;
    const read = (r: TReading) =>
      `${displayLemma(r, s.token.text)}: ${s.lower === 'się' && r.f.cls === 'siebie' ? 'się' : describeForm(r.tag)}`;
    const rivals = sorted.filter((r) => r !== top && r.score === top.score && read(r) !== read(top));
    if (rivals.length && top.score < 100) s.ambiguous = [read(top), ...new Set(rivals.map(read))];
    const lemmaUpper = top.lemma.charAt(0) !== top.lemma.charAt(0).toLowerCase();
    const entry = ctx.lexicon.entries.get(top.lemma);
    const capital = s.token.text.charAt(0) !== s.lower.charAt(0);
    // a name of the lexicon written as such (Figa), or declined (Figą, Mruczku: its lemma capitalised)
    const capitalLemma = top.lemma.charAt(0).toUpperCase() + top.lemma.slice(1);
    const asWritten = capital ? ctx.lexicon.entries.get(s.token.text) : undefined;
    const named =
      asWritten?.pos === 'name' ? asWritten : capital ? ctx.lexicon.entries.get(capitalLemma) : undefined;
    if (s.choice?.name) s.name = s.choice.name;
    else if (
      named?.pos === 'name' &&
      !(s.initial && lexiconEntry(ctx, top.lemma, top.pos) && top.lemma !== s.token.text)
    ) {
      // even where Morfologik knows a common word (figa, mruczek)
      s.name = named.kind ?? 'other';
      if (named === asWritten) {
        if (top.lemma.toLowerCase() === s.lower) s.chosen = { ...top, lemma: s.token.text };
      } else s.chosen = { ...top, lemma: capitalLemma };
    } else if (entry) {
      if (entry.pos === 'name') s.name = entry.kind ?? 'other';
    } else if (lemmaUpper && capital) s.name = 'other';
    else if (capital && !s.initial && !ctx.dict.has(top.lemma)) {
      // a capitalised word mid-sentence whose lemma is no common word we know: a name (Maciek, Wawel)
      const name = top.lemma.charAt(0).toUpperCase() + top.lemma.slice(1);
      const named = ctx.lexicon.entries.get(name);
      s.name = named?.pos === 'name' ? (named.kind ?? 'other') : 'other';
      s.chosen = { ...top, lemma: name };
    }
  }
  for (const s of states) {
    if (s.readings.length || s.token.kind !== 'word') continue;
    if (s.choice?.name) s.name = s.choice.name;
    else {
      const entry = lexiconEntry(ctx, s.choice?.lemma ?? s.token.text);
      if (entry?.pos === 'name') s.name = entry.kind ?? 'other';
    }
  }
  void en;
}

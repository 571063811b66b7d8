import type { SpellingSet } from './spelling-set';

/**
 * Suggestions over the compact spelling list: nspell 2.1.5's `suggest()` ported onto SpellingSet (same candidates,
 * weights and order, so the same output), and the learner-oriented candidates of the word checker (Polish
 * diacritics, learner confusions, words one edit away).
 */

type TCase = 'l' | 'u' | 's' | null;

function exactCase(value: string): 'l' | 'u' | null {
  return value === value.toLowerCase() ? 'l' : value === value.toUpperCase() ? 'u' : null;
}

/** nspell's casing: 'l' lowercase, 'u' uppercase, 's' capitalised, null mixed. */
function casing(value: string): TCase {
  const head = exactCase(value.charAt(0));
  const rest = value.slice(1);
  if (!rest) return head;
  const r = exactCase(rest);
  if (head === r) return head;
  if (head === 'u' && r === 'l') return 's';
  return null;
}

function switchCase(fragment: string): string {
  const first = fragment.charAt(0);
  return (first.toLowerCase() === first ? first.toUpperCase() : first.toLowerCase()) + fragment.slice(1);
}

interface TMemory {
  state: Map<string, boolean>;
  weighted: Map<string, number>;
  suggestions: string[];
}

/** nspell's generate(): checks the pre-generated edits, then every one-edit variant of `words`. */
function generate(set: SpellingSet, memory: TMemory, words: string[], edits?: string[]): string[] {
  const characters = set.meta.try;
  const result: string[] = [];
  // as nspell, a value already found correct only gains weight; any other is listed again in `result` (nspell
  // remembers an incorrect value as null, which its check does not take as known), which matters for the batches
  // of the second level
  const check = (value: string, double = false) => {
    const known = memory.state.get(value);
    if (known !== true) {
      result.push(value);
      const ok = known === undefined && set.correct(value);
      memory.state.set(value, ok);
      if (!ok) return;
      memory.weighted.set(value, double ? 10 : 0);
      memory.suggestions.push(value);
    }
    memory.weighted.set(value, memory.weighted.get(value)! + 1);
  };
  if (edits) for (const e of edits) check(e, true);

  for (const word of words) {
    let before = '';
    let character = '';
    let nextCharacter = word.charAt(0);
    let nextAfter = word;
    let nextNextAfter = word.slice(1);
    let nextUpper = nextCharacter.toLowerCase() !== nextCharacter;
    const currentCase = casing(word);
    for (let position = 0; position <= word.length; position++) {
      before += character;
      const after = nextAfter;
      nextAfter = nextNextAfter;
      nextNextAfter = nextAfter.slice(1);
      character = nextCharacter;
      nextCharacter = word.charAt(position + 1);
      const upper = nextUpper;
      if (nextCharacter) nextUpper = nextCharacter.toLowerCase() !== nextCharacter;
      if (nextAfter && upper !== nextUpper) {
        check(before + switchCase(nextAfter));
        check(before + switchCase(nextCharacter) + switchCase(character) + nextNextAfter);
      }
      check(before + nextAfter);
      if (nextAfter) check(before + nextCharacter + character + nextNextAfter);
      for (let inject of characters) {
        if (upper && inject !== inject.toUpperCase()) {
          if (currentCase !== 's') {
            check(before + inject + after);
            check(before + inject + nextAfter);
          }
          inject = inject.toUpperCase();
        }
        check(before + inject + after);
        check(before + inject + nextAfter);
      }
    }
  }
  return result;
}

/**
 * nspell's `suggest()`: replacement-table, keyboard and doubled-letter edits (weighted up), then every word one
 * edit away; only when none is correct, two edits away in batches. Ordered by weight, then the typed word's casing,
 * then alphabetically.
 */
export function nspellSuggest(set: SpellingSet, input: string): string[] {
  const value = input.trim();
  if (!value || set.correct(value)) return [];
  const currentCase = casing(value);
  const edits: string[] = [];

  for (const [from, to] of set.meta.rep) {
    // as nspell: one edit (of the first occurrence) for every occurrence
    for (let offset = value.indexOf(from); offset > -1; offset = value.indexOf(from, offset + 1))
      edits.push(value.replace(from, to));
  }

  for (let index = 0; index < value.length; index++) {
    const character = value.charAt(index);
    const before = value.slice(0, index);
    const after = value.slice(index + 1);
    const insensitive = character.toLowerCase();
    const upper = insensitive !== character;
    const charAdded = new Set<string>();
    for (const group of set.meta.key) {
      const position = group.indexOf(insensitive);
      if (position < 0) continue;
      for (let other = 0; other < group.length; other++) {
        if (other === position) continue;
        let otherCharacter = group.charAt(other);
        if (charAdded.has(otherCharacter)) continue;
        charAdded.add(otherCharacter);
        if (upper) otherCharacter = otherCharacter.toUpperCase();
        edits.push(before + otherCharacter + after);
      }
    }
  }

  // a letter doubled or undoubled, up to three places
  {
    let nextCharacter = value.charAt(0);
    const values = [''];
    let max = 1;
    let distance = 0;
    for (let index = 0; index < value.length; index++) {
      const character = nextCharacter;
      nextCharacter = value.charAt(index + 1);
      const replacement = character === nextCharacter ? '' : character + character;
      const count = values.length;
      for (let offset = 0; offset < count; offset++) {
        if (offset <= max) values.push(values[offset] + replacement);
        values[offset] += character;
      }
      if (++distance < 3) max = values.length;
    }
    edits.push(...values);
  }

  const values = [value];
  const lower = value.toLowerCase();
  if (value === lower || currentCase === null) values.push(value.charAt(0).toUpperCase() + lower.slice(1));
  const upperValue = value.toUpperCase();
  if (value !== upperValue) values.push(upperValue);

  const memory: TMemory = { state: new Map(), weighted: new Map(), suggestions: [] };
  const firstLevel = generate(set, memory, values, edits);
  let previous = 0;
  const max = Math.min(firstLevel.length, Math.pow(Math.max(15 - value.length, 3), 3));
  const size = Math.max(Math.pow(10 - value.length, 3), 1);
  while (!memory.suggestions.length && previous < max) {
    const next = previous + size;
    generate(set, memory, firstLevel.slice(previous, next));
    previous = next;
  }

  const weight = (w: string) => memory.weighted.get(w)!;
  memory.suggestions.sort((a, b) => {
    const wa = weight(a);
    const wb = weight(b);
    if (wa !== wb) return wa > wb ? -1 : 1;
    const ca = casing(a);
    const cb = casing(b);
    // as nspell: different casings, neither the typed word's, fall through to the alphabetical order
    if (ca !== cb && ca === currentCase) return -1;
    if (ca !== cb && cb === currentCase) return 1;
    return a.localeCompare(b);
  });
  const out: string[] = [];
  const seen = new Set<string>();
  for (const s of memory.suggestions) {
    const key = s.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      out.push(s);
    }
  }
  return out;
}

const ALT: Record<string, string> = {
  a: 'aą',
  c: 'cć',
  e: 'eę',
  l: 'lł',
  n: 'nń',
  o: 'oó',
  s: 'sś',
  z: 'zźż',
};
const STRIP: Record<string, string> = {
  ą: 'a',
  ć: 'c',
  ę: 'e',
  ł: 'l',
  ń: 'n',
  ó: 'o',
  ś: 's',
  ź: 'z',
  ż: 'z',
};
const MAX_COMBINATIONS = 4096;

/** Correct words that differ from `word` only by Polish diacritics ("zolw" -> "żółw"), fewest changes first. */
export function diacriticVariants(set: SpellingSet, word: string): string[] {
  const lower = word.toLowerCase();
  const chars = [...lower];
  const base = chars.map((ch) => STRIP[ch] ?? ch);
  let combos = 1;
  for (const ch of base) combos *= (ALT[ch] ?? ch).length;
  if (combos > MAX_COMBINATIONS) return [];
  let variants = [{ s: '', changes: 0 }];
  base.forEach((ch, i) => {
    const opts = ALT[ch] ?? ch;
    const next: { s: string; changes: number }[] = [];
    for (const v of variants)
      for (const o of opts) next.push({ s: v.s + o, changes: v.changes + (o === chars[i] ? 0 : 1) });
    variants = next;
  });
  return variants
    .filter((v) => v.changes > 0 && set.correct(v.s))
    .sort((a, b) => a.changes - b.changes)
    .map((v) => v.s);
}

const ALPHABET = [...'aąbcćdeęfghijklłmnńoóprsśtuwyzźż'];
/** Spelling confusions of Polish learners (one substitution each way), like hunspell-pl's REP table. */
const REP: [string, string][] = [
  ['rz', 'ż'],
  ['ż', 'rz'],
  ['ch', 'h'],
  ['h', 'ch'],
  ['u', 'ó'],
  ['ó', 'u'],
  ['om', 'ą'],
  ['on', 'ą'],
  ['em', 'ę'],
  ['en', 'ę'],
  ['ci', 'ć'],
  ['si', 'ś'],
  ['zi', 'ź'],
  ['ni', 'ń'],
  ['ą', 'om'],
  ['ę', 'e'],
  ['ą', 'a'],
];

/** Correct words one learner confusion away ("rzaba" -> "żaba", "hleb" -> "chleb"); `lower` is lowercase. */
export function confusionVariants(set: SpellingSet, lower: string): string[] {
  const out = new Set<string>();
  for (const [from, to] of REP) {
    for (let i = lower.indexOf(from); i >= 0; i = lower.indexOf(from, i + 1)) {
      const c = lower.slice(0, i) + to + lower.slice(i + from.length);
      if (c !== lower && set.correct(c)) out.add(c);
    }
  }
  return [...out];
}

/** Correct words one edit away (delete, transpose, replace, insert); `lower` is lowercase. */
export function oneEditAway(set: SpellingSet, lower: string): string[] {
  const out = new Set<string>();
  const add = (c: string) => {
    if (c && c !== lower && set.correct(c)) out.add(c);
  };
  for (let i = 0; i <= lower.length; i++) {
    const a = lower.slice(0, i);
    const b = lower.slice(i);
    if (b) add(a + b.slice(1));
    if (b.length > 1) add(a + b[1] + b[0] + b.slice(2));
    for (const ch of ALPHABET) {
      if (b) add(a + ch + b.slice(1));
      add(a + ch + b);
    }
  }
  return [...out];
}

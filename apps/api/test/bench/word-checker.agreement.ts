/**
 * Agreement of the compact spelling list with nspell over the same hunspell-pl files (not a test: it builds nspell,
 * ~15 s and ~1 GB). Run: npx tsx apps/api/test/bench/word-checker.agreement.ts [seed]
 *
 * 1. the whole set: every form nspell's `correct()` accepts as written is in the list, and the counts are equal;
 * 2. `correct()` on 20,000 random forms (as listed, lowercase, capitalised, uppercase) and 5,000 misspelled variants;
 * 3. suggestions: nspellSuggest against nspell's `suggest()` on 1,000 of the misspelled variants;
 * 4. non-words: every one-edit variant of 2,000 forms looked up in both (none may be accepted by the list alone).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DICTIONARY_PL_DIR, SpellChecker } from '../../src/modules/word-checker/spell-checker';
import { nspellSuggest } from '../../src/modules/word-checker/spelling-suggest';
import { seededRandom } from '../support/seeded-random';

interface TNspell {
  data: Record<string, string[]>;
  flags: Record<string, unknown>;
  correct(w: string): boolean;
  suggest(w: string): string[];
}

const ALPHABET = [...'aąbcćdeęfghijklłmnńoóprsśtuwyzźż'];
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

function misspell(word: string, random: () => number): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  const i = Math.floor(random() * word.length);
  switch (Math.floor(random() * 5)) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i) + pick(ALPHABET) + word.slice(i);
    case 2:
      return word.slice(0, i) + pick(ALPHABET) + word.slice(i + 1);
    case 3:
      return word.slice(0, i) + word.charAt(i + 1) + word.charAt(i) + word.slice(i + 2);
    default:
      return [...word].map((c) => STRIP[c] ?? c).join('');
  }
}

async function main(): Promise<void> {
  const seed = Number(process.argv[2] ?? 7);
  const random = seededRandom(seed);
  const checker = new SpellChecker();
  await checker.ready();
  const set = checker.spelling!;

  let t = performance.now();
  const require = createRequire(__filename);
  const nspell = require('nspell') as (aff: Buffer, dic: Buffer) => TNspell;
  const spell = nspell(
    readFileSync(join(DICTIONARY_PL_DIR, 'index.aff')),
    readFileSync(join(DICTIONARY_PL_DIR, 'index.dic')),
  );
  console.log(`nspell built in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  // 1. the whole set
  const forms = Object.keys(spell.data).filter((w) => spell.correct(w) && w === w.trim());
  const missing = forms.filter((w) => !set.has(w));
  console.log(
    `1. whole set: nspell ${forms.length.toLocaleString('en')} forms, list ${set.size.toLocaleString('en')}, ` +
      `missing from the list ${missing.length}${missing.length ? ` (${missing.slice(0, 5).join(', ')})` : ''}`,
  );

  // 2. correct() on samples
  const compare = (words: string[]) => {
    let agree = 0;
    const differ: string[] = [];
    for (const w of words) {
      if (set.correct(w) === spell.correct(w)) agree++;
      else differ.push(w);
    }
    return { agree, differ };
  };
  const sample = Array.from({ length: 20_000 }, () => forms[Math.floor(random() * forms.length)]);
  const variants = sample.flatMap((w) => [
    w,
    w.toLowerCase(),
    w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(),
    w.toUpperCase(),
  ]);
  const typos = Array.from({ length: 5_000 }, () =>
    misspell(sample[Math.floor(random() * sample.length)], random),
  );
  const a = compare(variants);
  const b = compare(typos);
  const accepted = typos.filter((w) => spell.correct(w)).length;
  console.log(
    `2. correct(): ${a.agree}/${variants.length} forms and case variants agree; ${b.agree}/${typos.length} ` +
      `misspelled variants agree (${accepted} of them are themselves correct words)` +
      (a.differ.length + b.differ.length
        ? `; differ: ${[...a.differ, ...b.differ].slice(0, 10).join(', ')}`
        : ''),
  );

  // 3. suggestions
  const suggestSample = typos.filter((w) => !spell.correct(w)).slice(0, 1_000);
  let same = 0;
  let oursMs = 0;
  let theirsMs = 0;
  const differ: string[] = [];
  for (const w of suggestSample) {
    t = performance.now();
    const theirs = spell.suggest(w);
    theirsMs += performance.now() - t;
    t = performance.now();
    const ours = nspellSuggest(set, w);
    oursMs += performance.now() - t;
    if (JSON.stringify(ours) === JSON.stringify(theirs)) same++;
    else differ.push(`${w}: ${JSON.stringify(ours)} vs ${JSON.stringify(theirs)}`);
  }
  console.log(
    `3. suggest(): ${same}/${suggestSample.length} identical lists; mean ${(oursMs / suggestSample.length).toFixed(2)} ms ` +
      `(nspell ${(theirsMs / suggestSample.length).toFixed(2)} ms)`,
  );
  for (const d of differ.slice(0, 5)) console.log(`   ${d}`);

  // 4. non-words the list must refuse
  let lookups = 0;
  let falsePositives = 0;
  for (const w of sample.slice(0, 2_000)) {
    for (let i = 0; i <= w.length; i++) {
      const x = w.slice(0, i);
      const y = w.slice(i);
      const tryOne = (c: string) => {
        lookups++;
        if (set.has(c) && !(c in spell.data)) falsePositives++;
      };
      if (y) tryOne(x + y.slice(1));
      for (const ch of ALPHABET) {
        if (y) tryOne(x + ch + y.slice(1));
        tryOne(x + ch + y);
      }
    }
  }
  console.log(`4. non-words: ${falsePositives} false positives in ${lookups.toLocaleString('en')} lookups`);
  await checker.close();
}

void main();

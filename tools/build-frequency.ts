// Builds data/dictionary/pl-frequency.tsv.gz: Polish lemmas ranked by how often they are used, the list that grades
// a lesson's words against its level (docs/content.md, "Word frequency and the vocabulary list").
//
// Source: the 28,087 most frequent word forms of Polish film and TV subtitles (OpenSubtitles 2018, counted by
// hermitdave/FrequencyWords), as the npm package @zxcvbn-ts/language-pl ships them, ranked, without counts. Each
// form's frequency is estimated by Zipf's law (1 / rank) and given to the lemmas Morfologik gives the form (rules at
// rankLemmas); a lemma's rank is its place by total. Homographs can only be over-estimated (the coin "taka" ranks
// with taki), never under-estimated, which is the safe side for grading a lesson's words.
//
// Usage: npx tsx tools/build-frequency.ts [--check]   (--check: exit 1 when the committed file differs)
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DICTIONARY_DIR, Morphology, cmp } from './annotate/data';

export const FREQUENCY_FILE = join(DICTIONARY_DIR, 'pl-frequency.tsv.gz');

/** The ranked forms of @zxcvbn-ts/language-pl (most frequent first). */
export function rankedForms(): string[] {
  const require = createRequire(__filename);
  const mod = require('@zxcvbn-ts/language-pl') as { dictionary: { commonWords: string[] } };
  return mod.dictionary.commonWords;
}

/**
 * Lemmas ranked by estimated frequency, most frequent first. A form counts in full for a lemma it is the dictionary
 * form of ("razem" for the adverb razem, "taka" for both the coin and, below, taki); for the other lemmas it may
 * belong to, it is shared in proportion to their evidence, the forms only one lemma has ("mam" goes to mieć, not
 * half to mama). A lowercase form Morfologik does not know is looked up capitalised ("polaka" -> Polak). Forms it
 * does not know either way are skipped.
 */
export function rankLemmas(forms: string[], morph: Morphology): string[] {
  const capitalised = (f: string) => f.charAt(0).toUpperCase() + f.slice(1);
  morph.prepare([...forms, ...forms.map(capitalised)]);
  const formLemmas: string[][] = forms.map((f) => {
    const own = morph.analyses(f);
    return [...new Set((own.length ? own : morph.analyses(capitalised(f))).map((a) => a.lemma))];
  });
  const evidence = new Map<string, number>();
  formLemmas.forEach((lemmas, i) => {
    if (lemmas.length === 1) evidence.set(lemmas[0], (evidence.get(lemmas[0]) ?? 0) + 1 / (i + 1));
  });
  const total = new Map<string, number>();
  const add = (l: string, x: number) => total.set(l, (total.get(l) ?? 0) + x);
  formLemmas.forEach((lemmas, i) => {
    const weight = 1 / (i + 1);
    const isOwn = (l: string) => l.toLowerCase() === forms[i];
    for (const l of lemmas.filter(isOwn)) add(l, weight);
    const others = lemmas.filter((l) => !isOwn(l));
    // the others share the form in proportion to their evidence, against the form itself for a lemma it is the
    // dictionary form of ("od" goes to the preposition, hardly to the ode "oda")
    const against = others.length < lemmas.length ? weight : 0;
    const sum = others.reduce((s, l) => s + (evidence.get(l) ?? 0), 0) + against;
    for (const l of others) add(l, weight * (sum ? (evidence.get(l) ?? 0) / sum : 1 / others.length));
  });
  return [...total.entries()].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0])).map(([l]) => l);
}

export function formatFrequencyFile(lemmas: string[]): string {
  return (
    '# Polish lemmas by estimated frequency in film and TV subtitles (tools/build-frequency.ts): lemma<TAB>rank\n' +
    lemmas.map((l, i) => `${l}\t${i + 1}`).join('\n') +
    '\n'
  );
}

/** lemma -> rank (1 = most frequent), from the committed file. */
export function loadFrequency(file = FREQUENCY_FILE): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const line of gunzipSync(readFileSync(file)).toString('utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [lemma, rank] = line.split('\t');
    ranks.set(lemma, Number(rank));
  }
  return ranks;
}

if (require.main === module) {
  const text = formatFrequencyFile(rankLemmas(rankedForms(), Morphology.load()));
  if (process.argv.includes('--check')) {
    const current = gunzipSync(readFileSync(FREQUENCY_FILE)).toString('utf8');
    if (current !== text) {
      console.error(`${FREQUENCY_FILE} is out of date: run npx tsx tools/build-frequency.ts`);
      process.exit(1);
    }
    console.log('pl-frequency.tsv.gz is up to date');
  } else {
    writeFileSync(FREQUENCY_FILE, gzipSync(text, { level: 9 }));
    console.log(`wrote ${FREQUENCY_FILE}: ${text.split('\n').length - 2} lemmas`);
  }
}

/**
 * Memory and timings of the offline dictionary, packed (offline-dictionary.ts) against the Maps it replaced
 * (offline-dictionary.reference.ts), each in a fresh process with --expose-gc (not a test: figures depend on the
 * machine). Run: npx tsx apps/api/test/bench/offline-dictionary.bench.ts [rounds]
 *
 * Per implementation: V8 heap (after gc) and RSS before and after what the word checker preloads (morphology +
 * Polish -> English), load time and the longest the event loop was blocked meanwhile, lookup times (lemmasOf +
 * polishEntries of random forms, the lookup route's work), then the same after the X -> Polish tables (en-pl and
 * the reverse index of pl-en, what an offline English -> Polish translation loads).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import {
  DEFAULT_DICTIONARY_DIR,
  OfflineDictionary,
} from '../../src/modules/translation/dictionary/offline-dictionary';
import { ReferenceDictionary } from '../support/offline-dictionary.reference';

const MB = (n: number) => (n / 1e6).toFixed(1);

function sampleForms(n: number): string[] {
  const text = gunzipSync(readFileSync(join(DEFAULT_DICTIONARY_DIR, 'pl-morphology.tsv.gz'))).toString(
    'utf8',
  );
  const forms = text.split('\n').flatMap((l) => (l.includes('\t') ? l.split('\t')[1].split(' ') : []));
  let s = 12345;
  const random = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32) as number;
  return Array.from({ length: n }, () => forms[Math.floor(random() * forms.length)]);
}

async function measure(kind: 'packed' | 'reference', rounds: number, words: string[]): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  const settle = () => {
    gc();
    gc();
    const m = process.memoryUsage();
    return { heap: m.heapUsed, rss: m.rss, external: m.external };
  };
  const before = settle();
  const dict = kind === 'packed' ? new OfflineDictionary() : new ReferenceDictionary();
  // the longest gap between timer ticks while loading: how long the event loop was blocked
  let last = performance.now();
  let blocked = 0;
  const tick = setInterval(() => {
    const now = performance.now();
    blocked = Math.max(blocked, now - last);
    last = now;
  }, 1);
  const t0 = performance.now();
  await dict.warmUp('en');
  const loadMs = performance.now() - t0;
  clearInterval(tick);
  const loaded = settle();
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const w of words) {
      const t = performance.now();
      for (const lemma of await dict.lemmasOf(w, 'en')) await dict.polishEntries(lemma, 'en');
      times.push(performance.now() - t);
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(3);
  const t1 = performance.now();
  await Promise.all([dict.intoPolish('en'), dict.reverseIndex('en')]);
  const reverseMs = performance.now() - t1;
  const all = settle();
  console.log(
    `${kind.padEnd(9)} warm-up (morphology + pl-en): ${loadMs.toFixed(0)} ms, event loop blocked <= ${blocked.toFixed(0)} ms; ` +
      `heap ${MB(before.heap)} -> ${MB(loaded.heap)} MB, rss ${MB(before.rss)} -> ${MB(loaded.rss)} MB ` +
      `(+${MB(loaded.rss - before.rss)}), external ${MB(loaded.external - before.external)} MB`,
  );
  console.log(
    `${''.padEnd(9)} lookup (lemmasOf + polishEntries), ${times.length} random forms: median ${at(0.5)} ms, ` +
      `p99 ${at(0.99)} ms, max ${at(1)} ms`,
  );
  console.log(
    `${''.padEnd(9)} + en-pl and the reverse index of pl-en: ${reverseMs.toFixed(0)} ms; heap ${MB(all.heap)} MB, ` +
      `rss ${MB(all.rss)} MB (+${MB(all.rss - before.rss)} in all)` +
      (dict instanceof OfflineDictionary ? `; packed tables ${MB(dict.packedBytes())} MB` : ''),
  );
}

const [mode, rounds] = process.argv.slice(2);
if (mode === 'packed' || mode === 'reference')
  // the sample comes from the parent, so that splitting the forms does not weigh on the figures
  void measure(mode, Number(rounds) || 3, JSON.parse(process.env.BENCH_WORDS ?? '[]') as string[]);
else {
  const env = { ...process.env, BENCH_WORDS: JSON.stringify(sampleForms(2000)) };
  for (const kind of ['reference', 'packed'])
    console.log(
      execFileSync(
        process.execPath,
        [...process.execArgv, '--expose-gc', __filename, kind, String(Number(mode) || 3)],
        { encoding: 'utf8', env },
      ).trimEnd(),
    );
}

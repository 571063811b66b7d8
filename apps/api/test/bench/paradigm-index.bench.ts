/**
 * The paradigm index's cost (docs/performance.md, "Paradigm index"): first-load time, the longest stretch it keeps
 * the event loop busy (its own count, and a 5 ms timer's worst lateness meanwhile), memory after load, and the time
 * of a few look-ups. `node --expose-gc --import tsx apps/api/test/bench/paradigm-index.bench.ts`
 */
import { join } from 'node:path';
import { inflectionTables } from '../../src/modules/word-checker/inflection';
import { ParadigmIndex } from '../../src/modules/word-checker/paradigms';

const MB = (n: number) => (n / 1e6).toFixed(1);

async function main() {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  let lag = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    lag = Math.max(lag, now - last - 5);
    last = now;
  }, 5);
  const index = await ParadigmIndex.load(join(__dirname, '../../../../data/dictionary/pl-paradigms.tsv.gz'));
  clearInterval(timer);
  gc?.();
  const after = process.memoryUsage();
  console.log(
    `load ${index.stats.loadMs.toFixed(0)} ms, longest turn ${index.stats.longestTurnMs.toFixed(1)} ms, ` +
      `worst timer lateness ${lag.toFixed(1)} ms, ${index.lemmaCount} lemmas`,
  );
  console.log(
    `heapUsed +${MB(after.heapUsed - before.heapUsed)} MB, external +${MB(after.external - before.external)} MB ` +
      `(of which arrayBuffers +${MB(after.arrayBuffers - before.arrayBuffers)} MB), rss +${MB(after.rss - before.rss)} MB`,
  );
  const words = [
    ['pies', 'noun'],
    ['dobry', 'adjective'],
    ['robić', 'verb'],
    ['on', 'pronoun'],
    ['zrobić', 'verb'],
  ] as const;
  const t = performance.now();
  for (let i = 0; i < 100; i++) for (const [l, p] of words) inflectionTables(l, p, index.paradigm(l));
  console.log(`a table (look-up and build): ${((performance.now() - t) / 500).toFixed(2)} ms on average`);
}

void main();

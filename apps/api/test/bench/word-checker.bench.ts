/**
 * Word-check timing, once the dictionaries are loaded (not a test: timings depend on the machine).
 * Run: npx tsx apps/api/test/bench/word-checker.bench.ts
 */
import { performance } from 'node:perf_hooks';
import { offlineDictionary } from '../../src/modules/translation/dictionary/offline-dictionary';
import { SpellChecker } from '../../src/modules/word-checker/spell-checker';
import { WordCheckerService } from '../../src/modules/word-checker/word-checker.service';

const WORDS = [
  'dziękuję',
  'krzesło',
  'szkoła',
  'kota',
  'psa',
  'poszedłem',
  'mieszkanie',
  'samochodem',
  'książki',
  'będziemy',
  'dziekuje',
  'zolw',
  'szkola',
  'krzeslo',
  'samochud',
  'ksiazka',
  'zrobilem',
  'wiedziec',
  'gzegzolka',
  'pszczola',
  'konstantynopolitańczykowianeczka',
  'xyzzy',
  'qwerty',
  'Warszawa',
  'zdjęcie',
  'zdjecie',
  'źdźbło',
  'zdzblo',
];
const ROUNDS = 5;

async function main(): Promise<void> {
  const spell = new SpellChecker();
  const service = new WordCheckerService(spell, offlineDictionary());
  const rss0 = process.memoryUsage().rss;
  let t = performance.now();
  await spell.ready();
  const spellMs = performance.now() - t;
  const rssSpell = process.memoryUsage().rss;
  t = performance.now();
  await offlineDictionary().warmUp('en');
  const loadMs = performance.now() - t;
  const times: { word: string; ms: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const word of WORDS) {
      t = performance.now();
      await service.check(word, 'en');
      times.push({ word, ms: performance.now() - t });
    }
  }
  const sorted = times.map((x) => x.ms).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2);
  const worst = [...times].sort((a, b) => b.ms - a.ms).slice(0, 3);
  console.log(
    `load: spelling list ${spellMs.toFixed(0)} ms (${spell.spelling!.size} forms, ` +
      `${(spell.spelling!.bytes / 1e6).toFixed(1)} MB, rss +${((rssSpell - rss0) / 1e6).toFixed(0)} MB), ` +
      `offline dictionary ${(loadMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `single-word check, ${times.length} checks of ${WORDS.length} words: median ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
  );
  console.log(`slowest: ${worst.map((w) => `${w.word} ${w.ms.toFixed(1)} ms`).join(', ')}`);
  console.log(
    `heap: ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB, rss ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
  );
  await spell.close();
}

void main();

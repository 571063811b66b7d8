import { ParadigmIndex } from '../../apps/api/src/modules/word-checker/paradigms';
async function main() {
  global.gc?.();
  const before = process.memoryUsage();
  let maxLag = 0; let last = performance.now();
  const timer = setInterval(() => { const now = performance.now(); maxLag = Math.max(maxLag, now - last - 5); last = now; }, 5);
  const idx = await ParadigmIndex.load(new URL('../../data/dictionary/pl-paradigms.tsv.gz', `file://${__filename}`).pathname);
  clearInterval(timer);
  global.gc?.();
  const after = process.memoryUsage();
  console.log(idx.stats, 'maxTimerLag', maxLag.toFixed(1));
  console.log('heapUsed +MB', ((after.heapUsed - before.heapUsed) / 1e6).toFixed(1), 'rss +MB', ((after.rss - before.rss)/1e6).toFixed(1), 'external+arrayBuffers +MB', ((after.external + after.arrayBuffers - before.external - before.arrayBuffers)/1e6).toFixed(1));
  const t = performance.now();
  for (const l of ['pies','robić','dobry','on','zrobić','uczyć','xyz']) console.log(l, idx.paradigm(l).length);
  console.log('lookups ms', (performance.now()-t).toFixed(2));
  console.log(idx.lemmaCount);
}
main();

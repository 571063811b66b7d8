import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { workspacePath } from '../../lib/paths';

/** hunspell-pl files of the npm package `dictionary-pl` (ESM-only, so read from its folder, not imported). */
export const DICTIONARY_PL_DIR = workspacePath('node_modules', 'dictionary-pl');

export interface TSpellResult {
  word: string;
  correct: boolean;
  /** nspell's suggestions, in its order (empty for a correct word). */
  suggestions: string[];
  /** Correct words that differ from `word` only by Polish diacritics ("zolw" -> "żółw"), fewest changes first. */
  diacritics: string[];
  /** Other correct words near `word`: learner confusions (rz/ż, u/ó, ch/h ...), then one edit away. */
  other: string[];
}

/**
 * The worker's code. nspell expands the whole hunspell-pl dictionary in memory: about 9 s of synchronous work and
 * ~500 MB of heap. In a worker thread that neither blocks the API's event loop while loading nor while
 * suggesting for a long garbage word.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const nspell = require(workerData.nspellPath);
let spell;
try {
  spell = nspell(readFileSync(workerData.aff), readFileSync(workerData.dic));
  parentPort.postMessage({ type: 'ready' });
} catch (e) {
  parentPort.postMessage({ type: 'failed', message: String(e && e.message || e) });
}
const ALT = { a: 'aą', c: 'cć', e: 'eę', l: 'lł', n: 'nń', o: 'oó', s: 'sś', z: 'zźż' };
const STRIP = { ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z' };
const MAX_COMBINATIONS = 4096;
function diacritics(word) {
  const lower = word.toLowerCase();
  const base = [...lower].map((ch) => STRIP[ch] || ch);
  let combos = 1;
  for (const ch of base) combos *= (ALT[ch] || ch).length;
  if (combos > MAX_COMBINATIONS) return [];
  let variants = [{ s: '', changes: 0 }];
  base.forEach((ch, i) => {
    const opts = ALT[ch] || ch;
    const next = [];
    for (const v of variants) for (const o of opts) next.push({ s: v.s + o, changes: v.changes + (o === lower[i] ? 0 : 1) });
    variants = next;
  });
  return variants
    .filter((v) => v.changes > 0 && spell.correct(v.s))
    .sort((a, b) => a.changes - b.changes)
    .map((v) => v.s);
}
const ALPHABET = 'aąbcćdeęfghijklłmnńoóprsśtuwyzźż';
// spelling confusions of Polish learners (one substitution each way), like hunspell-pl's REP table
const REP = [['rz', 'ż'], ['ż', 'rz'], ['ch', 'h'], ['h', 'ch'], ['u', 'ó'], ['ó', 'u'], ['om', 'ą'], ['on', 'ą'],
  ['em', 'ę'], ['en', 'ę'], ['ci', 'ć'], ['si', 'ś'], ['zi', 'ź'], ['ni', 'ń'], ['ą', 'om'], ['ę', 'e'], ['ą', 'a']];
function replacements(lower) {
  const out = new Set();
  for (const [from, to] of REP) {
    for (let i = lower.indexOf(from); i >= 0; i = lower.indexOf(from, i + 1)) {
      const c = lower.slice(0, i) + to + lower.slice(i + from.length);
      if (c !== lower && spell.correct(c)) out.add(c);
    }
  }
  return [...out];
}
/** Correct words one edit away (delete, transpose, replace, insert): cheap with nspell's correct(). */
function edits1(lower) {
  const out = new Set();
  const add = (c) => { if (c && c !== lower && spell.correct(c)) out.add(c); };
  for (let i = 0; i <= lower.length; i++) {
    const a = lower.slice(0, i), b = lower.slice(i);
    if (b) add(a + b.slice(1));
    if (b.length > 1) add(a + b[1] + b[0] + b.slice(2));
    for (const ch of ALPHABET) {
      if (b) add(a + ch + b.slice(1));
      add(a + ch + b);
    }
  }
  return [...out];
}
parentPort.on('message', ({ id, words }) => {
  const results = words.map((word) => {
    const correct = spell.correct(word);
    if (correct) return { word, correct, suggestions: [], diacritics: [], other: [] };
    if (word.length > 40) return { word, correct, suggestions: [], diacritics: [], other: [] };
    const lower = word.toLowerCase();
    const near = edits1(lower);
    // nspell's suggest is fast when a word one edit away exists, and can take hundreds of milliseconds when it has
    // to search further: only ask it in the first case
    const suggestions = near.length ? spell.suggest(word) : [];
    return { word, correct, suggestions, diacritics: diacritics(word), other: [...replacements(lower), ...near] };
  });
  parentPort.postMessage({ type: 'result', id, results });
});
`;

/** Checks Polish words with nspell + hunspell-pl in a worker thread; `check` waits until the dictionary is loaded. */
export class SpellChecker {
  private worker?: Worker;
  private readyPromise?: Promise<void>;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r: TSpellResult[]) => void; reject: (e: Error) => void }
  >();

  constructor(private readonly dictDir: string = DICTIONARY_PL_DIR) {}

  /** Starts loading (once); resolves when the dictionary is ready. */
  ready(): Promise<void> {
    if (this.readyPromise) return this.readyPromise;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        nspellPath: require.resolve('nspell'),
        aff: join(this.dictDir, 'index.aff'),
        dic: join(this.dictDir, 'index.dic'),
      },
    });
    this.worker = worker;
    this.readyPromise = new Promise<void>((resolve, reject) => {
      const fail = (e: Error) => {
        reject(e);
        for (const p of this.pending.values()) p.reject(e);
        this.pending.clear();
        // a later call starts a new worker
        this.readyPromise = undefined;
        this.worker = undefined;
      };
      worker.on('message', (m: { type: string; id?: number; results?: TSpellResult[]; message?: string }) => {
        if (m.type === 'ready') {
          resolve();
          this.idle();
        } else if (m.type === 'failed')
          fail(new Error(`The Polish spelling dictionary could not be loaded: ${m.message}`));
        else if (m.type === 'result' && m.id !== undefined) {
          this.pending.get(m.id)?.resolve(m.results ?? []);
          this.pending.delete(m.id);
          this.idle();
        }
      });
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`The spelling worker stopped (exit code ${code})`)));
    });
    // keeps the process alive while loading (listeners added above ref the worker); see idle()
    worker.ref();
    this.readyPromise.catch(() => undefined);
    return this.readyPromise;
  }

  async check(words: string[]): Promise<TSpellResult[]> {
    await this.ready();
    const worker = this.worker!;
    const id = this.nextId++;
    return new Promise<TSpellResult[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, words });
    });
  }

  /** An idle worker does not keep the process alive (a CLI or a test run ends even if nobody closed it). */
  private idle(): void {
    if (this.pending.size === 0) this.worker?.unref();
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    this.readyPromise = undefined;
    if (w) {
      w.removeAllListeners('exit');
      await w.terminate();
    }
  }
}

let shared: { checker: SpellChecker; users: number } | undefined;

/** One checker per process however many apps use it (the dictionary costs ~500 MB): acquire, then release. */
export function acquireSpellChecker(): SpellChecker {
  if (!shared) shared = { checker: new SpellChecker(), users: 0 };
  shared.users += 1;
  return shared.checker;
}

export async function releaseSpellChecker(checker: SpellChecker): Promise<void> {
  if (!shared || shared.checker !== checker) return;
  shared.users -= 1;
  if (shared.users <= 0) {
    const s = shared;
    shared = undefined;
    await s.checker.close();
  }
}

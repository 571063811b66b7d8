import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { workspacePath } from '../../lib/paths';
import { FORMAT_VERSION, SpellingFormatError, SpellingSet } from './spelling-set';
import { confusionVariants, diacriticVariants, nspellSuggest, oneEditAway } from './spelling-suggest';

/** hunspell-pl files of the npm package `dictionary-pl` (what the spelling list is built from). */
export const DICTIONARY_PL_DIR = workspacePath('node_modules', 'dictionary-pl');
/** The compact spelling list, written by tools/build-wordlist.mjs at `npm install` (gitignored with node_modules). */
export const SPELLING_LIST_FILE = workspacePath('node_modules', '.cache', 'polski', 'spelling-pl.bin');
const BUILD_SCRIPT = workspacePath('tools', 'build-wordlist.mjs');
/** Words longer than this get no suggestions (nothing in the dictionary is near, and the search grows with length). */
const MAX_SUGGEST_LENGTH = 40;

export interface TSpellResult {
  word: string;
  correct: boolean;
  /** nspell's suggest() (ported onto the spelling list: the same words in the same order); empty for a correct word. */
  suggestions: string[];
  /** Correct words that differ from `word` only by Polish diacritics ("zolw" -> "żółw"), fewest changes first. */
  diacritics: string[];
  /** Other correct words near `word`: learner confusions (rz/ż, u/ó, ch/h ...), then one edit away. */
  other: string[];
}

type TLog = (level: 'info' | 'warn', message: string) => void;

/** Checks one word against the spelling list (synchronous: ~0.01 ms for a correct word, a few ms for a typo). */
export function checkWord(set: SpellingSet, word: string): TSpellResult {
  const correct = set.correct(word);
  if (correct || word.length > MAX_SUGGEST_LENGTH)
    return { word, correct, suggestions: [], diacritics: [], other: [] };
  const lower = word.toLowerCase();
  const near = oneEditAway(set, lower);
  // nspell's search is cheap when a word one edit away exists, and searches two edits away (up to ~100 ms)
  // otherwise: only asked in the first case, as before
  const suggestions = near.length ? nspellSuggest(set, word) : [];
  return {
    word,
    correct,
    suggestions,
    diacritics: diacriticVariants(set, word),
    other: [...confusionVariants(set, lower), ...near],
  };
}

/** sha256 of the format and the dictionary files, as tools/build-wordlist.mjs computes it. */
async function dictionaryFingerprint(dictDir: string): Promise<Buffer | undefined> {
  try {
    const [aff, dic] = await Promise.all([
      readFile(join(dictDir, 'index.aff')),
      readFile(join(dictDir, 'index.dic')),
    ]);
    return createHash('sha256').update(`format ${FORMAT_VERSION}\n`).update(aff).update(dic).digest();
  } catch {
    return undefined;
  }
}

/**
 * Checks Polish words against the hunspell-pl dictionary held as a compact spelling list (a ~1.8 MB automaton,
 * loaded in milliseconds); `check` waits until it is loaded. If the list is missing or was built from other dictionary
 * files, it is built first by tools/build-wordlist.mjs in a child process (~10-15 s), and that is logged.
 */
export class SpellChecker {
  private set?: SpellingSet;
  private loading?: Promise<void>;

  constructor(private readonly options: { file?: string; dictDir?: string; log?: TLog } = {}) {}

  /** The loaded list (undefined until `ready()` resolves). */
  get spelling(): SpellingSet | undefined {
    return this.set;
  }

  /** Starts loading (once); resolves when the list is ready. A failed load is tried again by the next call. */
  ready(): Promise<void> {
    this.loading ??= this.load().then(
      (set) => {
        this.set = set;
      },
      (err: unknown) => {
        this.loading = undefined;
        throw err;
      },
    );
    return this.loading;
  }

  /** One result per word; yields to the event loop between words, so a long list never blocks it for long. */
  async check(words: string[]): Promise<TSpellResult[]> {
    await this.ready();
    const results: TSpellResult[] = [];
    for (const [i, word] of words.entries()) {
      if (i > 0) await nextTurn();
      results.push(checkWord(this.set!, word));
    }
    return results;
  }

  async close(): Promise<void> {
    await this.loading?.catch(() => undefined);
    this.set = undefined;
    this.loading = undefined;
  }

  private log(level: 'info' | 'warn', message: string): void {
    if (this.options.log) this.options.log(level, message);
    else if (level === 'warn') console.warn(message);
  }

  private async load(): Promise<SpellingSet> {
    const file = this.options.file ?? SPELLING_LIST_FILE;
    const dictDir = this.options.dictDir ?? DICTIONARY_PL_DIR;
    const expected = await dictionaryFingerprint(dictDir);
    let problem: string;
    let stale: SpellingSet | undefined;
    try {
      const set = SpellingSet.fromBuffer(await readFile(file));
      if (!expected || set.fingerprint.equals(expected)) return set;
      stale = set;
      problem = 'was built from other dictionary files';
    } catch (e) {
      problem =
        (e as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'is missing'
          : `cannot be read (${e instanceof SpellingFormatError ? e.message : String(e)})`;
    }
    if (!existsSync(BUILD_SCRIPT) || !expected) {
      if (stale) {
        this.log('warn', `word checker: the spelling list ${file} ${problem}; using it anyway`);
        return stale;
      }
      throw new Error(
        `The spelling list ${file} ${problem}, and it cannot be built here: run node tools/build-wordlist.mjs`,
      );
    }
    this.log('warn', `word checker: the spelling list ${file} ${problem}; building it (~10-15 s)`);
    const started = Date.now();
    await new Promise<void>((resolve, reject) =>
      execFile(
        process.execPath,
        [BUILD_SCRIPT, '--force', '--out', file],
        { cwd: workspacePath(), timeout: 120_000 },
        (err, _stdout, stderr) =>
          err
            ? reject(new Error(`Building the spelling list failed: ${stderr.trim() || err.message}`))
            : resolve(),
      ),
    );
    this.log(
      'info',
      `word checker: built the spelling list in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return SpellingSet.fromBuffer(await readFile(file));
  }
}

let shared: { checker: SpellChecker; users: number } | undefined;

/** One checker per process however many apps use it: acquire, then release. */
export function acquireSpellChecker(log?: TLog): SpellChecker {
  if (!shared) shared = { checker: new SpellChecker({ log }), users: 0 };
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

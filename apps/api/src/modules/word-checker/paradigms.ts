import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { applyTransform, decodePattern } from '@polski/contracts';

const gunzipAsync = promisify(gunzip);
const NL = 0x0a;
const TAB = 0x09;
/** Lemma lines read between two turns of the event loop while the index is built. */
const LINES_PER_TURN = 40_000;

export interface TParadigmForm {
  form: string;
  tag: string;
}

export interface TParadigmLoadStats {
  /** Wall time from the first read to a usable index. */
  loadMs: number;
  /** The longest stretch the build kept the event loop busy (the gunzip runs on the thread pool). */
  longestTurnMs: number;
  lemmas: number;
}

/**
 * Morfologik's tagged paradigms (data/dictionary/pl-paradigms.tsv.gz; docs/content.md, "Tagged morphology") in a
 * compact in-memory index: the unpacked file kept as its UTF-8 bytes (a Buffer, outside the JS heap), the start of
 * each pattern and lemma line in a Uint32Array, patterns decoded on demand. Lemmas are sorted by UTF-16 code
 * units, which for Polish (no characters outside the BMP) is the byte order of UTF-8, so a lemma is found by
 * binary search on the bytes. No Map of 315,624 entries, no string per lemma and no decoding of the whole file.
 */
export class ParadigmIndex {
  private constructor(
    private readonly bytes: Buffer,
    private readonly tags: readonly string[],
    /** Start offset in `text` of each pattern line. */
    private readonly patternStarts: Uint32Array,
    /** Start offset in `text` of each lemma line. */
    private readonly lemmaStarts: Uint32Array,
    readonly stats: TParadigmLoadStats,
  ) {}

  get lemmaCount(): number {
    return this.lemmaStarts.length;
  }

  /** Every form of `lemma` with its tags (all homonyms of that spelling); empty when the lemma is unknown. */
  paradigm(lemma: string): TParadigmForm[] {
    const first = this.firstLine(lemma);
    const out: TParadigmForm[] = [];
    for (let i = first; i < this.lemmaStarts.length; i++) {
      const [name, pid] = this.line(this.lemmaStarts[i]).split('\t');
      if (name !== lemma) break;
      for (const entry of decodePattern(this.line(this.patternStarts[parseInt(pid, 36)]))) {
        const form = applyTransform(lemma, entry.transform);
        for (const id of entry.tagIds) out.push({ form, tag: this.tags[id] });
      }
    }
    return out;
  }

  private line(start: number): string {
    const end = this.bytes.indexOf(NL, start);
    return this.bytes.toString('utf8', start, end < 0 ? this.bytes.length : end);
  }

  /** The first lemma line whose lemma is >= `lemma` (byte order of UTF-8 = the file's order). */
  private firstLine(lemma: string): number {
    const target = Buffer.from(lemma, 'utf8');
    let lo = 0;
    let hi = this.lemmaStarts.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const start = this.lemmaStarts[mid];
      const tab = this.bytes.indexOf(TAB, start);
      if (this.bytes.compare(target, 0, target.length, start, tab) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Reads the file without holding the event loop for long: the gunzip is asynchronous, the scan yields. */
  static async load(file: string): Promise<ParadigmIndex> {
    const started = performance.now();
    let longest = 0;
    let turn = performance.now();
    const endTurn = async () => {
      longest = Math.max(longest, performance.now() - turn);
      await new Promise<void>((resolve) => setImmediate(resolve));
      turn = performance.now();
    };
    const packed = await readFile(file);
    const bytes = await gunzipAsync(packed);
    turn = performance.now();

    let pos = 0;
    const nextLine = (): string => {
      const end = bytes.indexOf(NL, pos);
      const line = bytes.toString('utf8', pos, end < 0 ? bytes.length : end);
      pos = end < 0 ? bytes.length : end + 1;
      return line;
    };
    const skipLine = () => {
      const end = bytes.indexOf(NL, pos);
      pos = end < 0 ? bytes.length : end + 1;
    };
    const header = nextLine();
    if (!header.startsWith('#pl-paradigms\t1')) throw new Error(`${file}: not a paradigm file (version 1)`);
    const section = (name: string): number => {
      const [tag, count] = nextLine().split('\t');
      if (tag !== `@${name}`) throw new Error(`${file}: expected @${name}, found ${tag}`);
      return Number(count);
    };
    const tags: string[] = [];
    for (let i = section('tags'); i > 0; i--) tags.push(nextLine());
    const patternStarts = new Uint32Array(section('patterns'));
    for (let i = 0; i < patternStarts.length; i++) {
      patternStarts[i] = pos;
      skipLine();
    }
    const lemmaStarts = new Uint32Array(section('lemmas'));
    for (let i = 0; i < lemmaStarts.length; i++) {
      lemmaStarts[i] = pos;
      skipLine();
      if (i % LINES_PER_TURN === LINES_PER_TURN - 1) await endTurn();
    }
    longest = Math.max(longest, performance.now() - turn);
    return new ParadigmIndex(bytes, tags, patternStarts, lemmaStarts, {
      loadMs: performance.now() - started,
      longestTurnMs: longest,
      lemmas: lemmaStarts.length,
    });
  }
}

const loaded = new Map<string, Promise<ParadigmIndex>>();

/** The paradigm index of a dictionary folder, loaded on first use and shared (a failed load is tried again). */
export function paradigmIndex(dir: string): Promise<ParadigmIndex> {
  const file = join(dir, 'pl-paradigms.tsv.gz');
  let p = loaded.get(file);
  if (!p) {
    p = ParadigmIndex.load(file);
    p.catch(() => loaded.delete(file));
    loaded.set(file, p);
  }
  return p;
}

import { readFileSync } from 'node:fs';

/**
 * Every correct form of the hunspell-pl dictionary as a minimal deterministic automaton (a DAWG), built by
 * tools/build-wordlist.mjs, which documents the file format (change both together). About 3.5 million forms in
 * ~460,000 arcs of 4 bytes (~1.8 MB); a lookup reads one arc list per character. Membership is exact.
 */

export const FORMAT_VERSION = 2;
const MAGIC = 'PLSPELL\0';
const HEADER_BYTES = 64;

/** The affix file's settings nspell's suggestions use, stored in the file so no parser is needed at run time. */
export interface TSpellingMeta {
  dictionary: string;
  nspell: string;
  /** TRY: letters tried for insertions and replacements, lowercase, in the dictionary's order. */
  try: string[];
  /** KEY: groups of neighbouring keys (nspell's default layout when the dictionary has none). */
  key: string[];
  /** REP: [from, to] replacements of common misspellings. */
  rep: [string, string][];
}

export class SpellingFormatError extends Error {}

export class SpellingSet {
  private constructor(
    /** label bits 0-7, last arc of its state bit 8, target accepts bit 9, target's first arc from bit 10 */
    private readonly arcs: Uint32Array,
    private readonly root: number,
    /** UTF-16 code unit -> label (0: a character no form contains) */
    private readonly labels: Uint8Array,
    private readonly count: number,
    readonly meta: TSpellingMeta,
    /** sha256 of the format and the dictionary files it was built from (see tools/build-wordlist.mjs). */
    readonly fingerprint: Buffer,
  ) {}

  /** Number of distinct correct forms. */
  get size(): number {
    return this.count;
  }

  /** Bytes held by the automaton and its label table. */
  get bytes(): number {
    return this.arcs.byteLength + this.labels.byteLength;
  }

  static fromFile(file: string): SpellingSet {
    return SpellingSet.fromBuffer(readFileSync(file));
  }

  /** Reads `input` (its arcs are copied out, so the buffer is not kept); throws SpellingFormatError for a foreign file. */
  static fromBuffer(buf: Buffer): SpellingSet {
    if (buf.length < HEADER_BYTES || buf.toString('latin1', 0, 8) !== MAGIC)
      throw new SpellingFormatError('not a spelling list');
    if (buf.readUInt32LE(8) !== FORMAT_VERSION)
      throw new SpellingFormatError(`format ${buf.readUInt32LE(8)}, expected ${FORMAT_VERSION}`);
    const count = buf.readUInt32LE(12);
    const nArcs = buf.readUInt32LE(16);
    const root = buf.readUInt32LE(20);
    const nLabels = buf.readUInt32LE(24);
    const metaLength = buf.readUInt32LE(28);
    const alphabetAt = HEADER_BYTES + metaLength + (metaLength % 2);
    const arcsAt = alphabetAt + nLabels * 2 + ((4 - ((alphabetAt + nLabels * 2) % 4)) % 4);
    const expected = arcsAt + nArcs * 4;
    if (buf.length !== expected)
      throw new SpellingFormatError(`${buf.length} bytes, expected ${expected} (truncated?)`);
    // the last arc must end its state: a scan of a state's arcs then always stops inside the table
    if (nLabels > 255 || root >= nArcs || !(buf.readUInt32LE(expected - 4) & 0x100))
      throw new SpellingFormatError('inconsistent header');
    const meta = JSON.parse(buf.toString('utf8', HEADER_BYTES, HEADER_BYTES + metaLength)) as TSpellingMeta;
    const labels = new Uint8Array(65536);
    for (let i = 0; i < nLabels; i++) labels[buf.readUInt16LE(alphabetAt + 2 * i)] = i + 1;
    const arcs = new Uint32Array(nArcs);
    for (let i = 0; i < nArcs; i++) {
      const a = buf.readUInt32LE(arcsAt + 4 * i);
      if (a >>> 10 >= nArcs || (a & 0xff) > nLabels)
        throw new SpellingFormatError(`arc ${i} is out of range`);
      arcs[i] = a;
    }
    return new SpellingSet(arcs, root, labels, count, meta, Buffer.from(buf.subarray(32, 64)));
  }

  /** Is `word` exactly (same case) one of the dictionary's forms? */
  has(word: string): boolean {
    const { arcs, labels } = this;
    const n = word.length;
    let at = this.root;
    if (n === 0 || at === 0) return false;
    for (let i = 0; ;) {
      const label = labels[word.charCodeAt(i)];
      if (label === 0) return false;
      let a = arcs[at];
      while ((a & 0xff) !== label) {
        if (a & 0x100) return false;
        a = arcs[++at];
      }
      if (++i === n) return (a & 0x200) !== 0;
      at = a >>> 10;
      if (at === 0) return false;
    }
  }

  /**
   * nspell's `correct()`: the word as written, else (if all uppercase) capitalised, else lowercase. So "kot",
   * "Kot" and "KOT" are correct, "Warszawa" and "WARSZAWA" too, but not "warszawa".
   */
  correct(value: string): boolean {
    const normal = value.trim();
    if (!normal) return false;
    if (this.has(normal)) return true;
    if (normal.toUpperCase() === normal) {
      const sentence = normal.charAt(0) + normal.slice(1).toLowerCase();
      if (this.has(sentence)) return true;
    }
    const lower = normal.toLowerCase();
    return lower !== normal && this.has(lower);
  }
}

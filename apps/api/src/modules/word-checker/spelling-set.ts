import { readFileSync } from 'node:fs';

/**
 * Every correct form of the hunspell-pl dictionary as a sorted table of 64-bit hashes, built by
 * tools/build-wordlist.mjs (which mirrors this file's format and hash function; change both together). About
 * 3.5 million forms in 6 bytes each: the first hash's top 16 bits pick a bucket (offsets in `buckets`), its low 16
 * bits are in `mid`, the second hash is in `low`; a lookup is a binary search of ~54 entries. Membership is exact up
 * to hash collisions: a word that is not in the dictionary is accepted with a probability of ~2e-13.
 */

export const FORMAT_VERSION = 1;
const MAGIC = 'PLSPELL\0';
const HEADER_BYTES = 64;
const CHECK_WORD = 'Zażółć gęślą jaźń';

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

const fmix = (h: number): number => {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

// the last hash, without allocating an array per lookup
let hashA = 0;
let hashB = 0;

/** Two 32-bit hashes of the UTF-16 code units (FNV-1a and murmur3's body, each finalised) into hashA/hashB. */
function hashWord(s: string): void {
  let a = 0x811c9dc5 | 0;
  let b = 0x2c1b3c6d | 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    let k = Math.imul(c, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    b ^= Math.imul(k, 0x1b873593);
    b = (b << 13) | (b >>> 19);
    b = (Math.imul(b, 5) + 0xe6546b64) | 0;
  }
  hashA = fmix(a ^ s.length);
  hashB = fmix(b ^ s.length);
}

export class SpellingFormatError extends Error {}

export class SpellingSet {
  private constructor(
    private readonly buckets: Uint32Array,
    private readonly low: Uint32Array,
    private readonly mid: Uint16Array,
    private readonly bucketShift: number,
    readonly meta: TSpellingMeta,
    /** sha256 of the format and the dictionary files it was built from (see tools/build-wordlist.mjs). */
    readonly fingerprint: Buffer,
  ) {}

  /** Number of distinct correct forms. */
  get size(): number {
    return this.low.length;
  }

  /** Bytes held by the tables. */
  get bytes(): number {
    return this.buckets.byteLength + this.low.byteLength + this.mid.byteLength;
  }

  static fromFile(file: string): SpellingSet {
    return SpellingSet.fromBuffer(readFileSync(file));
  }

  /** Views into `buf` (copied once if it is not 4-byte aligned); throws SpellingFormatError for a foreign file. */
  static fromBuffer(input: Buffer): SpellingSet {
    const buf = input.byteOffset % 4 === 0 ? input : Buffer.from(input);
    if (buf.length < HEADER_BYTES || buf.toString('latin1', 0, 8) !== MAGIC)
      throw new SpellingFormatError('not a spelling list');
    if (buf.readUInt32LE(8) !== FORMAT_VERSION)
      throw new SpellingFormatError(`format ${buf.readUInt32LE(8)}, expected ${FORMAT_VERSION}`);
    const count = buf.readUInt32LE(12);
    const bucketBits = buf.readUInt32LE(16);
    hashWord(CHECK_WORD);
    if (buf.readUInt32LE(20) !== hashA || buf.readUInt32LE(24) !== hashB)
      throw new SpellingFormatError('built with another hash function');
    const metaLength = buf.readUInt32LE(28);
    const meta = JSON.parse(buf.toString('utf8', HEADER_BYTES, HEADER_BYTES + metaLength)) as TSpellingMeta;
    let at = HEADER_BYTES + metaLength + ((4 - (metaLength % 4)) % 4);
    const nBuckets = (1 << bucketBits) + 1;
    const expected = at + nBuckets * 4 + count * 6;
    if (buf.length !== expected)
      throw new SpellingFormatError(`${buf.length} bytes, expected ${expected} (truncated?)`);
    const base = buf.byteOffset;
    const buckets = new Uint32Array(buf.buffer, base + at, nBuckets);
    at += nBuckets * 4;
    const low = new Uint32Array(buf.buffer, base + at, count);
    at += count * 4;
    const mid = new Uint16Array(buf.buffer, base + at, count);
    if (buckets[nBuckets - 1] !== count) throw new SpellingFormatError('bucket table does not add up');
    return new SpellingSet(buckets, low, mid, 32 - bucketBits, meta, Buffer.from(buf.subarray(32, 64)));
  }

  /** Is `word` exactly (same case) one of the dictionary's forms? */
  has(word: string): boolean {
    hashWord(word);
    const m = hashA & 0xffff;
    const b = hashB;
    const bucket = hashA >>> this.bucketShift;
    let lo = this.buckets[bucket];
    let hi = this.buckets[bucket + 1] - 1;
    const { mid, low } = this;
    while (lo <= hi) {
      const i = (lo + hi) >>> 1;
      const d = mid[i] - m || low[i] - b;
      if (d === 0) return true;
      if (d < 0) lo = i + 1;
      else hi = i - 1;
    }
    return false;
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

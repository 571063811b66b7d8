import { isUtf8 } from 'node:buffer';

/**
 * String tables of the offline dictionary that keep their strings as UTF-8 bytes in one Buffer (outside V8's heap)
 * with typed-array offsets and an open-addressing hash table of offsets, instead of millions of JS strings in Maps.
 * Lookups compare bytes, so they are exact (no false positives); strings are decoded only to answer.
 */

/** Slots per key at most 0.6 full: ~1.6 probes for a hit, ~3 for a miss with linear probing. */
const MAX_LOAD = 0.6;
const SPACE = 0x20;
const NEWLINE = 0x0a;
const TAB = 0x09;
/** A lone surrogate (`\p{Cs}` matches only unpaired ones in a `u` regexp): such a string has no UTF-8 form. */
const LONE_SURROGATE = /\p{Cs}/u;

const fmix = (h: number): number => {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/** FNV-1a over bytes [start, end), finalised. */
function hashBytes(b: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ b[i], 0x01000193);
  return fmix(h ^ (end - start));
}

function tableSize(n: number): number {
  let size = 16;
  while (size * MAX_LOAD < n) size *= 2;
  return size;
}

// the UTF-8 of the last query, without allocating per lookup
let scratch = new Uint8Array(256);

/** `s` as UTF-8 into `scratch`; its length in bytes, or -1 for a string with a lone surrogate (never a key). */
function encodeQuery(s: string): number {
  const n = s.length;
  if (scratch.length < n * 3) scratch = new Uint8Array(Math.max(n * 3, scratch.length * 2));
  const out = scratch;
  let j = 0;
  for (let i = 0; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) out[j++] = c;
    else if (c < 0x800) {
      out[j++] = 0xc0 | (c >> 6);
      out[j++] = 0x80 | (c & 0x3f);
    } else if (c >= 0xd800 && c < 0xe000) {
      const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (c >= 0xdc00 || d < 0xdc00 || d >= 0xe000) return -1;
      i++;
      c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
      out[j++] = 0xf0 | (c >> 18);
      out[j++] = 0x80 | ((c >> 12) & 0x3f);
      out[j++] = 0x80 | ((c >> 6) & 0x3f);
      out[j++] = 0x80 | (c & 0x3f);
    } else {
      out[j++] = 0xe0 | (c >> 12);
      out[j++] = 0x80 | ((c >> 6) & 0x3f);
      out[j++] = 0x80 | (c & 0x3f);
    }
  }
  return j;
}

/** Do `len` bytes of `scratch` equal `text` from `at`? */
function sameBytes(text: Uint8Array, at: number, len: number): boolean {
  if (at + len > text.length) return false;
  for (let k = 0; k < len; k++) if (text[at + k] !== scratch[k]) return false;
  return true;
}

/** The bytes the decoded text would have: invalid sequences as U+FFFD, as `toString('utf8')` reads them. */
function asUtf8(input: Buffer): Buffer {
  return isUtf8(input) ? input : Buffer.from(input.toString('utf8'));
}

/**
 * Cuts a long build into slices of a few milliseconds: `if (slicer.due()) await slicer.pause();` in its loops lets
 * requests run in between.
 */
export class Slicer {
  private since = performance.now();

  constructor(private readonly ms = 5) {}

  due(): boolean {
    return performance.now() - this.since >= this.ms;
  }

  async pause(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }
}

/**
 * Distinct strings -> their index (the order they were given in), like a Map<string, number> built from an array.
 * Strings with a lone surrogate (no UTF-8 form) are kept in a small Map beside the bytes.
 */
export class KeyTable {
  private constructor(
    private readonly text: Buffer,
    /** key i is text[starts[i], starts[i + 1]) */
    private readonly starts: Uint32Array,
    /** index + 1 of the key hashed there, 0 when empty */
    private readonly slots: Uint32Array,
    private readonly odd: Map<string, number> | null,
    private readonly oddAt: Map<number, string> | null,
    /** bytes of the longest key: a string longer than that (in UTF-16 units, each >= 1 byte) is not one */
    private readonly longest: number,
  ) {}

  static async build(keys: readonly string[], slicer = new Slicer()): Promise<KeyTable> {
    const odd = new Map<string, number>();
    let total = 0;
    for (const k of keys) total += Buffer.byteLength(k);
    const text = Buffer.allocUnsafeSlow(total);
    const starts = new Uint32Array(keys.length + 1);
    let at = 0;
    for (let i = 0; i < keys.length; i++) {
      starts[i] = at;
      if (LONE_SURROGATE.test(keys[i])) odd.set(keys[i], i);
      else at += text.write(keys[i], at);
      if (i % 256 === 255 && slicer.due()) await slicer.pause();
    }
    starts[keys.length] = at;
    const oddAt = new Map([...odd].map(([k, i]) => [i, k]));
    const slots = new Uint32Array(tableSize(keys.length));
    const mask = slots.length - 1;
    let longest = 0;
    for (let i = 0; i < keys.length; i++) {
      if (oddAt.has(i)) continue;
      longest = Math.max(longest, starts[i + 1] - starts[i]);
      let pos = hashBytes(text, starts[i], starts[i + 1]) & mask;
      while (slots[pos] !== 0) pos = (pos + 1) & mask;
      slots[pos] = i + 1;
      if (i % 256 === 255 && slicer.due()) await slicer.pause();
    }
    return new KeyTable(
      text.subarray(0, at),
      starts,
      slots,
      odd.size ? odd : null,
      oddAt.size ? oddAt : null,
      longest,
    );
  }

  get size(): number {
    return this.starts.length - 1;
  }

  /** Bytes held outside V8's heap. */
  get bytes(): number {
    return this.text.byteLength + this.starts.byteLength + this.slots.byteLength;
  }

  indexOf(key: string): number {
    const len = key.length <= this.longest ? encodeQuery(key) : -1;
    if (len < 0) return this.odd?.get(key) ?? -1;
    const { slots, starts, text } = this;
    const mask = slots.length - 1;
    for (let pos = hashBytes(scratch, 0, len) & mask; slots[pos] !== 0; pos = (pos + 1) & mask) {
      const i = slots[pos] - 1;
      if (starts[i + 1] - starts[i] === len && sameBytes(text, starts[i], len)) return i;
    }
    return -1;
  }

  keyAt(i: number): string {
    return this.oddAt?.get(i) ?? this.text.toString('utf8', this.starts[i], this.starts[i + 1]);
  }
}

/**
 * The Morfologik map of data/dictionary (`lemma<TAB>form form ...` per line) kept as its own bytes: a hash table of
 * the byte offsets of the forms, and the offsets of the lines. A form found at an offset belongs to the lemma of the
 * line around it. Same answers as splitting the decoded text into lines, at the first tab, then at spaces, into a
 * Map form -> lemmas (in line order, repeats included).
 */
export class FormTable {
  private constructor(
    private readonly text: Buffer,
    /** start of each line that has a tab, in order */
    private readonly lines: Uint32Array,
    /** offset + 1 of the form hashed there, 0 when empty */
    private readonly slots: Uint32Array,
    /** number of forms (with repeats) */
    readonly size: number,
    /** bytes of the longest form */
    private readonly longest: number,
  ) {}

  static async build(input: Buffer, slicer = new Slicer()): Promise<FormTable> {
    // what the decoded text would hold: invalid sequences as U+FFFD
    const text = asUtf8(input);
    let separators = 1;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === SPACE || text[i] === NEWLINE) separators++;
      if ((i & 0xffff) === 0xffff && slicer.due()) await slicer.pause();
    }
    const slots = new Uint32Array(tableSize(separators));
    const mask = slots.length - 1;
    const lines: number[] = [];
    let forms = 0;
    let longest = 0;
    for (let start = 0; start <= text.length;) {
      let end = text.indexOf(NEWLINE, start);
      if (end < 0) end = text.length;
      let tab = start;
      while (tab < end && text[tab] !== TAB) tab++;
      if (tab < end) {
        lines.push(start);
        let formStart = tab + 1;
        let h = 0x811c9dc5 | 0;
        for (let i = formStart; i <= end; i++) {
          const c = i < end ? text[i] : SPACE;
          if (c !== SPACE) {
            h = Math.imul(h ^ c, 0x01000193);
            continue;
          }
          let pos = fmix(h ^ (i - formStart)) & mask;
          while (slots[pos] !== 0) pos = (pos + 1) & mask;
          slots[pos] = formStart + 1;
          forms++;
          longest = Math.max(longest, i - formStart);
          formStart = i + 1;
          h = 0x811c9dc5 | 0;
        }
      }
      start = end + 1;
      if (slicer.due()) await slicer.pause();
    }
    return new FormTable(text, Uint32Array.from(lines), slots, forms, longest);
  }

  /** Bytes held outside V8's heap. */
  get bytes(): number {
    return this.text.byteLength + this.lines.byteLength + this.slots.byteLength;
  }

  /** The lemmas of `form` in line order, repeats included (empty when it is not a form). */
  lemmasOf(form: string): string[] {
    const out: string[] = [];
    const len = form.length <= this.longest ? encodeQuery(form) : -1;
    if (len < 0) return out;
    // a form holds neither spaces nor line breaks: a query with one would match across forms
    for (let k = 0; k < len; k++) if (scratch[k] === SPACE || scratch[k] === NEWLINE) return out;
    const { slots, text } = this;
    const mask = slots.length - 1;
    // linear probing without deletions: the same form's slots come in the order they were filled (line order)
    for (let pos = hashBytes(scratch, 0, len) & mask; slots[pos] !== 0; pos = (pos + 1) & mask) {
      const start = slots[pos] - 1;
      const next = start + len;
      if (
        sameBytes(text, start, len) &&
        (next === text.length || text[next] === SPACE || text[next] === NEWLINE)
      )
        out.push(this.lemmaAround(start));
    }
    return out;
  }

  private lemmaAround(offset: number): string {
    const { lines } = this;
    let lo = 0;
    let hi = lines.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (lines[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    const start = lines[lo];
    return this.text.toString('utf8', start, this.text.indexOf(TAB, start));
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
/** An array index, which JS objects (hence Object.entries) list first, in numeric order. */
const ARRAY_INDEX = /^(?:0|[1-9]\d{0,9})$/;

/**
 * The members of the object under `key` in a JSON file, found by scanning its bytes rather than JSON.parse: each
 * member's name (decoded) and the byte range of its value (JSON text, parsed when needed). The order and the values
 * are what `Object.entries(JSON.parse(text)[key])` gives (array indexes first, a repeated name keeps its first
 * place and its last value). Throws on a file that is not JSON of that shape; values are checked only for balanced
 * brackets and closed strings here (the product's files are written by tools/build-dictionary.mjs).
 */
export class JsonMembers {
  private constructor(
    /** the file's bytes, which the values stay in */
    readonly text: Buffer,
    readonly names: string[],
    readonly starts: Uint32Array,
    readonly ends: Uint32Array,
  ) {}

  static async scan(input: Buffer, key: string, slicer = new Slicer()): Promise<JsonMembers> {
    const text = asUtf8(input);
    const n = text.length;
    let i = 0;
    const fail = (what: string): never => {
      throw new SyntaxError(`JSON: ${what} at byte ${i}`);
    };
    const space = () => {
      while (i < n && (text[i] === SPACE || text[i] === NEWLINE || text[i] === TAB || text[i] === 0x0d)) i++;
    };
    const expect = (c: number) => {
      space();
      if (text[i] !== c) fail(`expected '${String.fromCharCode(c)}'`);
      i++;
    };
    // past the string at i (its opening quote); true when it holds an escape
    const string = (): boolean => {
      if (text[i] !== QUOTE) fail('expected a string');
      let escaped = false;
      for (i++; i < n; i++) {
        if (text[i] === BACKSLASH) {
          escaped = true;
          i++;
        } else if (text[i] === QUOTE) {
          i++;
          return escaped;
        }
      }
      return fail('unterminated string');
    };
    const value = () => {
      space();
      const c = text[i];
      if (c === QUOTE) return void string();
      if (c !== OPEN_BRACKET && c !== OPEN_BRACE) {
        while (i < n && !(text[i] === COMMA || text[i] === CLOSE_BRACKET || text[i] === CLOSE_BRACE)) i++;
        return;
      }
      let depth = 0;
      while (i < n) {
        const b = text[i];
        if (b === QUOTE) {
          string();
          continue;
        }
        if (b === OPEN_BRACKET || b === OPEN_BRACE) depth++;
        else if (b === CLOSE_BRACKET || b === CLOSE_BRACE) depth--;
        i++;
        if (depth === 0) return;
      }
      fail('unbalanced brackets');
    };
    const name = (): string => {
      space();
      const start = i;
      return string()
        ? (JSON.parse(text.toString('utf8', start, i)) as string)
        : text.toString('utf8', start + 1, i - 1);
    };
    // the members of the object at i; `each` reads the value that follows the name
    const members = async (each: (name: string) => Promise<void> | void): Promise<void> => {
      expect(OPEN_BRACE);
      space();
      if (text[i] === CLOSE_BRACE) return void i++;
      for (;;) {
        const member = name();
        expect(COLON);
        space();
        await each(member);
        space();
        if (text[i] === CLOSE_BRACE) return void i++;
        expect(COMMA);
        if (slicer.due()) await slicer.pause();
      }
    };
    // name -> place in the lists, for repeated names
    let place = new Map<string, number>();
    let names: string[] = [];
    let starts: number[] = [];
    let ends: number[] = [];
    let found = false;
    await members(async (member) => {
      if (member !== key) return value();
      found = true;
      [place, names, starts, ends] = [new Map(), [], [], []];
      await members((inner) => {
        const start = i;
        value();
        const at = place.get(inner);
        if (at === undefined) {
          place.set(inner, names.length);
          names.push(inner);
          starts.push(start);
          ends.push(i);
        } else {
          starts[at] = start;
          ends[at] = i;
        }
      });
    });
    space();
    if (i !== n) fail('unexpected data after the end');
    if (!found) throw new SyntaxError(`JSON: no "${key}" member`);
    let order = names.map((_, k) => k);
    const indexes = order.filter((k) => ARRAY_INDEX.test(names[k]) && Number(names[k]) < 2 ** 32 - 1);
    if (indexes.length) {
      const isIndex = new Set(indexes);
      indexes.sort((x, y) => Number(names[x]) - Number(names[y]));
      order = [...indexes, ...order.filter((k) => !isIndex.has(k))];
    }
    return new JsonMembers(
      text,
      order.map((k) => names[k]),
      Uint32Array.from(order, (k) => starts[k]),
      Uint32Array.from(order, (k) => ends[k]),
    );
  }

  get size(): number {
    return this.names.length;
  }
}

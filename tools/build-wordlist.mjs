#!/usr/bin/env node
// Builds the word checker's compact spelling list: expands the hunspell-pl dictionary of the npm package
// `dictionary-pl` exactly as nspell does (nspell's own affix parser, the same expansion rules), and writes a
// sorted table of 64-bit hashes of every correct form to node_modules/.cache/polski/spelling-pl.bin (~21 MB,
// 6 bytes a form). The API loads that file into typed arrays (apps/api/src/modules/word-checker/spelling-set.ts)
// instead of holding nspell's expansion (~3.5 million JS strings, ~500-700 MB) in memory.
//
// Runs at `npm install` (postinstall), from tools/lib.mjs ensureInstalled, and from the API itself when the file
// is missing or was built from other dictionary files. Needs no network; a no-op when the file is up to date.
// Usage: node tools/build-wordlist.mjs [--force] [--out <file>]
//
// The file format and the hash function are mirrored in spelling-set.ts: change both together and raise
// FORMAT_VERSION. The header holds the hash of a fixed test word, so a reader with another hash refuses the file.
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  closeSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { endianness } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

export const FORMAT_VERSION = 1;
export const MAGIC = 'PLSPELL\0';
export const HEADER_BYTES = 64;
export const BUCKET_BITS = 16;
export const CHECK_WORD = 'Zażółć gęślą jaźń';
export const DEFAULT_OUT = join(root, 'node_modules', '.cache', 'polski', 'spelling-pl.bin');
export const DICTIONARY_DIR = join(root, 'node_modules', 'dictionary-pl');

const fmix = (h) => {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
};

/** Two 32-bit hashes of the UTF-16 code units (FNV-1a and murmur3's body, each finalised): [high, low]. */
export function hashWord(s) {
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
  return [fmix(a ^ s.length), fmix(b ^ s.length)];
}

/** What the file was built from: the format and the dictionary's two files. */
export function fingerprint(dictDir = DICTIONARY_DIR) {
  return createHash('sha256')
    .update(`format ${FORMAT_VERSION}\n`)
    .update(readFileSync(join(dictDir, 'index.aff')))
    .update(readFileSync(join(dictDir, 'index.dic')))
    .digest();
}

/** The fingerprint stored in an existing file, or undefined. */
export function storedFingerprint(file) {
  if (!existsSync(file)) return undefined;
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(HEADER_BYTES);
    if (readSync(fd, head, 0, HEADER_BYTES, 0) < HEADER_BYTES) return undefined;
    if (head.toString('latin1', 0, 8) !== MAGIC || head.readUInt32LE(8) !== FORMAT_VERSION) return undefined;
    return head.subarray(32, 64);
  } finally {
    closeSync(fd);
  }
}

// nspell's .dic line parser (lib/util/dictionary.js), calling `add(word, codes)` for each entry.
function parseDic(text, flags, add) {
  const ruleCodes = require('nspell/lib/util/rule-codes.js');
  const ws = /\s/g;
  const parseLine = (line) => {
    let slash = line.indexOf('/');
    const hash = line.indexOf('#');
    let codes = '';
    let word;
    while (slash > -1 && line.charCodeAt(slash - 1) === 92) {
      line = line.slice(0, slash - 1) + line.slice(slash);
      slash = line.indexOf('/', slash);
    }
    if (hash > -1) {
      if (slash > -1 && slash < hash) {
        word = line.slice(0, slash);
        ws.lastIndex = slash + 1;
        const r = ws.exec(line);
        codes = line.slice(slash + 1, r ? r.index : undefined);
      } else word = line.slice(0, hash);
    } else if (slash > -1) {
      word = line.slice(0, slash);
      codes = line.slice(slash + 1);
    } else word = line;
    word = word.trim();
    if (word) add(word, ruleCodes(flags, codes.trim()));
  };
  let last = text.indexOf('\n') + 1;
  let index = text.indexOf('\n', last);
  while (index > -1) {
    if (text.charCodeAt(last) !== 9) parseLine(text.slice(last, index));
    last = index + 1;
    index = text.indexOf('\n', last);
  }
  parseLine(text.slice(last));
}

/**
 * The last character class of a suffix condition ("[^i]e$" -> "e", "[aeo]$" -> "[aeo]"), used only to skip
 * entries that cannot match a word's last character; the full condition is still tested. Undefined: keep always.
 */
function lastAtom(source) {
  const s = source.endsWith('$') ? source.slice(0, -1) : source;
  if (!s || s.endsWith('\\')) return undefined;
  if (s.endsWith(']')) {
    const open = s.lastIndexOf('[');
    return open < 0 ? undefined : s.slice(open);
  }
  const ch = s.slice(-1);
  return /[.)*+?}|]/.test(ch) ? undefined : ch;
}

/**
 * Every form nspell's `correct()` accepts as written (its `spell.data` keys minus ONLYINCOMPOUND words), passed to
 * `emit`. Mirrors nspell 2.1.5's lib/util/add.js and apply.js; SFX entries are pre-filtered by the word's last
 * character, which is what makes this ~4x faster than building nspell itself. Returns the parsed affix data.
 */
export function expandDictionary(affBuf, dicBuf, emit) {
  const affix = require('nspell/lib/util/affix.js');
  const aff = affix(affBuf);
  const { rules, flags } = aff;
  // what this expansion (and the runtime's exact-match lookup) does not model: refuse rather than differ from nspell
  const unsupported = [
    aff.compoundRules.length ? 'COMPOUNDRULE' : '',
    aff.conversion.in.length || aff.conversion.out.length ? 'ICONV/OCONV' : '',
    typeof flags.KEEPCASE === 'string' ? 'KEEPCASE' : '',
    'FORBIDDENWORD' in flags ? 'FORBIDDENWORD' : '',
    'NOSUGGEST' in flags ? 'NOSUGGEST' : '',
  ].filter(Boolean);
  if (unsupported.length)
    throw new Error(
      `build-wordlist: the dictionary uses ${unsupported.join(', ')}, which this list does not model`,
    );
  const needAffix = flags.NEEDAFFIX;
  const onlyInCompound = flags.ONLYINCOMPOUND;

  // rule -> last character -> its entries that can match, in runs sharing one condition (tested once a run)
  const filtered = new Map();
  const groupsFor = (rule, value) => {
    let byChar = filtered.get(rule);
    if (!byChar) filtered.set(rule, (byChar = new Map()));
    const ch = rule.type === 'SFX' ? value.charAt(value.length - 1) : '';
    let groups = byChar.get(ch);
    if (!groups) {
      groups = [];
      for (const e of rule.entries) {
        if (rule.type === 'SFX' && e.match) {
          const atom = lastAtom(e.match.source);
          let can = true;
          try {
            can = atom === undefined || new RegExp(`^${atom}$`).test(ch);
          } catch {
            can = true;
          }
          if (!can) continue;
        }
        const last = groups[groups.length - 1];
        if (last && String(last.match) === String(e.match)) last.entries.push(e);
        else groups.push({ match: e.match, entries: [e] });
      }
      byChar.set(ch, groups);
    }
    return groups;
  };
  // nspell's apply(): the rule's matching entries, recursively through continuation classes
  const apply = (value, rule, out) => {
    for (const group of groupsFor(rule, value)) {
      if (group.match && !group.match.test(value)) continue;
      for (const entry of group.entries) {
        let next = entry.remove ? value.replace(entry.remove, '') : value;
        next = rule.type === 'SFX' ? next + entry.add : entry.add + next;
        out.push(next);
        for (const code of entry.continuation ?? []) {
          const c = rules[code];
          if (c) apply(next, c, out);
        }
      }
    }
    return out;
  };
  const compoundOnly = new Set();
  parseDic(dicBuf.toString('utf8'), flags, (word, codes) => {
    // nspell's add(): the word itself unless NEEDAFFIX, then every affixed form, and prefix x suffix combinations
    if (!needAffix || !codes.includes(needAffix)) {
      emit(word);
      if (onlyInCompound && codes.includes(onlyInCompound)) compoundOnly.add(word);
    }
    for (let p = 0; p < codes.length; p++) {
      const rule = rules[codes[p]];
      if (!rule) continue;
      for (const form of apply(word, rule, [])) {
        emit(form);
        if (!rule.combineable) continue;
        for (let q = p + 1; q < codes.length; q++) {
          const other = rules[codes[q]];
          if (other && other.combineable && rule.type !== other.type)
            for (const f of apply(form, other, [])) emit(f);
        }
      }
    }
  });
  return { aff, compoundOnly };
}

/** Builds the file; returns its figures. */
export function buildWordlist({ dictDir = DICTIONARY_DIR, out = DEFAULT_OUT } = {}) {
  if (endianness() !== 'LE') throw new Error('build-wordlist: the file format is little-endian only');
  const started = Date.now();
  const affBuf = readFileSync(join(dictDir, 'index.aff'));
  const dicBuf = readFileSync(join(dictDir, 'index.dic'));
  // hashes as 64-bit keys (high word = first hash), grown as needed, sorted and deduplicated afterwards
  let keys = new Uint32Array(2 * 4_000_000);
  let n = 0;
  const push = (word) => {
    if (2 * n + 2 > keys.length) {
      const bigger = new Uint32Array(keys.length * 2);
      bigger.set(keys);
      keys = bigger;
    }
    const [a, b] = hashWord(word);
    keys[2 * n] = b;
    keys[2 * n + 1] = a;
    n++;
  };
  const { aff, compoundOnly } = expandDictionary(affBuf, dicBuf, push);
  const generated = n;
  const sorted = new BigUint64Array(keys.buffer, 0, n).sort();
  const excluded = new Set(
    [...compoundOnly].map((w) => {
      const [a, b] = hashWord(w);
      return (BigInt(a) << 32n) | BigInt(b);
    }),
  );
  const words = new Uint32Array(sorted.buffer, 0, 2 * n);
  const buckets = new Uint32Array((1 << BUCKET_BITS) + 1);
  const low = new Uint32Array(n);
  const mid = new Uint16Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (i > 0 && sorted[i] === sorted[i - 1]) continue;
    if (excluded.size && excluded.has(sorted[i])) continue;
    const a = words[2 * i + 1];
    buckets[(a >>> (32 - BUCKET_BITS)) + 1]++;
    mid[count] = a & 0xffff;
    low[count] = words[2 * i];
    count++;
  }
  for (let i = 1; i < buckets.length; i++) buckets[i] += buckets[i - 1];

  const meta = Buffer.from(
    JSON.stringify({
      dictionary: JSON.parse(readFileSync(join(dictDir, 'package.json'), 'utf8')).version,
      nspell: require('nspell/package.json').version,
      try: aff.flags.TRY,
      key: aff.flags.KEY,
      rep: aff.replacementTable,
    }),
  );
  const header = Buffer.alloc(HEADER_BYTES);
  header.write(MAGIC, 0, 'latin1');
  const [ca, cb] = hashWord(CHECK_WORD);
  header.writeUInt32LE(FORMAT_VERSION, 8);
  header.writeUInt32LE(count, 12);
  header.writeUInt32LE(BUCKET_BITS, 16);
  header.writeUInt32LE(ca, 20);
  header.writeUInt32LE(cb, 24);
  header.writeUInt32LE(meta.length, 28);
  fingerprint(dictDir).copy(header, 32);
  const padding = Buffer.alloc((4 - (meta.length % 4)) % 4);
  // header, JSON, buckets, low words, middle 16 bits (every typed section 4-byte aligned)
  const parts = [
    header,
    meta,
    padding,
    Buffer.from(buckets.buffer),
    Buffer.from(low.buffer, 0, count * 4),
    Buffer.from(mid.buffer, 0, count * 2),
  ];
  mkdirSync(dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.concat(parts));
  renameSync(tmp, out);
  const bytes = parts.reduce((s, p) => s + p.length, 0);
  return { forms: count, generated, bytes, ms: Date.now() - started, out };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const out = outAt >= 0 ? resolve(args[outAt + 1]) : DEFAULT_OUT;
  const force = args.includes('--force');
  if (!existsSync(join(DICTIONARY_DIR, 'index.dic'))) {
    console.error('build-wordlist: node_modules/dictionary-pl is missing; run npm install');
    process.exit(1);
  }
  const stored = storedFingerprint(out);
  if (!force && stored && stored.equals(fingerprint())) {
    console.log(`build-wordlist: ${out} is up to date`);
  } else {
    const r = buildWordlist({ out });
    console.log(
      `build-wordlist: ${r.forms.toLocaleString('en')} forms (${r.generated.toLocaleString('en')} generated), ` +
        `${(r.bytes / 1e6).toFixed(1)} MB in ${(r.ms / 1000).toFixed(1)} s -> ${r.out}`,
    );
  }
}

#!/usr/bin/env node
// Builds the word checker's compact spelling list: expands the hunspell-pl dictionary of the npm package
// `dictionary-pl` exactly as nspell does (nspell's own affix parser, the same expansion rules), and writes every
// correct form as a minimal deterministic automaton (a DAWG: words sharing an ending share its states) to
// node_modules/.cache/polski/spelling-pl.bin: ~3.5 million forms in ~1.9 MB. The API loads that file into a typed
// array (apps/api/src/modules/word-checker/spelling-set.ts) instead of holding nspell's expansion (~3.5 million JS
// strings, ~500-700 MB) in memory. Membership is exact: the automaton accepts exactly the listed forms.
//
// Runs at `npm install` (postinstall), from tools/lib.mjs ensureInstalled, and from the API itself when the file
// is missing or was built from other dictionary files. Needs no network; a no-op when the file is up to date.
// Usage: node tools/build-wordlist.mjs [--force] [--out <file>]
//
// The file format is mirrored in spelling-set.ts: change both together and raise FORMAT_VERSION.
//   header (64 bytes): magic, format, forms, arcs, root (index of the root state's first arc), alphabet size,
//     JSON length, sha256 fingerprint of the format and the dictionary files (bytes 32-63);
//   the JSON (the affix settings suggestions use), padded to 2 bytes; the alphabet (UTF-16 code units, label i+1 is
//     alphabet[i]), padded to 4 bytes; the arcs, one uint32 each: label (bits 0-7), last arc of its state (bit 8),
//     the target state accepts (bit 9: the word read so far is a form), index of the target's first arc (bits
//     10-31; 0 when the target has no arcs). Arc 0 is a placeholder; a state's arcs are consecutive, by label.
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

export const FORMAT_VERSION = 2;
export const MAGIC = 'PLSPELL\0';
export const HEADER_BYTES = 64;
export const DEFAULT_OUT = join(root, 'node_modules', '.cache', 'polski', 'spelling-pl.bin');
export const DICTIONARY_DIR = join(root, 'node_modules', 'dictionary-pl');
const MAX_LABELS = 255;
const MAX_ARCS = 2 ** 22;

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

/**
 * The minimal automaton of `words` (sorted by UTF-16 code units, distinct), built incrementally (Daciuk, Mihov,
 * Watson and Watson 2000, "Incremental construction of minimal acyclic finite-state automata"): after each word,
 * the states of the previous word's suffix that are no longer shared are replaced by an equivalent registered
 * state or registered themselves. Returns the alphabet, the arcs in the file's encoding and the root's index.
 */
export function buildAutomaton(words) {
  const codes = new Set();
  for (const w of words) for (let i = 0; i < w.length; i++) codes.add(w.charCodeAt(i));
  const alphabet = [...codes].sort((a, b) => a - b);
  if (alphabet.length > MAX_LABELS)
    throw new Error(`build-wordlist: ${alphabet.length} distinct characters, at most ${MAX_LABELS}`);
  const labelOf = new Map(alphabet.map((c, i) => [c, i + 1]));
  // the alphabet is made of the words' characters: every character has a label
  const label = (/** @type {number} */ code) => /** @type {number} */ (labelOf.get(code));

  // registered states by signature; a state's arcs are written when it is registered (children come first)
  const register = new Map();
  let arcs = new Uint32Array(1 << 20);
  let nArcs = 1; // arc 0: the placeholder target of states without arcs
  const write = (node) => {
    // a node's signature: accepting or not, then its arcs as label:target (targets are registered, so unique)
    let key = node.final ? '1' : '0';
    for (let i = 0; i < node.labels.length; i++) key += `${node.labels[i]}:${node.targets[i]},`;
    let at = register.get(key);
    if (at !== undefined) return at;
    if (node.labels.length === 0) at = 0;
    else {
      at = nArcs;
      if (nArcs + node.labels.length >= MAX_ARCS)
        throw new Error(`build-wordlist: more than ${MAX_ARCS} arcs do not fit the format`);
      while (nArcs + node.labels.length > arcs.length) {
        const bigger = new Uint32Array(arcs.length * 2);
        bigger.set(arcs);
        arcs = bigger;
      }
      for (let i = 0; i < node.labels.length; i++) {
        const last = i === node.labels.length - 1 ? 0x100 : 0;
        const accepts = node.accepts[i] ? 0x200 : 0;
        arcs[nArcs++] = (node.targets[i] * 1024 + accepts + last + node.labels[i]) >>> 0;
      }
    }
    register.set(key, at);
    return at;
  };
  /** @returns {{ final: boolean, labels: number[], targets: number[], accepts: boolean[] }} */
  const open = () => ({ final: false, labels: [], targets: [], accepts: [] });
  // the path of the last word: path[d] is the unregistered state reached after d characters
  const path = [open()];
  const registerBelow = (depth) => {
    for (let d = path.length - 1; d > depth; d--) {
      const parent = path[d - 1];
      const child = path[d];
      parent.targets[parent.targets.length - 1] = write(child);
      parent.accepts[parent.accepts.length - 1] = child.final;
    }
    path.length = depth + 1;
  };
  let previous = '';
  for (const w of words) {
    let common = 0;
    const m = Math.min(w.length, previous.length);
    while (common < m && w.charCodeAt(common) === previous.charCodeAt(common)) common++;
    if (common === w.length)
      throw new Error(`build-wordlist: the words are not sorted and distinct at "${w}"`);
    registerBelow(common);
    for (let i = common; i < w.length; i++) {
      const node = path[i];
      node.labels.push(label(w.charCodeAt(i)));
      node.targets.push(0);
      node.accepts.push(false);
      path.push(open());
    }
    path[w.length].final = true;
    previous = w;
  }
  registerBelow(0);
  const rootAt = write(path[0]);
  return { alphabet, arcs: arcs.subarray(0, nArcs), root: rootAt };
}

/** Does the automaton accept `w`? (The reader in spelling-set.ts, for the build's own check.) */
function accepts(automaton, labelOf, w) {
  const { arcs } = automaton;
  let at = automaton.root;
  if (!w || at === 0) return false;
  for (let i = 0; ;) {
    const label = labelOf.get(w.charCodeAt(i));
    if (label === undefined) return false;
    let a = arcs[at];
    while ((a & 0xff) !== label) {
      if (a & 0x100) return false;
      a = arcs[++at];
    }
    if (++i === w.length) return (a & 0x200) !== 0;
    at = a >>> 10;
    if (at === 0) return false;
  }
}

/** Builds the file; returns its figures. */
export function buildWordlist({ dictDir = DICTIONARY_DIR, out = DEFAULT_OUT } = {}) {
  if (endianness() !== 'LE') throw new Error('build-wordlist: the file format is little-endian only');
  const started = Date.now();
  const affBuf = readFileSync(join(dictDir, 'index.aff'));
  const dicBuf = readFileSync(join(dictDir, 'index.dic'));
  const generated = [];
  const { aff, compoundOnly } = expandDictionary(affBuf, dicBuf, (w) => generated.push(w));
  const generatedCount = generated.length;
  // sorted by UTF-16 code units (the default order for strings), distinct, without ONLYINCOMPOUND words
  generated.sort();
  let count = 0;
  for (let i = 0; i < generated.length; i++) {
    const w = generated[i];
    if (i > 0 && w === generated[i - 1]) continue;
    if (compoundOnly.has(w)) continue;
    generated[count++] = w;
  }
  generated.length = count;
  const words = generated;
  const automaton = buildAutomaton(words);
  // the build checks itself: every form is accepted (what is not listed cannot be: the automaton has no other paths
  // than the words it was built from, and `buildAutomaton` refuses unsorted or repeated input)
  const labelOf = new Map(automaton.alphabet.map((c, i) => [c, i + 1]));
  for (const w of words)
    if (!accepts(automaton, labelOf, w)) throw new Error(`build-wordlist: the automaton misses "${w}"`);

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
  header.writeUInt32LE(FORMAT_VERSION, 8);
  header.writeUInt32LE(count, 12);
  header.writeUInt32LE(automaton.arcs.length, 16);
  header.writeUInt32LE(automaton.root, 20);
  header.writeUInt32LE(automaton.alphabet.length, 24);
  header.writeUInt32LE(meta.length, 28);
  fingerprint(dictDir).copy(header, 32);
  const alphabetAt = HEADER_BYTES + meta.length + (meta.length % 2);
  const alphabetBytes = automaton.alphabet.length * 2;
  const arcsAt = alphabetAt + alphabetBytes + ((4 - ((alphabetAt + alphabetBytes) % 4)) % 4);
  const alphabet = Buffer.from(Uint16Array.from(automaton.alphabet).buffer);
  const arcBytes = Buffer.from(automaton.arcs.buffer, automaton.arcs.byteOffset, automaton.arcs.byteLength);
  const parts = [
    header,
    meta,
    Buffer.alloc(alphabetAt - HEADER_BYTES - meta.length),
    alphabet,
    Buffer.alloc(arcsAt - alphabetAt - alphabetBytes),
    arcBytes,
  ];
  mkdirSync(dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.concat(parts));
  renameSync(tmp, out);
  const bytes = parts.reduce((s, p) => s + p.length, 0);
  return {
    forms: count,
    generated: generatedCount,
    arcs: automaton.arcs.length - 1,
    bytes,
    ms: Date.now() - started,
    out,
  };
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
        `${r.arcs.toLocaleString('en')} arcs, ${(r.bytes / 1e6).toFixed(1)} MB in ${(r.ms / 1000).toFixed(1)} s -> ${r.out}`,
    );
  }
}

#!/usr/bin/env node
// Builds the offline dictionary data the API ships (data/dictionary/) from Debian packages:
//   - FreeDict/WikDict dictd files /usr/share/dictd/freedict-pol-XXX.{index,dict.dz} (Polish -> native language)
//     and freedict-eng-pol (English -> Polish), each into one gzipped JSON file per pair;
//   - Morfologik's Polish morphology (pl.dict in morfologik-polish.jar), exported with a small Java program
//     (tools/build-dictionary/MorfologikExport.java) into a compact inflected-form -> lemma map, restricted to
//     lemmas that are headwords of one of the Polish dictionaries.
// Usage: node tools/build-dictionary.mjs [--no-install] [--out DIR]
// Needs: the dict-freedict-* packages, libmorfologik-stemming-java and java (11+). Missing packages are installed
// with apt-get (as root) unless --no-install is given. Output is deterministic: rebuilding from the same package
// versions gives byte-identical files.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Buffer } from 'node:buffer';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const outDir = args.includes('--out')
  ? resolve(args[args.indexOf('--out') + 1])
  : join(root, 'data', 'dictionary');
const noInstall = args.includes('--no-install');
const DICTD = '/usr/share/dictd';
const JAVA_DIR = '/usr/share/java';
const MORFOLOGIK_JARS = ['morfologik-stemming.jar', 'morfologik-fsa.jar', 'morfologik-polish.jar'];

/** FreeDict three-letter code -> the product's native-language code (libs/contracts languages.ts). */
export const POLISH_TO = {
  eng: 'en',
  deu: 'de',
  fra: 'fr',
  spa: 'es',
  ita: 'it',
  rus: 'ru',
  por: 'pt',
  nld: 'nl',
  swe: 'sv',
  fin: 'fi',
  jpn: 'ja',
  tur: 'tr',
  nor: 'nb',
  ell: 'el',
  bul: 'bg',
  ind: 'id',
};
const INTO_POLISH = { eng: 'en' };

// ---- packages -------------------------------------------------------------------------------------------------
function ensurePackages() {
  const wanted = [
    ...Object.keys(POLISH_TO).map((l) => ({
      pkg: `dict-freedict-pol-${l}`,
      file: join(DICTD, `freedict-pol-${l}.index`),
    })),
    ...Object.keys(INTO_POLISH).map((l) => ({
      pkg: `dict-freedict-${l}-pol`,
      file: join(DICTD, `freedict-${l}-pol.index`),
    })),
    { pkg: 'libmorfologik-stemming-java', file: join(JAVA_DIR, 'morfologik-polish.jar') },
  ];
  const missing = wanted.filter((w) => !existsSync(w.file)).map((w) => w.pkg);
  let hasJava = true;
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
  } catch {
    hasJava = false;
    missing.push('default-jre-headless');
  }
  if (!missing.length) return;
  if (noInstall)
    throw new Error(`Missing Debian packages: ${missing.join(' ')} (run without --no-install, as root)`);
  console.log(`Installing ${missing.join(' ')} with apt-get ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  });
  if (!hasJava) execFileSync('java', ['-version'], { stdio: 'inherit' });
}

// ---- dictd ----------------------------------------------------------------------------------------------------
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const b64 = (s) => [...s].reduce((n, c) => n * 64 + B64.indexOf(c), 0);

/** Every entry of a dictd database: { headword, text }. The dict.dz file is dictzip, which gunzip reads whole. */
function readDictd(name) {
  const dict = gunzipSync(readFileSync(join(DICTD, `${name}.dict.dz`)));
  const out = [];
  const seen = new Set();
  let header = '';
  for (const line of readFileSync(join(DICTD, `${name}.index`), 'utf8').split('\n')) {
    const [headword, off, len] = line.split('\t');
    if (!headword || off === undefined) continue;
    const text = dict.subarray(b64(off), b64(off) + b64(len)).toString('utf8');
    if (headword.startsWith('00database') || headword.startsWith('00-database')) {
      if (headword === '00databaseinfo' || headword === '00-database-info') header = text;
      continue;
    }
    const key = `${off}:${len}`;
    if (seen.has(key)) continue; // dictd indexes one entry under several keys sometimes
    seen.add(key);
    out.push({ headword, text });
  }
  return { entries: out, header };
}

function headerField(header, name) {
  const m = new RegExp(`^${name}:\\s*(.+)$`, 'm').exec(header);
  return m ? m[1].trim() : undefined;
}

const POS = {
  n: 'noun',
  pn: 'proper noun',
  v: 'verb',
  adj: 'adjective',
  adv: 'adverb',
  interjection: 'interjection',
  idiom: 'idiom',
  proverb: 'proverb',
  particle: 'particle',
  pronoun: 'pronoun',
  preposition: 'preposition',
  conjunction: 'conjunction',
  suffix: 'suffix',
  prefix: 'prefix',
  acronym: 'acronym',
  abbreviation: 'abbreviation',
  numeral: 'numeral',
  cardinalNumeral: 'numeral',
  indefiniteCardinalNumeral: 'numeral',
  numeralFraction: 'numeral',
  personalPronoun: 'pronoun',
  indefinitePronoun: 'pronoun',
  interrogativePronoun: 'pronoun',
  possessiveAdjective: 'adjective',
  participleAdjective: 'adjective',
  modal: 'verb',
  symbol: 'symbol',
  collective: 'noun',
  phrase: 'phrase',
  // eng-pol (Piotrowski & Saloni)
  N: 'noun',
  V: 'verb',
  Adj: 'adjective',
  Adv: 'adverb',
  'V Phras': 'phrasal verb',
  Prep: 'preposition',
  Pron: 'pronoun',
  Conj: 'conjunction',
  Int: 'interjection',
  Num: 'numeral',
  Art: 'article',
  Aux: 'verb',
};
const posName = (p) => (p ? (POS[p] ?? POS[p.trim()] ?? p.trim().toLowerCase()) : '');

/** Register labels of WikDict's Polish glosses: such senses are listed after the ordinary ones. */
const MARKED =
  /^\((potocznie|przestarzałe|książkowy|przenośnie|dawniej|rzadki|wulgarnie|slangowo|żartobliwie|pogardliwie|regionalnie|gwarowo|środowiskowy|ironicznie|lekceważąco|obraźliwie|poetycki|neologizm|archaizm)\b/;

const cleanSense = (s) =>
  s
    .replace(/\s+\d+\.\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * A WikDict entry: "kot /kɔt/ <n>\n1. dust bunny\n(potocznie, potoczny) gloss\n2. cat\n(zoologia...) gloss".
 * Numbered lines at column 0 start senses (their target-language translations, comma separated); the lines after
 * each are the Polish definition, which we drop except to rank register-marked senses last.
 */
export function parseWikdict(headword, text) {
  const lines = text.split('\n').filter((l) => l.length > 0);
  const head = /^(.*?)((?:\s+\/[^/]*\/)*)(?:\s+<([^>]+)>)?\s*$/.exec(lines[0]) ?? [];
  const ipa =
    (head[2] ?? '')
      .trim()
      .split(/\s+(?=\/)/)[0]
      ?.replace(/^\/|\/$/g, '') || undefined;
  const senses = [];
  const body = lines.slice(1);
  const numbered = /^1\.\s/.test(body[0] ?? '');
  if (!numbered) {
    if (body[0] !== undefined) senses.push({ text: cleanSense(body[0]), gloss: body[1] ?? '' });
  } else {
    let next = 1;
    for (let i = 0; i < body.length; i++) {
      const m = /^(\d+)\.\s(.*)$/.exec(body[i]);
      if (m && Number(m[1]) === next) {
        next += 1;
        senses.push({ text: cleanSense(m[2]), gloss: body[i + 1] ?? '' });
      }
    }
  }
  const ordered = [
    ...senses.filter((s) => !MARKED.test(s.gloss)),
    ...senses.filter((s) => MARKED.test(s.gloss)),
  ];
  return {
    headword,
    pos: posName(head[3]),
    ipa,
    senses: [...new Set(ordered.map((s) => s.text).filter(Boolean))],
  };
}

/**
 * An entry of the Piotrowski & Saloni English-Polish dictionary: "walk /wɔ:k/\nI.  <V> 1.  chodzić, iść\n 2.  ...
 * \nII.  <N> 1. ...\nIII.  <V Phras>walk out  1. wychodzić". Roman numerals start a part of speech (phrasal verbs
 * become their own headword); idiom lines ("... (:from :all ...)") and their "- translation" lines are skipped.
 */
export function parseEngPol(headword, text) {
  const lines = text.split('\n').filter((l) => l.trim().length > 0);
  const head = /^(.*?)(?:\s+\/([^/]*)\/)?(?:\s+<([^>]+)>)?\s*$/.exec(lines[0]) ?? [];
  const groups = [];
  /** @type {{ headword: string, pos: string | undefined, ipa: string | undefined, senses: string[] }} */
  let cur = { headword, pos: posName(head[3]), ipa: head[2] || undefined, senses: [] };
  groups.push(cur);
  for (const raw of lines.slice(1)) {
    let line = raw;
    const roman = /^[IVX]+\.\s+<([^>]+)>\s*(.*)$/.exec(line);
    if (roman) {
      let rest = roman[2];
      let hw = headword;
      const phr = /^(.+?)\s{2,}(.*)$/.exec(rest);
      if (roman[1].includes('Phras') && phr) {
        hw = phr[1].trim();
        rest = phr[2];
      }
      cur = { headword: hw, pos: posName(roman[1]), ipa: hw === headword ? cur.ipa : undefined, senses: [] };
      groups.push(cur);
      line = rest;
    }
    if (/^\s*-\s/.test(line) || /\(:|``|\(\[|\bV:|\s:\w/.test(line)) continue;
    const s = line
      .replace(/^\s*\d+\.\s+/, '')
      .replace(/\s+/g, ' ')
      .trim();
    // compounds ("water lily /ˈwɔ:təlɪlɪ/ nenufar, lilia wodna") become their own headword
    const compound = /^([^/[]+?) \/([^/]+)\/ (.+)$/.exec(s);
    if (compound)
      groups.push({ headword: compound[1], pos: 'noun', ipa: compound[2], senses: [compound[3]] });
    else if (s) cur.senses.push(s);
  }
  return groups.filter((g) => g.senses.length).map((g) => ({ ...g, senses: [...new Set(g.senses)] }));
}

/** The installed Debian package version, recorded in the manifest so a rebuild can be compared. */
function packageVersion(pkg) {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
}

function writeGz(file, data) {
  const buf = gzipSync(Buffer.from(typeof data === 'string' ? data : JSON.stringify(data)), { level: 9 });
  writeFileSync(file, buf);
  return buf.length;
}

/** headword -> entries, as compact arrays [pos, senses, ipa?], sorted for reproducible output. */
function packEntries(entries) {
  const byHead = new Map();
  for (const e of entries) {
    if (!e.senses.length) continue;
    const list = byHead.get(e.headword) ?? [];
    list.push(e.ipa ? [e.pos, e.senses, e.ipa] : [e.pos, e.senses]);
    byHead.set(e.headword, list);
  }
  const sorted = [...byHead.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(sorted.map((k) => [k, byHead.get(k)]));
}

// ---- morphology -----------------------------------------------------------------------------------------------
/** Prefixes Morfologik's forms carry that their lemma lacks (negated participles and gerunds, superlatives). */
const FORM_PREFIXES = ['nie', 'naj'];

/**
 * How `form` is made from `lemma`, as one entry of a paradigm pattern (docs/content.md, "Tagged morphology"):
 * `[prefix^]<strip><suffix>`: remove `strip` characters from the end of the lemma, append `suffix`, and put
 * `prefix` in front. A form whose suffix would start with a digit is written literally, `=<form>`.
 */
export function formTransform(lemma, form) {
  let p = 0;
  while (p < form.length && p < lemma.length && form[p] === lemma[p]) p++;
  let best = { prefix: '', strip: lemma.length - p, suffix: form.slice(p), shared: p };
  for (const pre of FORM_PREFIXES) {
    if (!form.startsWith(pre) || lemma.startsWith(pre)) continue;
    const rest = form.slice(pre.length);
    let q = 0;
    while (q < rest.length && q < lemma.length && rest[q] === lemma[q]) q++;
    if (q > best.shared)
      best = { prefix: `${pre}^`, strip: lemma.length - q, suffix: rest.slice(q), shared: q };
  }
  return /^\d/.test(best.suffix) ? `=${form}` : `${best.prefix}${best.strip}${best.suffix}`;
}

const byCodeUnits = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The whole tagged Morfologik dictionary as paradigms: a table of tags, a table of patterns (a pattern is the list
 * of `transform:tagIds` entries one lemma's forms follow; lemmas of one inflection class share it), and one line per
 * lemma naming its pattern. Tag and pattern ids are in base 36, most used first; everything sorted, so the same
 * package gives the same bytes.
 * @param {Map<string, Map<string, Set<string>>>} tagged lemma -> form -> tags
 */
export function packParadigms(tagged) {
  const tagCount = new Map();
  for (const forms of tagged.values())
    for (const tags of forms.values()) for (const t of tags) tagCount.set(t, (tagCount.get(t) ?? 0) + 1);
  const tags = [...tagCount.keys()].sort((a, b) => tagCount.get(b) - tagCount.get(a) || byCodeUnits(a, b));
  const tagId = new Map(tags.map((t, i) => [t, i.toString(36)]));
  const lemmas = [...tagged.keys()].sort(byCodeUnits);
  const patternOf = new Map();
  const patternCount = new Map();
  for (const lemma of lemmas) {
    const entries = [];
    for (const [form, set] of tagged.get(lemma) ?? []) {
      const ids = [...set].map((t) => tagId.get(t) ?? '').sort((a, b) => parseInt(a, 36) - parseInt(b, 36));
      entries.push(`${formTransform(lemma, form)}:${ids.join('.')}`);
    }
    const pattern = entries.sort(byCodeUnits).join(' ');
    patternOf.set(lemma, pattern);
    patternCount.set(pattern, (patternCount.get(pattern) ?? 0) + 1);
  }
  const patterns = [...patternCount.keys()].sort(
    (a, b) => patternCount.get(b) - patternCount.get(a) || byCodeUnits(a, b),
  );
  const patternId = new Map(patterns.map((p, i) => [p, i.toString(36)]));
  let forms = 0;
  for (const f of tagged.values()) forms += f.size;
  const text = [
    `#pl-paradigms\t1\tMorfologik PoliMorf (libmorfologik-stemming-java), BSD-2-Clause: see data/dictionary/README.md`,
    `@tags\t${tags.length}`,
    ...tags,
    `@patterns\t${patterns.length}`,
    ...patterns,
    `@lemmas\t${lemmas.length}`,
    ...lemmas.map((l) => `${l}\t${patternId.get(patternOf.get(l))}`),
  ].join('\n');
  return { text: text + '\n', lemmas: lemmas.length, forms, tags: tags.length, patterns: patterns.length };
}

async function exportMorphology(lemmas) {
  const cp = MORFOLOGIK_JARS.map((j) => join(JAVA_DIR, j)).join(':');
  const child = spawn('java', ['-cp', cp, join(root, 'tools', 'build-dictionary', 'MorfologikExport.java')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const done = new Promise((res, rej) =>
    child.on('close', (code) => (code === 0 ? res(undefined) : rej(new Error(`java exited ${code}`)))),
  );
  const byLemma = new Map();
  /** @type {Map<string, Map<string, Set<string>>>} every (lemma, form, tag) of Morfologik */
  const tagged = new Map();
  let total = 0;
  for await (const line of createInterface({ input: child.stdout, crlfDelay: Infinity })) {
    total += 1;
    const [form, lemma, tag] = line.split('\t');
    if (form && lemma && tag) {
      let forms = tagged.get(lemma);
      if (!forms) tagged.set(lemma, (forms = new Map()));
      let set = forms.get(form);
      if (!set) forms.set(form, (set = new Set()));
      for (const t of tag.split('+')) set.add(t);
    }
    if (!form || !lemma || form === lemma || !lemmas.has(lemma) || /\s/.test(form)) continue;
    let forms = byLemma.get(lemma);
    if (!forms) byLemma.set(lemma, (forms = new Set()));
    forms.add(form);
  }
  await done;
  const sorted = [...byLemma.keys()].sort(byCodeUnits);
  let pairs = 0;
  const lines = sorted.map((l) => {
    const forms = [...byLemma.get(l)].sort();
    pairs += forms.length;
    return `${l}\t${forms.join(' ')}`;
  });
  return {
    text: lines.join('\n') + '\n',
    total,
    lemmas: sorted.length,
    pairs,
    paradigms: packParadigms(tagged),
  };
}

// ---- main -----------------------------------------------------------------------------------------------------
async function main() {
  ensurePackages();
  mkdirSync(outDir, { recursive: true });
  /**
   * @type {{ generatedBy: string, pairs: { file: string, bytes: number, [key: string]: unknown }[],
   *   morphology: Record<string, unknown> | null, paradigms: Record<string, unknown> | null }}
   */
  const manifest = {
    generatedBy: 'tools/build-dictionary.mjs',
    pairs: [],
    morphology: null,
    paradigms: null,
  };
  const polishHeadwords = new Set();

  for (const [fd, code] of Object.entries(POLISH_TO)) {
    const name = `freedict-pol-${fd}`;
    const { entries, header } = readDictd(name);
    const parsed = entries.map((e) => parseWikdict(e.headword, e.text));
    // IPA is kept for Polish -> English only (one copy is enough for the lesson popover)
    const packed = packEntries(code === 'en' ? parsed : parsed.map((p) => ({ ...p, ipa: undefined })));
    for (const k of Object.keys(packed)) polishHeadwords.add(k);
    const file = `pl-${code}.json.gz`;
    const edition = headerField(header, 'Edition');
    const bytes = writeGz(join(outDir, file), {
      source: 'pl',
      target: code,
      package: `dict-freedict-pol-${fd}`,
      edition,
      entries: packed,
    });
    manifest.pairs.push({
      source: 'pl',
      target: code,
      file,
      package: `dict-freedict-pol-${fd}`,
      packageVersion: packageVersion(`dict-freedict-pol-${fd}`),
      edition,
      headwords: Object.keys(packed).length,
      bytes,
    });
    console.log(`${file}: ${Object.keys(packed).length} headwords, ${(bytes / 1024).toFixed(0)} KiB`);
  }
  for (const [fd, code] of Object.entries(INTO_POLISH)) {
    const name = `freedict-${fd}-pol`;
    const { entries, header } = readDictd(name);
    const packed = packEntries(entries.flatMap((e) => parseEngPol(e.headword, e.text)));
    const file = `${code}-pl.json.gz`;
    const edition = headerField(header, 'Edition');
    const bytes = writeGz(join(outDir, file), {
      source: code,
      target: 'pl',
      package: `dict-freedict-${fd}-pol`,
      edition,
      entries: packed,
    });
    manifest.pairs.push({
      source: code,
      target: 'pl',
      file,
      package: `dict-freedict-${fd}-pol`,
      packageVersion: packageVersion(`dict-freedict-${fd}-pol`),
      edition,
      headwords: Object.keys(packed).length,
      bytes,
    });
    console.log(`${file}: ${Object.keys(packed).length} headwords, ${(bytes / 1024).toFixed(0)} KiB`);
  }

  const morph = await exportMorphology(polishHeadwords);
  const morphFile = 'pl-morphology.tsv.gz';
  const morphBytes = writeGz(join(outDir, morphFile), morph.text);
  manifest.morphology = {
    file: morphFile,
    package: 'libmorfologik-stemming-java',
    packageVersion: packageVersion('libmorfologik-stemming-java'),
    lemmas: morph.lemmas,
    forms: morph.pairs,
    bytes: morphBytes,
  };
  console.log(
    `${morphFile}: ${morph.pairs} forms of ${morph.lemmas} lemmas (of ${morph.total} Morfologik entries), ${(morphBytes / 1024).toFixed(0)} KiB`,
  );
  const paradigmFile = 'pl-paradigms.tsv.gz';
  const paradigmBytes = writeGz(join(outDir, paradigmFile), morph.paradigms.text);
  manifest.paradigms = {
    file: paradigmFile,
    package: 'libmorfologik-stemming-java',
    packageVersion: packageVersion('libmorfologik-stemming-java'),
    lemmas: morph.paradigms.lemmas,
    forms: morph.paradigms.forms,
    tags: morph.paradigms.tags,
    patterns: morph.paradigms.patterns,
    bytes: paradigmBytes,
  };
  console.log(
    `${paradigmFile}: ${morph.paradigms.forms} tagged forms of ${morph.paradigms.lemmas} lemmas, ${morph.paradigms.tags} tags, ${morph.paradigms.patterns} patterns, ${(paradigmBytes / 1024).toFixed(0)} KiB`,
  );

  manifest.pairs.sort((a, b) => a.file.localeCompare(b.file));
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  const total = manifest.pairs.reduce((n, p) => n + p.bytes, morphBytes + paradigmBytes);
  console.log(`total: ${(total / 1024 / 1024).toFixed(2)} MiB in ${outDir}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}

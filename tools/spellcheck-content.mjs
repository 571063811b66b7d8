#!/usr/bin/env node
// Spell-checks every Polish string of the content catalogue against the hunspell-pl dictionary (npm
// `dictionary-pl` with `nspell`): lessons (grammar example words included), podcast transcripts, and the forms in
// the tables of the grammar topics (content/grammar). Words on content/spelling-allowlist.txt (names, one per line)
// are accepted.
// Usage: node tools/spellcheck-content.mjs [file-or-dir ...]   (default: content/)
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import nspell from 'nspell';
import YAML from 'yaml';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dictDir = join(root, 'node_modules', 'dictionary-pl');
const spell = nspell(readFileSync(join(dictDir, 'index.aff')), readFileSync(join(dictDir, 'index.dic')));
// content/spelling-allowlist/*.txt: reviewed names and loanwords, one per line, '#' starts a comment.
const allowDir = join(root, 'content', 'spelling-allowlist');
const allow = new Set(
  (existsSync(allowDir) ? readdirSync(allowDir).filter((f) => f.endsWith('.txt')) : []).flatMap((f) =>
    readFileSync(join(allowDir, f), 'utf8')
      .split('\n')
      .map((l) => l.replace(/#.*/, '').trim())
      .filter(Boolean),
  ),
);

/** Polish strings of one content file. */
export function polishStrings(file) {
  const text = readFileSync(file, 'utf8');
  let data;
  if (file.endsWith('.md')) {
    const m = /^---\n([\s\S]*?)\n---\n?/.exec(text);
    data = m ? YAML.parse(m[1]) : {};
  } else data = YAML.parse(text);
  const out = [];
  if (file.endsWith('.md')) {
    for (const t of data.transcript ?? []) out.push(t.pl);
    return out;
  }
  if (/[\\/]grammar[\\/]/.test(file)) {
    // a grammar topic: the table's forms (not the English headers); endings written "-łam" are not words
    for (const row of data.table?.rows ?? []) {
      for (const cell of row.slice(1)) out.push(String(cell).replace(/(^|[\s/(,])-[\p{L}]+/gu, '$1'));
    }
    return out.filter((s) => typeof s === 'string');
  }
  out.push(data.title);
  for (const g of data.grammar ?? []) for (const e of g.examples ?? []) out.push(e.word);
  for (const p of data.paragraphs ?? []) for (const s of p.sentences) out.push(s.pl);
  for (const v of data.vocabulary ?? []) out.push(v.pl);
  for (const q of data.questions ?? []) out.push(q.question, ...q.options);
  for (const x of data.exercises ?? []) {
    out.push(
      x.text,
      x.answer,
      x.sentence,
      x.lemma,
      ...(x.words ?? []),
      ...(x.alsoCorrect ?? []),
      ...(x.options ?? []),
    );
  }
  return out.filter((s) => typeof s === 'string');
}

export function misspelled(strings) {
  const bad = new Set();
  for (const s of strings) {
    for (const word of s.match(/[\p{L}]+(?:-[\p{L}]+)*/gu) ?? []) {
      for (const part of word.split('-')) {
        if (allow.has(part) || spell.correct(part)) continue;
        bad.add(part);
      }
    }
  }
  return [...bad];
}

function walk(p) {
  if (statSync(p).isDirectory()) return readdirSync(p).flatMap((f) => walk(join(p, f)));
  return /\.(ya?ml|md)$/.test(p) &&
    !p.includes('/blog/') &&
    !p.includes('/lexicon/') &&
    !p.includes('/i18n/') && // translations: their Polish is a copy of the source files' (docs/content.md, "Translations")
    !p.includes('spelling-allowlist')
    ? [p]
    : [];
}

const targets = process.argv.slice(2);
const files = (targets.length ? targets : [join(root, 'content')]).flatMap((t) => walk(resolve(t)));
let failures = 0;
for (const f of files) {
  const bad = misspelled(polishStrings(f));
  if (bad.length) {
    failures += 1;
    console.log(`${f.replace(root + '/', '')}: ${bad.join(', ')}`);
  }
}
console.log(`${files.length} files checked, ${failures} with unknown words`);
process.exit(failures ? 1 : 0);

// Annotates every token of the catalogue (lesson sentences, podcast transcript lines) and writes the annotations
// the API ships: content/annotations/lessons/<hub>/<slug>.json and content/annotations/podcast/<slug>.json
// (docs/content.md, "Word annotations").
//
// Usage: npx tsx tools/annotate-content.ts [--check] [--coverage] [--strict] [--issues[=HUB]] [--prefill-lexicon]
//          [--why=HUB/SLUG#N] [--content DIR]
//   (no option)        write the annotation files
//   --check            write nothing; exit 1 when a file is missing, stale or different from what would be written
//   --coverage         print the coverage per hub (tokens with lemma, form and meaning; names count when named)
//   --strict           with --coverage: exit 1 on any uncovered token (the check npm test runs once it is 100 %)
//   --issues[=HUB]     list uncovered tokens and unresolved ambiguities (of one hub)
//   --why=HUB/SLUG#N   print every reading of every word of sentence N (1-based) with its score and reasons
//   --content DIR      another content folder (tests)
//   --prefill-lexicon  add machine-filled entries (status: machine) for the catalogue's lemmas the lexicon lacks,
//                      where the Polish-English dictionary has a sense; each in content/lexicon/<first hub>.yaml
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import YAML from 'yaml';
import {
  HUB_IDS,
  ZAnnotationFileSchema,
  tokenize,
  type TAnnotationFile,
  type TAnnotations,
  type TLexiconEntry,
  type TLessonFile,
  type TPodcastEpisodeFile,
} from '@polski/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own loader, by path
import { loadContentFile } from '../apps/api/src/modules/content/content-loader';
import { CONTENT_DIR, Dictionary, Morphology, cmp, loadLexicon } from './annotate/data';
import {
  annotateBlocks,
  dictionaryGlosses,
  type TBlockInput,
  type TContext,
  type TIssue,
  type TResult,
} from './annotate/engine';

export const ANNOTATIONS_DIR = join(CONTENT_DIR, 'annotations');

export interface TSource {
  /** hub id, or 'podcast' */
  group: string;
  slug: string;
  /** where its annotations live, relative to content/annotations */
  out: string;
  blocks: TBlockInput[];
}

/** Every annotated text of the catalogue: lesson sentences and podcast transcripts, in hub order. */
export function catalogueSources(contentDir = CONTENT_DIR): TSource[] {
  const sources: TSource[] = [];
  for (const hub of HUB_IDS) {
    const dir = join(contentDir, 'lessons', hub);
    if (!existsSync(dir)) continue;
    const lessons: TLessonFile[] = [];
    for (const f of readdirSync(dir)
      .filter((x) => x.endsWith('.yaml'))
      .sort()) {
      const r = loadContentFile(join(dir, f));
      if (r.ok && r.kind === 'lesson') lessons.push(r.data);
    }
    for (const l of lessons.sort((a, b) => a.order - b.order))
      sources.push({
        group: hub,
        slug: l.slug,
        out: `lessons/${hub}/${l.slug}.json`,
        blocks: lessonBlocks(l),
      });
  }
  const pod = join(contentDir, 'podcast');
  if (existsSync(pod))
    for (const f of readdirSync(pod)
      .filter((x) => x.endsWith('.md'))
      .sort()) {
      const r = loadContentFile(join(pod, f));
      if (r.ok && r.kind === 'podcast')
        sources.push({
          group: 'podcast',
          slug: r.data.slug,
          out: `podcast/${r.data.slug}.json`,
          blocks: podcastBlocks(r.data),
        });
    }
  return sources;
}

export const lessonBlocks = (l: TLessonFile): TBlockInput[] =>
  l.paragraphs.flatMap((p) => p.sentences.map((s) => ({ text: s.pl, en: s.en, words: s.words })));
export const podcastBlocks = (e: TPodcastEpisodeFile): TBlockInput[] =>
  e.transcript.map((t) => ({ text: t.pl, en: t.en, words: t.words }));

/** The fingerprint of the texts an annotation file was made from (ZAnnotationFileSchema `source`). */
export function sourceHash(texts: string[]): string {
  return createHash('sha256').update(texts.join('\n')).digest('hex').slice(0, 16);
}

let shared: TContext | undefined;
/** The morphology, dictionary and lexicon, loaded once per process (~3 s). */
export function annotationContext(contentDir = CONTENT_DIR): TContext {
  if (shared && contentDir === CONTENT_DIR) return shared;
  const lexicon = loadLexicon(join(contentDir, 'lexicon'));
  const ctx: TContext = { morph: Morphology.load(), dict: Dictionary.load(), lexicon };
  if (contentDir === CONTENT_DIR) shared = ctx;
  return ctx;
}

/** The file's text: one lexeme and one token per line, so a change reads as a small diff. */
export function formatAnnotationFile(file: TAnnotationFile): string {
  const a = file.annotations;
  const list = (items: unknown[], indent: string) =>
    items.length ? `[\n${items.map((x) => `${indent}  ${JSON.stringify(x)}`).join(',\n')}\n${indent}]` : '[]';
  const blocks = a.blocks.length
    ? `[\n${a.blocks.map((b) => `      ${list(b, '      ')}`).join(',\n')}\n    ]`
    : '[]';
  return `{
  "generatedBy": ${JSON.stringify(file.generatedBy)},
  "source": ${JSON.stringify(file.source)},
  "annotations": {
    "version": 1,
    "lexemes": ${list(a.lexemes, '    ')},
    "phrases": ${list(a.phrases, '    ')},
    "blocks": ${blocks}
  }
}
`;
}

export function annotationFile(source: TSource, result: TResult): TAnnotationFile {
  return {
    generatedBy: 'tools/annotate-content.ts',
    source: sourceHash(source.blocks.map((b) => b.text)),
    annotations: result.annotations,
  };
}

export interface THubCoverage {
  group: string;
  tokens: number;
  covered: number;
  names: number;
  ambiguous: number;
}

export function coverageOf(results: { source: TSource; result: TResult }[]): THubCoverage[] {
  const by = new Map<string, THubCoverage>();
  for (const { source, result } of results) {
    const c = by.get(source.group) ?? { group: source.group, tokens: 0, covered: 0, names: 0, ambiguous: 0 };
    for (const b of result.coverage)
      for (const t of b) {
        c.tokens += 1;
        if (t !== 'uncovered') c.covered += 1;
        if (t === 'name') c.names += 1;
      }
    c.ambiguous += result.issues.filter((i) => i.kind === 'ambiguous').length;
    by.set(source.group, c);
  }
  return [...by.values()];
}

export function formatCoverage(rows: THubCoverage[]): string {
  const pct = (n: number, d: number) => (d ? ((100 * n) / d).toFixed(1) : '100.0');
  const lines = ['hub                   tokens  covered  (names)  coverage  unresolved-ambiguity'];
  let t = 0;
  let c = 0;
  for (const r of rows) {
    t += r.tokens;
    c += r.covered;
    lines.push(
      `${r.group.padEnd(20)} ${String(r.tokens).padStart(7)} ${String(r.covered).padStart(8)} ${String(r.names).padStart(8)}  ${pct(r.covered, r.tokens).padStart(7)} %  ${String(r.ambiguous).padStart(6)}`,
    );
  }
  lines.push(
    `${'all'.padEnd(20)} ${String(t).padStart(7)} ${String(c).padStart(8)} ${''.padStart(8)}  ${pct(c, t).padStart(7)} %`,
  );
  return lines.join('\n');
}

/** Annotates every source of the catalogue. */
export function annotateCatalogue(contentDir = CONTENT_DIR): { source: TSource; result: TResult }[] {
  const ctx = annotationContext(contentDir);
  const sources = catalogueSources(contentDir);
  // one pass over the morphology for every word of the catalogue
  ctx.morph.prepare(
    sources.flatMap((s) =>
      s.blocks.flatMap((b) =>
        tokenize(b.text).flatMap((t) => (t.kind === 'word' ? [t.text, t.text.toLowerCase()] : [])),
      ),
    ),
  );
  return sources.map((source) => ({ source, result: annotateBlocks(source.blocks, ctx) }));
}

export function describeIssue(source: TSource, i: TIssue): string {
  const text = source.blocks[i.block]?.text ?? '';
  return `${source.group}/${source.slug} #${i.block + 1} ${i.kind} "${i.word}": ${i.detail}\n    ${text}`;
}

// ---- lexicon pre-fill -----------------------------------------------------------------------------------------
/** Machine entries for lemmas of the annotations that the lexicon lacks and the dictionary can gloss. */
export function prefillLexicon(
  results: { source: TSource; result: TResult }[],
  ctx: TContext,
): Map<string, Record<string, TLexiconEntry>> {
  const files = new Map<string, Record<string, TLexiconEntry>>();
  const done = new Set<string>(ctx.lexicon.entries.keys());
  for (const { source, result } of results) {
    const a = result.annotations;
    for (const lx of a.lexemes) {
      if (done.has(lx.lemma) || lx.pos === 'number' || lx.pos === 'name') continue;
      const senses = machineSenses(ctx, lx.lemma, lx.pos);
      if (!senses.length) continue;
      done.add(lx.lemma);
      const entry: TLexiconEntry = { pos: lx.pos as TLexiconEntry['pos'], senses, status: 'machine' };
      if (lx.pos === 'noun' && lx.gender) entry.gender = lx.gender as TLexiconEntry['gender'];
      if (lx.pos === 'verb' && lx.aspect) entry.aspect = lx.aspect;
      const file = source.group === 'podcast' ? 'podcast' : source.group;
      const rec = files.get(file) ?? {};
      rec[lx.lemma] = entry;
      files.set(file, rec);
    }
  }
  return files;
}

/** Up to three short senses from the dictionary, most agreed-on first; verbs as "to ...". */
export function machineSenses(ctx: TContext, lemma: string, pos: string): string[] {
  const entries = ctx.dict.get(lemma);
  const wanted: Record<string, string[]> = {
    noun: ['noun'],
    verb: ['verb'],
    adjective: ['adjective'],
    adverb: ['adverb'],
    pronoun: ['pronoun', 'adjective', 'noun'],
    preposition: ['preposition'],
    conjunction: ['conjunction'],
    numeral: ['numeral'],
    particle: ['particle', 'adverb', 'conjunction'],
    interjection: ['interjection'],
    predicative: ['adverb', 'verb'],
    phrase: ['phrase', 'interjection', 'idiom'],
  };
  const use = entries.filter((e) => (wanted[pos] ?? [pos]).includes(e.pos));
  const senses = use.flatMap((e) => e.senses);
  const glosses = dictionaryGlosses(senses, pos);
  if (!glosses.length) return [];
  // each dictionary sense as one of ours: its best two items, ranked by the best item's place
  const rank = new Map(glosses.map((g, i) => [g, i]));
  const ours = senses
    .map((s) =>
      dictionaryGlosses([s], pos)
        .sort((x, y) => (rank.get(x) ?? 99) - (rank.get(y) ?? 99))
        .slice(0, 2),
    )
    .filter((x) => x.length)
    .sort((x, y) => (rank.get(x[0]) ?? 99) - (rank.get(y[0]) ?? 99));
  const out: string[] = [];
  for (const s of ours) {
    const text = s.join(', ');
    if (!out.includes(text) && !out.some((o) => o.split(', ')[0] === s[0])) out.push(text);
    if (out.length === 3) break;
  }
  return out;
}

/** A lexicon file's text: lemmas in Polish alphabetical order, one block each. */
export function formatLexicon(entries: Record<string, TLexiconEntry>): string {
  const keys = Object.keys(entries).sort((a, b) => a.localeCompare(b, 'pl') || cmp(a, b));
  const doc = new YAML.Document(Object.fromEntries(keys.map((k) => [k, entries[k]])));
  return YAML.stringify(doc, { lineWidth: 0, flowCollectionPadding: false })
    .replace(/^(?=\S)/gm, '\n')
    .trimStart();
}

// ---- main -----------------------------------------------------------------------------------------------------
function main(): number {
  const args = process.argv.slice(2);
  const has = (a: string) => args.some((x) => x === a || x.startsWith(`${a}=`));
  const contentDir = args.includes('--content') ? resolve(args[args.indexOf('--content') + 1]) : CONTENT_DIR;
  const annotationsDir = join(contentDir, 'annotations');
  const ctx = annotationContext(contentDir);
  for (const p of ctx.lexicon.problems) console.error(p);
  if (ctx.lexicon.problems.length) return 1;
  const results = annotateCatalogue(contentDir);

  const whyArg = args.find((a) => a.startsWith('--why='));
  if (whyArg) {
    const [, key, n] = /^--why=([^#]+)#(\d+)$/.exec(whyArg) ?? [];
    const found = results.find(({ source }) => `${source.group}/${source.slug}` === key);
    const block = found?.source.blocks[Number(n) - 1];
    if (!block) {
      console.error(`no sentence ${n} in ${key}`);
      return 1;
    }
    annotateBlocks([block], {
      ...ctx,
      debug: (states) => {
        for (const s of states) {
          console.log(`${s.token.text}${s.chosen ? ` -> ${s.chosen.lemma} ${s.chosen.tag}` : ''}`);
          for (const r of [...s.readings].sort((a, b) => b.score - a.score))
            console.log(`    ${String(r.score).padStart(5)} ${r.lemma} ${r.tag}  ${r.why.join('; ')}`);
        }
      },
    });
    return 0;
  }

  if (has('--prefill-lexicon')) {
    const files = prefillLexicon(results, ctx);
    const dir = join(contentDir, 'lexicon');
    mkdirSync(dir, { recursive: true });
    let n = 0;
    for (const [file, entries] of files) {
      const path = join(dir, `${file}.yaml`);
      const existing = existsSync(path)
        ? ((YAML.parse(readFileSync(path, 'utf8')) ?? {}) as Record<string, TLexiconEntry>)
        : {};
      n += Object.keys(entries).length;
      writeFileSync(path, lexiconHeader(file) + formatLexicon({ ...existing, ...entries }));
    }
    console.log(`${n} machine entries added; run again without --prefill-lexicon to annotate with them`);
    return 0;
  }

  let stale = 0;
  for (const { source, result } of results) {
    const path = join(annotationsDir, source.out);
    const text = formatAnnotationFile(annotationFile(source, result));
    if (has('--check')) {
      const now = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
      if (now !== text) {
        stale += 1;
        console.log(`${relative(process.cwd(), path)}: ${now === undefined ? 'missing' : 'out of date'}`);
      }
    } else if (!has('--coverage') && !has('--issues')) {
      mkdirSync(dirname(path), { recursive: true });
      const now = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
      if (now !== text) writeFileSync(path, text);
    }
  }
  if (has('--check')) {
    console.log(
      stale
        ? `${stale} annotation files out of date: run npx tsx tools/annotate-content.ts`
        : 'annotations up to date',
    );
    if (stale) return 1;
  }
  const issuesArg = args.find((a) => a.startsWith('--issues'));
  if (issuesArg) {
    const only = issuesArg.split('=')[1];
    for (const { source, result } of results) {
      if (only && source.group !== only) continue;
      for (const i of result.issues) console.log(describeIssue(source, i));
    }
  }
  const rows = coverageOf(results);
  if (has('--coverage') || !has('--check')) console.log(formatCoverage(rows));
  if (has('--strict') && rows.some((r) => r.covered < r.tokens)) {
    console.log('uncovered tokens: see --issues');
    return 1;
  }
  return 0;
}

function lexiconHeader(file: string): string {
  return `# Lemma lexicon (docs/content.md, "The lexicon"): lemmas first met in ${file === 'podcast' ? 'the podcast' : `the hub ${file}`}.
# status: machine = pre-filled from the Polish-English dictionary, not yet reviewed; reviewed = checked by an editor.
`;
}

// run as a script (tsx runs the tools as CommonJS), not when a test imports it
if (require.main === module) process.exitCode = main();

/** For tests: parse an annotation file. */
export function readAnnotationFile(path: string): TAnnotationFile {
  return ZAnnotationFileSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}
export type { TAnnotations };

// The vocabulary lists' rule (docs/content.md, "Word frequency and the vocabulary list"): every content word of a
// lesson above the lesson's level is in its list, nouns with their gender, verbs with their aspect and partner.
//
// Usage: npx tsx tools/vocabulary-lists.ts [--fix] [--content DIR]
//   (no option)  print per hub the hard words and what is missing; exit 1 when anything is
//   --fix        add the missing words to the lists (in the order the text first uses them, with the meaning the
//                annotations give in that lesson) and the missing gender, aspect and partner of listed words
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';
import {
  HUB_IDS,
  ZAnnotationFileSchema,
  type TAnnotations,
  type TCefrLevel,
  type TLexeme,
  type TLexiconEntry,
  type TVocabularyItem,
} from '@polski/contracts';
import { CONTENT_DIR, loadLexicon } from './annotate/data';
import { catalogueSources } from './annotate-content';
import { loadFrequency } from './build-frequency';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own loader, by path
import { loadContentFile } from '../apps/api/src/modules/content/content-loader';

/**
 * How many of the most frequent lemmas a learner at each level is taken to know: the upper ends of the vocabulary
 * sizes Milton and Alexiou (2009) measured for learners at each CEFR level (A1 under 1,500; A2 1,500-2,500; B1
 * 2,750-3,250; B2 3,250-3,750 of the 5,000 most frequent words).
 */
export const LEVEL_VOCABULARY: Record<TCefrLevel, number> = { A1: 1500, A2: 2500, B1: 3250, B2: 3750 };

/** The parts of speech the rule grades: content words (closed classes are taught by grammar, not by lists). */
export const GRADED_POS = new Set(['noun', 'verb', 'adjective', 'adverb', 'predicative']);

/** A lemma's frequency rank (a reflexive verb by its verb); Infinity when the list does not have it. */
export function lemmaRank(ranks: Map<string, number>, lemma: string): number {
  return ranks.get(lemma) ?? ranks.get(lemma.replace(/ się$/, '')) ?? Infinity;
}

export interface THardWord {
  lemma: string;
  pos: string;
  rank: number;
  /** the meaning in this lesson (the first use's own meaning, else the lexeme's) */
  meaning: string;
  gender?: string;
  aspect?: string;
  partner?: string;
}

/** The lesson's content words above its level, in the order the text first uses them. */
export function hardWords(
  level: TCefrLevel,
  annotations: TAnnotations,
  ranks: Map<string, number>,
): THardWord[] {
  const limit = LEVEL_VOCABULARY[level];
  const seen = new Map<number, THardWord>();
  for (const block of annotations.blocks)
    for (const token of block) {
      if (seen.has(token.lexeme)) continue;
      const x: TLexeme = annotations.lexemes[token.lexeme];
      if (!GRADED_POS.has(x.pos)) continue;
      const rank = lemmaRank(ranks, x.lemma);
      if (rank <= limit) continue;
      seen.set(token.lexeme, {
        lemma: x.lemma,
        pos: x.pos === 'predicative' ? 'adverb' : x.pos,
        rank,
        // a verb is listed by its infinitive, so a meaning for the form ("died down") gives way to the lemma's
        meaning:
          token.meaning && (x.pos !== 'verb' || token.meaning.startsWith('to ')) ? token.meaning : x.meaning,
        ...(x.gender ? { gender: x.gender } : {}),
        ...(x.aspect ? { aspect: x.aspect } : {}),
        ...(x.partner ? { partner: x.partner } : {}),
      });
    }
  return [...seen.values()];
}

/** A list item covers a lemma when it is the lemma, or a phrase with the lemma as one of its words. */
export function covers(item: Pick<TVocabularyItem, 'pl'>, lemma: string): boolean {
  const pl = item.pl.toLowerCase();
  const l = lemma.toLowerCase();
  return pl === l || pl.split(/[\s,;/()]+/).includes(l);
}

export interface TLessonVocabulary {
  hub: string;
  slug: string;
  file: string;
  level: TCefrLevel;
  vocabulary: TVocabularyItem[];
  hard: THardWord[];
  missing: THardWord[];
  /** listed nouns without a gender, verbs without an aspect, or with ones the annotations contradict */
  problems: string[];
  /** the gender, aspect and partner a listed word should carry (by list index), where they are known */
  grammar: Map<number, Pick<TVocabularyItem, 'gender' | 'aspect' | 'partner'>>;
}

/** What is known of a lemma's gender, aspect and partner: the lesson's annotations, the catalogue's, the lexicon. */
export function grammarIndex(
  lessonLexemes: TLexeme[],
  catalogueLexemes: TLexeme[],
  lexicon: Map<string, TLexiconEntry>,
): (lemma: string, pos: string) => Pick<TVocabularyItem, 'gender' | 'aspect' | 'partner'> | undefined {
  return (lemma, pos) => {
    const from =
      lessonLexemes.find((x) => x.lemma === lemma && x.pos === pos) ??
      catalogueLexemes.find((x) => x.lemma === lemma && x.pos === pos) ??
      (lexicon.get(lemma)?.pos === pos ? lexicon.get(lemma) : undefined);
    if (!from) return undefined;
    if (pos === 'noun') return from.gender ? { gender: from.gender as TVocabularyItem['gender'] } : undefined;
    if (pos === 'verb')
      return from.aspect
        ? { aspect: from.aspect, ...(from.partner ? { partner: from.partner } : {}) }
        : undefined;
    return undefined;
  };
}

/** Every lesson's list against its hard words. */
export function checkVocabulary(contentDir = CONTENT_DIR): TLessonVocabulary[] {
  const ranks = loadFrequency();
  const lexicon: Map<string, TLexiconEntry> = loadLexicon(join(contentDir, 'lexicon')).entries;
  const lessons: {
    hub: string;
    slug: string;
    file: string;
    level: TCefrLevel;
    vocabulary: TVocabularyItem[];
    a: TAnnotations;
  }[] = [];
  for (const source of catalogueSources(contentDir)) {
    if (source.group === 'podcast') continue;
    const file = join(contentDir, 'lessons', source.group, `${source.slug}.yaml`);
    const r = loadContentFile(file);
    if (!r.ok || r.kind !== 'lesson') throw new Error(`${file} does not load`);
    const a = ZAnnotationFileSchema.parse(
      JSON.parse(readFileSync(join(contentDir, 'annotations', source.out), 'utf8')),
    ).annotations;
    lessons.push({
      hub: source.group,
      slug: source.slug,
      file,
      level: r.data.level,
      vocabulary: r.data.vocabulary,
      a,
    });
  }
  const catalogueLexemes = lessons.flatMap((l) => l.a.lexemes);
  return lessons.map((l) => {
    const hard = hardWords(l.level, l.a, ranks);
    const missing = hard.filter((h) => !l.vocabulary.some((v) => covers(v, h.lemma)));
    const known = grammarIndex(l.a.lexemes, catalogueLexemes, lexicon);
    const problems: string[] = [];
    const grammar = new Map<number, Pick<TVocabularyItem, 'gender' | 'aspect' | 'partner'>>();
    l.vocabulary.forEach((v, i) => {
      if (v.pos !== 'noun' && v.pos !== 'verb') return;
      const should = known(v.pl, v.pos);
      if (should) grammar.set(i, should);
      if (v.pos === 'noun' && !v.gender) problems.push(`${v.pl}: a noun without its gender`);
      if (v.pos === 'verb' && !v.aspect) problems.push(`${v.pl}: a verb without its aspect`);
      if (!should) return;
      for (const key of ['gender', 'aspect', 'partner'] as const)
        if (v[key] && should[key] && v[key] !== should[key])
          problems.push(`${v.pl}: ${key} "${v[key]}", the annotations say "${should[key]}"`);
      if (v.pos === 'verb' && should.partner && !v.partner)
        problems.push(`${v.pl}: a verb without its aspect partner (${should.partner})`);
    });
    return {
      hub: l.hub,
      slug: l.slug,
      file: l.file,
      level: l.level,
      vocabulary: l.vocabulary,
      hard,
      missing,
      problems,
      grammar,
    };
  });
}

const scalar = (s: string) => YAML.stringify(s, { lineWidth: 0 }).trimEnd();

/** The lesson file with the missing words added and the listed words' gender, aspect and partner filled in. */
export function fixLessonText(text: string, lesson: TLessonVocabulary): string {
  const lines = text.split('\n');
  const start = lines.indexOf('vocabulary:');
  if (start < 0) throw new Error(`${lesson.file}: no vocabulary section`);
  let end = start + 1;
  while (end < lines.length && !/^\S/.test(lines[end])) end++;
  while (end > start + 1 && lines[end - 1] === '') end--;
  const section = lines.slice(start + 1, end);
  const items: string[][] = [];
  for (const line of section) {
    if (line.startsWith('  - ')) items.push([line]);
    else items[items.length - 1].push(line);
  }
  if (items.length !== lesson.vocabulary.length)
    throw new Error(`${lesson.file}: unexpected vocabulary layout`);
  const extra = (fields: Pick<TVocabularyItem, 'gender' | 'aspect' | 'partner'>, item?: TVocabularyItem) =>
    (['gender', 'aspect', 'partner'] as const)
      .filter((k) => fields[k] && !item?.[k])
      .map((k) => `    ${k}: ${scalar(fields[k]!)}`);
  const out = items.map((item, i) => [...item, ...extra(lesson.grammar.get(i) ?? {}, lesson.vocabulary[i])]);
  for (const h of lesson.missing) {
    const fields = {
      ...(h.pos === 'noun' && h.gender ? { gender: h.gender as TVocabularyItem['gender'] } : {}),
      ...(h.pos === 'verb' && h.aspect ? { aspect: h.aspect as TVocabularyItem['aspect'] } : {}),
      ...(h.pos === 'verb' && h.partner ? { partner: h.partner } : {}),
    };
    out.push([
      `  - pl: ${scalar(h.lemma)}`,
      `    pos: ${h.pos}`,
      `    en: ${scalar(h.meaning)}`,
      ...extra(fields),
    ]);
  }
  return [...lines.slice(0, start + 1), ...out.flat(), ...lines.slice(end)].join('\n');
}

if (require.main === module) {
  const at = process.argv.indexOf('--content');
  const contentDir = at > 0 ? process.argv[at + 1] : CONTENT_DIR;
  const report = checkVocabulary(contentDir);
  if (process.argv.includes('--fix')) {
    for (const lesson of report) {
      const text = readFileSync(lesson.file, 'utf8');
      const fixed = fixLessonText(text, lesson);
      if (fixed !== text) writeFileSync(lesson.file, fixed);
    }
    console.log('vocabulary lists updated: run again to check');
  } else {
    let failed = false;
    for (const hub of HUB_IDS) {
      const of = report.filter((l) => l.hub === hub);
      const hard = of.reduce((n, l) => n + l.hard.length, 0);
      const missing = of.reduce((n, l) => n + l.missing.length, 0);
      const problems = of.reduce((n, l) => n + l.problems.length, 0);
      console.log(
        `${hub.padEnd(22)} ${String(of.length).padStart(3)} lessons, ${String(hard).padStart(4)} hard words, ${missing} missing, ${problems} problems`,
      );
      for (const l of of) {
        if (l.missing.length) console.log(`  ${l.slug}: missing ${l.missing.map((m) => m.lemma).join(', ')}`);
        for (const p of l.problems) console.log(`  ${l.slug}: ${p}`);
      }
      failed ||= missing + problems > 0;
    }
    process.exit(failed ? 1 : 0);
  }
}

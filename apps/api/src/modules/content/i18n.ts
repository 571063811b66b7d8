import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CORE_SCHEMA, load } from 'js-yaml';
import { parse } from 'yaml';
import {
  CONTENT_LANGUAGES,
  ZI18nFileSchema,
  ZI18nManifestSchema,
  type TAnnotations,
  type TBlogPostFile,
  type TGrammarNote,
  type TGrammarTopicFile,
  type TI18nFile,
  type TI18nManifest,
  type TLessonFile,
  type TPodcastEpisodeFile,
} from '@polski/contracts';

/**
 * Translations of the content (docs/content.md, "Translations"): which texts of a source file are translatable
 * (its units, each with a key and the hash of its source), and the translations of content/i18n as the API uses
 * them. The skeleton tool, the gates and the API all take the units from here, so they agree on keys and hashes.
 */

/** One translatable text of a source file. */
export interface TUnit {
  key: string;
  /** Short hash of what a translation is made from: the Polish where there is Polish, else the English. */
  src: string;
  pl?: string;
  en: string;
}

export const srcHash = (...parts: string[]): string =>
  createHash('sha256').update(parts.join('\n'), 'utf8').digest('hex').slice(0, 8);

export const I18N_DIR = 'i18n';
export const i18nFilePath = (contentDir: string, lang: string, id: string) =>
  join(contentDir, I18N_DIR, lang, `${id}.yaml`);

/** The keys of an annotation set's meanings: `word.<lemma>.<n>` (n-th distinct meaning of the lemma) and phrases. */
export function meaningKeys(ann: TAnnotations | undefined): { words: Map<string, TUnit>; phrases: Map<string, TUnit> } {
  const words = new Map<string, TUnit>();
  const phrases = new Map<string, TUnit>();
  if (!ann) return { words, phrases };
  const perLemma = new Map<string, number>();
  const add = (lemma: string, meaning: string) => {
    const id = `${lemma}\n${meaning}`;
    if (words.has(id)) return;
    const n = (perLemma.get(lemma) ?? 0) + 1;
    perLemma.set(lemma, n);
    words.set(id, { key: `word.${lemma}.${n}`, src: srcHash(lemma, meaning), pl: lemma, en: meaning });
  };
  for (const l of ann.lexemes) add(l.lemma, l.meaning);
  for (const block of ann.blocks)
    for (const t of block) if (t.meaning) add(ann.lexemes[t.lexeme].lemma, t.meaning);
  for (const p of ann.phrases)
    if (!phrases.has(p.text))
      phrases.set(p.text, { key: `phrase.${p.text}`, src: srcHash(p.text, p.meaning), pl: p.text, en: p.meaning });
  return { words, phrases };
}

function annotationUnits(ann: TAnnotations | undefined): TUnit[] {
  const { words, phrases } = meaningKeys(ann);
  return [...words.values(), ...phrases.values()];
}

/** The key of each vocabulary item: `vocab.<pl>`, `vocab.<pl>#2` for a second item with the same word. */
export function vocabularyKeys(lesson: TLessonFile): string[] {
  const seen = new Map<string, number>();
  return lesson.vocabulary.map((v) => {
    const n = (seen.get(v.pl) ?? 0) + 1;
    seen.set(v.pl, n);
    return n === 1 ? `vocab.${v.pl}` : `vocab.${v.pl}#${n}`;
  });
}

export function lessonUnits(lesson: TLessonFile, ann: TAnnotations | undefined): TUnit[] {
  const out: TUnit[] = [
    { key: 'title', src: srcHash(lesson.title), pl: lesson.title, en: lesson.titleEn },
    { key: 'summary', src: srcHash(lesson.summary), en: lesson.summary },
  ];
  lesson.paragraphs.forEach((p, i) =>
    p.sentences.forEach((s, j) => out.push({ key: `p${i}.s${j}`, src: srcHash(s.pl), pl: s.pl, en: s.en })),
  );
  const vk = vocabularyKeys(lesson);
  lesson.vocabulary.forEach((v, i) => out.push({ key: vk[i], src: srcHash(v.pl, v.en), pl: v.pl, en: v.en }));
  lesson.questions.forEach((q, i) =>
    out.push({ key: `q${i}`, src: srcHash(q.question), pl: q.question, en: q.questionEn }),
  );
  for (const g of lesson.grammar ?? [])
    g.examples.forEach((x, k) =>
      out.push({ key: `grammar.${g.topic}.${k}`, src: srcHash(x.sentence, x.word, x.en), pl: x.word, en: x.en }),
    );
  return [...out, ...annotationUnits(ann)];
}

export function grammarUnits(topic: TGrammarTopicFile): TUnit[] {
  const en = (key: string, text: string): TUnit => ({ key, src: srcHash(text), en: text });
  return [
    en('title', topic.title),
    en('explanation', topic.explanation),
    en('caption', topic.table.caption),
    ...topic.table.columns.map((c, i) => en(`col.${i}`, c)).filter((u) => u.en.trim() !== ''),
    ...topic.table.rows.map((r, i) => en(`row.${i}`, r[0])),
  ];
}

export function episodeUnits(data: TPodcastEpisodeFile, body: string, ann: TAnnotations | undefined): TUnit[] {
  return [
    { key: 'title', src: srcHash(data.title), en: data.title },
    { key: 'description', src: srcHash(data.description), en: data.description },
    ...data.transcript.map((l, i) => ({ key: `line.${i}`, src: srcHash(l.pl), pl: l.pl, en: l.en })),
    { key: 'notes', src: srcHash(body), en: body },
    ...annotationUnits(ann),
  ];
}

export function postUnits(data: TBlogPostFile): TUnit[] {
  return [
    { key: 'title', src: srcHash(data.title), en: data.title },
    { key: 'description', src: srcHash(data.description), en: data.description },
  ];
}

// ---- reading the files ----------------------------------------------------------------------------------------

export function loadManifest(contentDir: string): TI18nManifest {
  const file = join(contentDir, I18N_DIR, 'languages.yaml');
  if (!existsSync(file)) return {};
  return ZI18nManifestSchema.parse(parse(readFileSync(file, 'utf8')) ?? {});
}

/** The language directories present under content/i18n. */
export function languageDirs(contentDir: string): string[] {
  const dir = join(contentDir, I18N_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => statSync(join(dir, f)).isDirectory())
    .sort();
}

/**
 * Reads one translation file (`rel`: its path under content/i18n, for messages) and checks its shape, language and
 * source: the file, or the problems that keep it from being used.
 */
function readI18nFile(
  path: string,
  rel: string,
  lang: string,
  id: string,
): { file?: TI18nFile; problems: string[] } {
  let raw: unknown;
  try {
    // js-yaml, about 8 times faster than `yaml` on these files (hundreds per language: docs/performance.md,
    // "Loading the catalogue"); the YAML 1.2 core schema, as `yaml` reads them (no dates, no YAML 1.1 booleans)
    raw = load(readFileSync(path, 'utf8'), { schema: CORE_SCHEMA, filename: rel });
  } catch (e) {
    return { problems: [`${rel}: not valid YAML: ${(e as Error).message.split('\n')[0]}`] };
  }
  const r = ZI18nFileSchema.safeParse(raw);
  if (!r.success)
    return { problems: r.error.issues.map((i) => `${rel}: ${i.path.join('.') || '(file)'}: ${i.message}`) };
  const problems: string[] = [];
  if (r.data.lang !== lang) problems.push(`${rel}: lang is ${r.data.lang}, but the file is under ${lang}/`);
  if (r.data.source !== id) problems.push(`${rel}: source is ${r.data.source}, but the file is ${id}.yaml`);
  return { file: r.data, problems };
}

/** One translation file of `lang` for source `id`, when it exists and is valid (else undefined: the gates report it). */
export function readTranslationFile(contentDir: string, lang: string, id: string): TI18nFile | undefined {
  const path = i18nFilePath(contentDir, lang, id);
  if (!existsSync(path)) return undefined;
  const { file, problems } = readI18nFile(path, `${lang}/${id}.yaml`, lang, id);
  return problems.length ? undefined : file;
}

/** The translation files of one language by id, with their parse problems. */
export function readLanguage(
  contentDir: string,
  lang: string,
): { files: Map<string, TI18nFile>; problems: string[] } {
  const root = join(contentDir, I18N_DIR, lang);
  const files = new Map<string, TI18nFile>();
  const problems: string[] = [];
  const walk = (p: string): string[] =>
    statSync(p).isDirectory() ? readdirSync(p).flatMap((f) => walk(join(p, f))) : [p];
  if (!existsSync(root)) return { files, problems };
  for (const path of walk(root)) {
    const rel = relative(join(contentDir, I18N_DIR), path);
    if (!path.endsWith('.yaml')) {
      problems.push(`${rel}: not a translation file (expected <id>.yaml)`);
      continue;
    }
    const id = relative(root, path).slice(0, -'.yaml'.length).split('\\').join('/');
    const read = readI18nFile(path, rel, lang, id);
    problems.push(...read.problems);
    if (read.file) files.set(id, read.file);
  }
  return { files, problems };
}

/** The usable texts of one translation file: key -> text, only entries whose source hash is current. */
export function usableTexts(file: TI18nFile, units: readonly TUnit[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const u of units) {
    const e = file.entries[u.key];
    if (e && e.src === u.src && e.status !== 'missing' && e.text.trim()) texts.set(u.key, e.text);
  }
  return texts;
}

/**
 * The usable translations (machine or reviewed, not stale) of one source file into `lang`, read from
 * content/i18n/<lang>/<id>.yaml; undefined when the file is absent, unreadable (the gates in npm test fail on it) or
 * has no usable text. A stale or missing entry is simply not there, so the reader gets the English of that text.
 * `lang` must be one of CONTENT_LANGUAGES and `id` a source of the catalogue (the caller's `units`): nothing else
 * reaches the file system.
 */
export function loadFileTranslations(
  contentDir: string,
  lang: string,
  id: string,
  units: readonly TUnit[],
): Map<string, string> | undefined {
  if (!(CONTENT_LANGUAGES as readonly string[]).includes(lang)) return undefined;
  const path = i18nFilePath(contentDir, lang, id);
  if (!existsSync(path)) return undefined;
  const { file, problems } = readI18nFile(path, `${lang}/${id}.yaml`, lang, id);
  if (!file || problems.length) return undefined;
  const texts = usableTexts(file, units);
  return texts.size ? texts : undefined;
}

// ---- localising an answer ---------------------------------------------------------------------------------------

/** Looks texts up in one file's translations and records the keys that fell back to English. */
export class Localiser {
  private readonly missed = new Set<string>();
  constructor(
    private readonly texts: Map<string, string> | undefined,
    private readonly prefix = '',
  ) {}
  t(key: string, en: string): string {
    const text = this.texts?.get(key);
    if (text !== undefined) return text;
    this.missed.add(this.prefix + key);
    return en;
  }
  /** The keys that fell back to English, each once, in the order met. */
  get fallback(): string[] {
    return [...this.missed];
  }
}

/** The grammar note with its topic's texts and the lesson's examples in the reader's language. */
export function localiseNote(note: TGrammarNote, topic: Localiser, lesson: Localiser): TGrammarNote {
  const cols = note.table.columns;
  return {
    ...note,
    title: topic.t('title', note.title),
    explanation: topic.t('explanation', note.explanation),
    table: {
      caption: topic.t('caption', note.table.caption),
      columns: cols.map((c, i) => (c.trim() === '' ? c : topic.t(`col.${i}`, c))),
      rows: note.table.rows.map((r, i) => [topic.t(`row.${i}`, r[0]), ...r.slice(1)]),
    },
    examples: note.examples.map((x, k) => ({ ...x, en: lesson.t(`grammar.${note.topic}.${k}`, x.en) })),
  };
}

export function localiseAnnotations(ann: TAnnotations, loc: Localiser): TAnnotations {
  const { words, phrases } = meaningKeys(ann);
  const word = (lemma: string, meaning: string) => {
    const u = words.get(`${lemma}\n${meaning}`);
    return u ? loc.t(u.key, meaning) : meaning;
  };
  return {
    ...ann,
    lexemes: ann.lexemes.map((l) => ({ ...l, meaning: word(l.lemma, l.meaning) })),
    phrases: ann.phrases.map((p) => {
      const u = phrases.get(p.text);
      return { ...p, meaning: u ? loc.t(u.key, p.meaning) : p.meaning };
    }),
    blocks: ann.blocks.map((b) =>
      b.map((t) => (t.meaning ? { ...t, meaning: word(ann.lexemes[t.lexeme].lemma, t.meaning) } : t)),
    ),
  };
}

// The data the annotator reads: the tagged morphology (data/dictionary/pl-paradigms.tsv.gz), the Polish-English
// dictionary (data/dictionary/pl-en.json.gz) and the content's lemma lexicon (content/lexicon/*.yaml).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import YAML from 'yaml';
import { ZLexiconFileSchema, decodePattern, type TLexiconEntry } from '@polski/contracts';

/** The repository root: the nearest folder above this file that holds nx.json (tsx and jest run it as CommonJS). */
function findRoot(): string {
  let dir = resolve(__dirname);
  while (!existsSync(join(dir, 'nx.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}
export const ROOT = findRoot();
export const DICTIONARY_DIR = join(ROOT, 'data', 'dictionary');
export const CONTENT_DIR = join(ROOT, 'content');

export interface TAnalysis {
  lemma: string;
  tag: string;
}

interface TDecodedEntry {
  prefix: string;
  strip: number;
  suffix: string;
  /** a literal form (`=form`) */
  literal?: string;
  tagIds: number[];
}

/**
 * Morfologik's tagged dictionary as the paradigm file stores it: tags, patterns and lemma -> pattern. Analyses of
 * forms are found by generating every form once (`analyse`), for the forms asked for only.
 */
export class Morphology {
  readonly tags: string[];
  private readonly patterns: string[];
  private readonly decoded = new Map<number, TDecodedEntry[]>();
  private readonly lemmaPattern = new Map<string, number>();
  private readonly cache = new Map<string, TAnalysis[]>();

  constructor(text: string) {
    const lines = text.split('\n');
    let i = 0;
    const section = (name: string): number => {
      while (i < lines.length && !lines[i].startsWith(`@${name}\t`)) i++;
      if (i >= lines.length) throw new Error(`pl-paradigms: no @${name} section`);
      return Number(lines[i++].split('\t')[1]);
    };
    const nTags = section('tags');
    this.tags = lines.slice(i, i + nTags);
    i += nTags;
    const nPatterns = section('patterns');
    this.patterns = lines.slice(i, i + nPatterns);
    i += nPatterns;
    const nLemmas = section('lemmas');
    for (const line of lines.slice(i, i + nLemmas)) {
      const tab = line.lastIndexOf('\t');
      this.lemmaPattern.set(line.slice(0, tab), parseInt(line.slice(tab + 1), 36));
    }
  }

  static load(file = join(DICTIONARY_DIR, 'pl-paradigms.tsv.gz')): Morphology {
    return new Morphology(gunzipSync(readFileSync(file)).toString('utf8'));
  }

  get lemmaCount(): number {
    return this.lemmaPattern.size;
  }

  hasLemma(lemma: string): boolean {
    return this.lemmaPattern.has(lemma);
  }

  private entries(id: number): TDecodedEntry[] {
    let d = this.decoded.get(id);
    if (!d) {
      d = decodePattern(this.patterns[id]).map(({ transform, tagIds }) => {
        if (transform.startsWith('='))
          return { prefix: '', strip: 0, suffix: '', literal: transform.slice(1), tagIds };
        const m = /^(?:([^\d^]*)\^)?(\d+)(.*)$/s.exec(transform)!;
        return { prefix: m[1] ?? '', strip: Number(m[2]), suffix: m[3], tagIds };
      });
      this.decoded.set(id, d);
    }
    return d;
  }

  /** Every form of a lemma with its tags (the inflection table's data). */
  paradigm(lemma: string): { form: string; tags: string[] }[] {
    const id = this.lemmaPattern.get(lemma);
    if (id === undefined) return [];
    return this.entries(id).map((e) => ({
      form: e.literal ?? e.prefix + lemma.slice(0, lemma.length - e.strip) + e.suffix,
      tags: e.tagIds.map((t) => this.tags[t]),
    }));
  }

  /** Makes the analyses of these forms available to `analyses` (one pass over the whole dictionary). */
  prepare(forms: Iterable<string>): void {
    const wanted = new Set<string>();
    for (const f of forms) if (!this.cache.has(f)) wanted.add(f);
    if (!wanted.size) return;
    for (const f of wanted) this.cache.set(f, []);
    for (const [lemma, id] of this.lemmaPattern) {
      for (const e of this.entries(id)) {
        const form = e.literal ?? e.prefix + lemma.slice(0, lemma.length - e.strip) + e.suffix;
        if (!wanted.has(form)) continue;
        const list = this.cache.get(form)!;
        for (const t of e.tagIds) list.push({ lemma, tag: this.tags[t] });
      }
    }
    for (const f of wanted) this.cache.get(f)!.sort((a, b) => cmp(a.lemma, b.lemma) || cmp(a.tag, b.tag));
  }

  /** Morfologik's analyses of exactly this form (call `prepare` with it first). */
  analyses(form: string): TAnalysis[] {
    if (!this.cache.has(form)) this.prepare([form]);
    return this.cache.get(form)!;
  }
}

export const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export interface TDictSense {
  pos: string;
  senses: string[];
}

/** The Polish-English dictionary: headword -> entries. */
export class Dictionary {
  constructor(private readonly entries: Record<string, [string, string[], string?][]>) {}

  static load(file = join(DICTIONARY_DIR, 'pl-en.json.gz')): Dictionary {
    return new Dictionary(JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')).entries);
  }

  has(headword: string): boolean {
    return Object.hasOwn(this.entries, headword);
  }

  get(headword: string): TDictSense[] {
    return Object.hasOwn(this.entries, headword)
      ? this.entries[headword].map(([pos, senses]) => ({ pos, senses }))
      : [];
  }

  multiword(): string[] {
    return Object.keys(this.entries).filter((k) => k.includes(' '));
  }
}

export interface TLexicon {
  entries: Map<string, TLexiconEntry & { file: string }>;
  problems: string[];
}

/** content/lexicon/*.yaml merged; a lemma in two files is a problem. */
export function loadLexicon(dir = join(CONTENT_DIR, 'lexicon')): TLexicon {
  const entries = new Map<string, TLexiconEntry & { file: string }>();
  const problems: string[] = [];
  if (!existsSync(dir)) return { entries, problems };
  for (const f of readdirSync(dir)
    .filter((x) => /\.ya?ml$/.test(x))
    .sort()) {
    const parsed = ZLexiconFileSchema.safeParse(YAML.parse(readFileSync(join(dir, f), 'utf8')) ?? {});
    if (!parsed.success) {
      for (const i of parsed.error.issues)
        problems.push(`content/lexicon/${f}: ${i.path.join('.')}: ${i.message}`);
      continue;
    }
    for (const [lemma, entry] of Object.entries(parsed.data)) {
      const other = entries.get(lemma);
      if (other) problems.push(`content/lexicon/${f}: "${lemma}" is also in content/lexicon/${other.file}`);
      else entries.set(lemma, { ...entry, file: f });
    }
  }
  return { entries, problems };
}

import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  HUBS,
  HUB_IDS,
  type TAnnotations,
  type TBlogPostFile,
  type TGrammarNote,
  type TGrammarTopicFile,
  type THubId,
  type TLessonFile,
  type TPodcastEpisodeFile,
} from '@polski/contracts';
import { loadAnnotations } from './annotations';
import { loadContentFile } from './content-loader';
import { resolveGrammar } from './grammar';
import {
  episodeUnits,
  grammarUnits,
  lessonUnits,
  loadFileTranslations,
  postUnits,
  type TUnit,
} from './i18n';

export interface TPodcastEntry {
  data: TPodcastEpisodeFile;
  /** Show notes (Markdown). */
  body: string;
}

export interface TBlogEntry {
  data: TBlogPostFile;
  body: string;
}

export interface TCatalogueHub {
  id: THubId;
  title: string;
  level: string;
  pathPrefix: string;
  /** Sorted by `order`. */
  lessons: TLessonFile[];
}

/** Start refuses a broken catalogue; the message lists every problem with the file it is in. */
export class ContentCatalogueError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid content catalogue (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n  ${problems.join('\n  ')}`);
    this.name = 'ContentCatalogueError';
  }
}

/** The whole catalogue, read once at start; immutable afterwards. */
export class Catalogue {
  private readonly byHub = new Map<THubId, TCatalogueHub>();
  private readonly podcastBySlug: Map<string, TPodcastEntry>;
  private readonly blogBySlug: Map<string, TBlogEntry>;

  /** Word annotations by `lessons/<hub>/<slug>` and `podcast/<slug>` (content/annotations, generated). */
  private readonly annotationsByKey: Map<string, TAnnotations>;
  /** Annotation files that were missing, unreadable or out of date with their text: not shipped. */
  readonly annotationProblems: string[];

  constructor(
    readonly dir: string,
    readonly hubs: TCatalogueHub[],
    /** Newest first. */
    readonly podcast: TPodcastEntry[],
    /** Newest first. */
    readonly blog: TBlogEntry[],
    /** content/grammar/<id>.yaml by id. */
    readonly grammarTopics: ReadonlyMap<string, TGrammarTopicFile> = new Map(),
    /** Each lesson's grammar notes resolved at load, by `${hub}/${slug}` (absent: the lesson has none). */
    private readonly notesByLesson: ReadonlyMap<string, TGrammarNote[]> = new Map(),
  ) {
    const loaded = loadAnnotations(dir, hubs, podcast);
    this.annotationsByKey = loaded.annotations;
    this.annotationProblems = loaded.problems;
    for (const h of hubs) this.byHub.set(h.id, h);
    this.podcastBySlug = new Map(podcast.map((e) => [e.data.slug, e]));
    this.blogBySlug = new Map(blog.map((e) => [e.data.slug, e]));
  }

  /**
   * Translations read so far, by `<lang>/<id>` (null: none usable). Each file is read on its first reader's request
   * (a few milliseconds), not at start: 28 languages of 122 files each would be ~76 MB of YAML to parse before the
   * server could answer (docs/performance.md, "Loading the catalogue"). The files do not change while it runs.
   */
  private readonly translationCache = new Map<string, Map<string, string> | null>();

  /** One source file's usable translations into `lang` (key -> text), when there are any. */
  translations(lang: string, id: string): Map<string, string> | undefined {
    const key = `${lang}/${id}`;
    let texts = this.translationCache.get(key);
    if (texts === undefined) {
      const units = this.units(id);
      // an id the catalogue does not have is never looked up on disk (nor remembered)
      if (!units) return undefined;
      texts = loadFileTranslations(this.dir, lang, id, units) ?? null;
      this.translationCache.set(key, texts);
    }
    return texts ?? undefined;
  }

  /** Every source file that has translatable texts, by id (`lessons/<hub>/<slug>`, `grammar/<id>`, ...). */
  sourceIds(): string[] {
    return [
      ...this.allLessons().map((l) => `lessons/${l.hub}/${l.slug}`),
      ...[...this.grammarTopics.keys()].map((id) => `grammar/${id}`),
      ...this.podcast.map((e) => `podcast/${e.data.slug}`),
      ...this.blog.map((e) => `blog/${e.data.slug}`),
    ];
  }

  /** The translatable texts of a source file, or undefined for an id the catalogue does not have. */
  units(id: string): TUnit[] | undefined {
    const [kind, a, b] = id.split('/');
    if (kind === 'lessons') {
      const l = b === undefined ? undefined : this.lesson(a, b);
      return l ? lessonUnits(l, this.lessonAnnotations(l)) : undefined;
    }
    if (b !== undefined) return undefined;
    if (kind === 'grammar') {
      const t = this.grammarTopics.get(a);
      return t ? grammarUnits(t) : undefined;
    }
    if (kind === 'podcast') {
      const e = this.episode(a);
      return e ? episodeUnits(e.data, e.body, this.episodeAnnotations(a)) : undefined;
    }
    if (kind === 'blog') {
      const e = this.post(a);
      return e ? postUnits(e.data) : undefined;
    }
    return undefined;
  }

  hub(id: string): TCatalogueHub | undefined {
    return this.byHub.get(id as THubId);
  }

  lesson(hub: string, slug: string): TLessonFile | undefined {
    return this.hub(hub)?.lessons.find((l) => l.slug === slug);
  }

  /** The lessons before and after this one in its hub. */
  neighbours(lesson: TLessonFile): { prev?: TLessonFile; next?: TLessonFile } {
    const list = this.byHub.get(lesson.hub)?.lessons ?? [];
    const i = list.findIndex((l) => l.slug === lesson.slug);
    return { prev: i > 0 ? list[i - 1] : undefined, next: i >= 0 ? list[i + 1] : undefined };
  }

  /** The lesson's word annotations (docs/content.md, "Word annotations"), when its file is current. */
  lessonAnnotations(lesson: TLessonFile): TAnnotations | undefined {
    return this.annotationsByKey.get(`lessons/${lesson.hub}/${lesson.slug}`);
  }

  episodeAnnotations(slug: string): TAnnotations | undefined {
    return this.annotationsByKey.get(`podcast/${slug}`);
  }

  episode(slug: string): TPodcastEntry | undefined {
    return this.podcastBySlug.get(slug);
  }

  post(slug: string): TBlogEntry | undefined {
    return this.blogBySlug.get(slug);
  }

  /** The lesson's grammar notes, resolved at load (docs/content.md, "Grammar notes"); undefined when it has none. */
  grammarNotes(lesson: TLessonFile): TGrammarNote[] | undefined {
    return this.notesByLesson.get(`${lesson.hub}/${lesson.slug}`);
  }

  allLessons(): TLessonFile[] {
    return this.hubs.flatMap((h) => h.lessons);
  }

}

function listDir(dir: string): string[] {
  return readdirSync(dir).filter((f) => !f.startsWith('.')).sort();
}

function isDir(p: string): boolean {
  return statSync(p).isDirectory();
}

function duplicates<T>(items: T[], key: (t: T) => string | number): Map<string | number, T[]> {
  const groups = new Map<string | number, T[]>();
  for (const item of items) {
    const k = key(item);
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return new Map([...groups].filter(([, v]) => v.length > 1));
}

const newestFirst = (a: { date: string }, b: { date: string }) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0);

/**
 * Reads and validates every file of the content folder: lessons/<hub>/<slug>.yaml, podcast/<slug>.md,
 * blog/<slug>.md (podcast and blog may be absent). Any problem (a file failing its schema, an unknown hub folder, a
 * duplicate slug or order in a hub, a duplicate episode number, an unsafe audio name) throws a ContentCatalogueError
 * naming the file, so a broken catalogue stops the server at start instead of surfacing as a 500 later.
 */
export function loadCatalogue(dir: string): Catalogue {
  const problems: string[] = [];
  if (!existsSync(dir) || !isDir(dir)) throw new ContentCatalogueError([`${dir}: content folder not found`]);

  const lessonsDir = join(dir, 'lessons');
  const lessonsByHub = new Map<THubId, { file: string; data: TLessonFile }[]>(HUB_IDS.map((h) => [h, []]));
  if (!existsSync(lessonsDir)) problems.push(`${lessonsDir}: folder not found`);
  else {
    for (const name of listDir(lessonsDir)) {
      const hubDir = join(lessonsDir, name);
      if (!isDir(hubDir)) {
        problems.push(`${hubDir}: unexpected file (lessons live in lessons/<hub>/<slug>.yaml)`);
        continue;
      }
      if (!lessonsByHub.has(name as THubId)) {
        problems.push(`${hubDir}: unknown hub folder (expected one of ${HUB_IDS.join(', ')})`);
        continue;
      }
      for (const f of listDir(hubDir)) {
        const file = join(hubDir, f);
        if (!/\.ya?ml$/.test(f)) {
          problems.push(`${file}: unexpected file (lessons are .yaml files)`);
          continue;
        }
        const r = loadContentFile(file);
        if (!r.ok) {
          for (const p of r.problems) problems.push(`${file}: ${p}`);
          continue;
        }
        if (r.kind !== 'lesson') continue;
        lessonsByHub.get(r.data.hub)!.push({ file, data: r.data });
      }
    }
  }

  const hubs: TCatalogueHub[] = HUBS.map((h) => {
    const entries = lessonsByHub.get(h.id)!;
    for (const [slug, group] of duplicates(entries, (e) => e.data.slug)) {
      problems.push(`${group.map((e) => e.file).join(', ')}: duplicate slug "${slug}" in hub ${h.id}`);
    }
    for (const [order, group] of duplicates(entries, (e) => e.data.order)) {
      problems.push(`${group.map((e) => e.file).join(', ')}: duplicate order ${order} in hub ${h.id}`);
    }
    const lessons = entries.map((e) => e.data).sort((a, b) => a.order - b.order);
    return { id: h.id, title: h.title, level: h.level, pathPrefix: h.pathPrefix, lessons };
  });

  const podcast = loadMarkdownFolder(join(dir, 'podcast'), 'podcast', problems) as (TPodcastEntry & { file: string })[];
  for (const [slug, group] of duplicates(podcast, (e) => e.data.slug)) {
    problems.push(`${group.map((e) => e.file).join(', ')}: duplicate podcast slug "${slug}"`);
  }
  for (const [n, group] of duplicates(podcast, (e) => e.data.number)) {
    problems.push(`${group.map((e) => e.file).join(', ')}: duplicate podcast episode number ${n}`);
  }
  const blog = loadMarkdownFolder(join(dir, 'blog'), 'blog', problems) as (TBlogEntry & { file: string })[];
  for (const [slug, group] of duplicates(blog, (e) => e.data.slug)) {
    problems.push(`${group.map((e) => e.file).join(', ')}: duplicate blog slug "${slug}"`);
  }

  const grammarTopics = loadGrammarTopics(join(dir, 'grammar'), problems);
  const notesByLesson = new Map<string, TGrammarNote[]>();
  for (const [hub, entries] of lessonsByHub) {
    for (const { file, data } of entries) {
      if (!data.grammar) continue;
      const { notes, problems: wrong } = resolveGrammar(data, grammarTopics);
      for (const p of wrong) problems.push(`${file}: ${p}`);
      notesByLesson.set(`${hub}/${data.slug}`, notes);
    }
  }

  if (problems.length) throw new ContentCatalogueError(problems);
  const strip = <T extends { file: string }>({ file: _file, ...rest }: T) => rest;
  return new Catalogue(
    dir,
    hubs,
    podcast
      .map(strip)
      .sort((a, b) => newestFirst(a.data, b.data) || b.data.number - a.data.number),
    blog
      .map(strip)
      .sort((a, b) => newestFirst(a.data, b.data) || a.data.slug.localeCompare(b.data.slug)),
    grammarTopics,
    notesByLesson,
  );
}

/** content/grammar/<id>.yaml (the folder may be absent: then no lesson may name a topic). */
function loadGrammarTopics(folder: string, problems: string[]): Map<string, TGrammarTopicFile> {
  const topics = new Map<string, TGrammarTopicFile>();
  if (!existsSync(folder)) return topics;
  for (const f of listDir(folder)) {
    const file = join(folder, f);
    if (isDir(file) || !/\.ya?ml$/.test(f)) {
      problems.push(`${file}: unexpected file (grammar topics are .yaml files)`);
      continue;
    }
    const r = loadContentFile(file);
    if (!r.ok) {
      for (const p of r.problems) problems.push(`${file}: ${p}`);
      continue;
    }
    if (r.kind !== 'grammar') {
      problems.push(`${file}: read as ${r.kind}, expected a grammar topic`);
      continue;
    }
    topics.set(r.data.id, r.data);
  }
  return topics;
}

function loadMarkdownFolder(
  folder: string,
  kind: 'podcast' | 'blog',
  problems: string[],
): { file: string; data: TPodcastEpisodeFile | TBlogPostFile; body: string }[] {
  if (!existsSync(folder)) return [];
  const out: { file: string; data: TPodcastEpisodeFile | TBlogPostFile; body: string }[] = [];
  for (const f of listDir(folder)) {
    const file = join(folder, f);
    if (isDir(file)) continue;
    if (!f.endsWith('.md')) {
      problems.push(`${file}: unexpected file (${kind} entries are .md files)`);
      continue;
    }
    const r = loadContentFile(file);
    if (!r.ok) {
      for (const p of r.problems) problems.push(`${file}: ${p}`);
      continue;
    }
    if (r.kind !== kind) {
      problems.push(`${file}: read as ${r.kind}, expected ${kind}`);
      continue;
    }
    out.push({ file, data: r.data, body: r.body });
  }
  return out;
}

const sharedCatalogues = new Map<string, Catalogue>();

/**
 * The catalogue of `dir`, loaded once per process: the content module and the learning module (which looks saved
 * words up in it) read the same immutable catalogue instead of two copies (about 2 s and its memory each).
 */
export function sharedCatalogue(dir: string): Catalogue {
  let catalogue = sharedCatalogues.get(dir);
  if (!catalogue) {
    catalogue = loadCatalogue(dir);
    sharedCatalogues.set(dir, catalogue);
  }
  return catalogue;
}

/** The catalogue of `dir` if this process has loaded it already (the translator's memory uses it, never loads it). */
export function loadedCatalogue(dir: string): Catalogue | undefined {
  return sharedCatalogues.get(dir);
}

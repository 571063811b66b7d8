import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import YAML from 'yaml';
import type { z } from 'zod';
import {
  exerciseProblems,
  ZBlogPostFileSchema,
  ZGrammarTopicFileSchema,
  ZLessonFileSchema,
  ZLexiconFileSchema,
  ZPodcastEpisodeFileSchema,
  type TBlogPostFile,
  type TGrammarTopicFile,
  type TLessonFile,
  type TLexiconFile,
  type TPodcastEpisodeFile,
} from '@polski/contracts';

export type TLoadedContent =
  | { kind: 'lesson'; data: TLessonFile }
  | { kind: 'podcast'; data: TPodcastEpisodeFile; body: string }
  | { kind: 'blog'; data: TBlogPostFile; body: string }
  | { kind: 'lexicon'; data: TLexiconFile }
  | { kind: 'grammar'; data: TGrammarTopicFile };

export type TLoadResult = ({ ok: true } & TLoadedContent) | { ok: false; problems: string[] };

function issues(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
}

function splitFrontMatter(text: string): { front: unknown; body: string } | null {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!m) return null;
  return { front: YAML.parse(m[1]), body: m[2].trim() };
}

/**
 * Reads and validates one content file. Lessons are YAML under content/lessons/<hub>/<slug>.yaml, the lemma lexicon
 * YAML under content/lexicon/, grammar topics YAML under content/grammar/<id>.yaml; podcast episodes and blog posts
 * are Markdown with YAML front matter under content/podcast and content/blog. The file's place must
 * agree with its hub and slug.
 */
export function loadContentFile(path: string): TLoadResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return { ok: false, problems: [`cannot read: ${(e as Error).message}`] };
  }
  const problems: string[] = [];
  try {
    if (/\/lexicon\/[^/]+\.ya?ml$/.test(path)) {
      // content/lexicon/*.yaml: lemma -> entry (docs/content.md, "The lexicon")
      const parsed = ZLexiconFileSchema.safeParse(YAML.parse(text) ?? {});
      if (!parsed.success) return { ok: false, problems: issues(parsed.error) };
      return { ok: true, kind: 'lexicon', data: parsed.data };
    }
    if (/\/lessons\//.test(path)) {
      const parsed = ZLessonFileSchema.safeParse(YAML.parse(text));
      if (!parsed.success) return { ok: false, problems: issues(parsed.error) };
      const expectedSlug = basename(path).replace(/\.ya?ml$/, '');
      const expectedHub = basename(dirname(path));
      if (parsed.data.slug !== expectedSlug) problems.push(`slug: "${parsed.data.slug}" differs from file name "${expectedSlug}"`);
      if (parsed.data.hub !== expectedHub) problems.push(`hub: "${parsed.data.hub}" differs from folder "${expectedHub}"`);
      // the exercises must come from this lesson's own text (docs/content.md, "Exercises")
      problems.push(...exerciseProblems(parsed.data));
      return problems.length ? { ok: false, problems } : { ok: true, kind: 'lesson', data: parsed.data };
    }
    if (/\/grammar\//.test(path)) {
      const parsed = ZGrammarTopicFileSchema.safeParse(YAML.parse(text));
      if (!parsed.success) return { ok: false, problems: issues(parsed.error) };
      const expectedId = basename(path).replace(/\.ya?ml$/, '');
      if (parsed.data.id !== expectedId) return { ok: false, problems: [`id: "${parsed.data.id}" differs from file name "${expectedId}"`] };
      return { ok: true, kind: 'grammar', data: parsed.data };
    }
    const fm = splitFrontMatter(text);
    if (!fm) return { ok: false, problems: ['missing YAML front matter between --- lines'] };
    if (!fm.body) problems.push('body: empty');
    const expectedSlug = basename(path).replace(/\.md$/, '');
    if (/\/podcast\//.test(path)) {
      const parsed = ZPodcastEpisodeFileSchema.safeParse(fm.front);
      if (!parsed.success) return { ok: false, problems: issues(parsed.error) };
      if (parsed.data.slug !== expectedSlug) problems.push(`slug: "${parsed.data.slug}" differs from file name`);
      return problems.length ? { ok: false, problems } : { ok: true, kind: 'podcast', data: parsed.data, body: fm.body };
    }
    if (/\/blog\//.test(path)) {
      const parsed = ZBlogPostFileSchema.safeParse(fm.front);
      if (!parsed.success) return { ok: false, problems: issues(parsed.error) };
      if (parsed.data.slug !== expectedSlug) problems.push(`slug: "${parsed.data.slug}" differs from file name`);
      return problems.length ? { ok: false, problems } : { ok: true, kind: 'blog', data: parsed.data, body: fm.body };
    }
    return {
      ok: false,
      problems: ['not under content/lessons, content/lexicon, content/grammar, content/podcast or content/blog'],
    };
  } catch (e) {
    return { ok: false, problems: [`not valid YAML: ${(e as Error).message}`] };
  }
}

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ZAnnotationFileSchema, tokenize, type TAnnotations, type TLessonFile } from '@polski/contracts';

/**
 * The word annotations of the catalogue (content/annotations/, written by tools/annotate-content.ts: docs/content.md,
 * "Word annotations"), read once with the catalogue. A file is used only when it was made from exactly the texts
 * the catalogue has now (its `source` fingerprint) and has one annotation per token of every block: a lesson edited
 * without running the annotator ships without annotations (and its up-to-date test fails) rather than with
 * annotations of another text.
 */
export function loadAnnotations(
  dir: string,
  hubs: { lessons: TLessonFile[] }[],
  podcast: { data: { slug: string; transcript: { pl: string }[] } }[],
): { annotations: Map<string, TAnnotations>; problems: string[] } {
  const annotations = new Map<string, TAnnotations>();
  const problems: string[] = [];
  const read = (key: string, texts: string[]) => {
    const file = join(dir, 'annotations', `${key}.json`);
    if (!existsSync(file)) {
      problems.push(`${file}: missing`);
      return;
    }
    let parsed;
    try {
      parsed = ZAnnotationFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    } catch (e) {
      problems.push(`${file}: not JSON (${(e as Error).message})`);
      return;
    }
    if (!parsed.success) {
      problems.push(`${file}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      return;
    }
    const { source, annotations: a } = parsed.data;
    const stale =
      source !== sourceHash(texts) ||
      a.blocks.length !== texts.length ||
      a.blocks.some(
        (b, i) =>
          b.length !== tokenize(texts[i]).length ||
          b.some((t) => t.lexeme >= a.lexemes.length || (t.phrase !== undefined && t.phrase >= a.phrases.length)),
      );
    if (stale) {
      problems.push(`${file}: out of date (run npx tsx tools/annotate-content.ts)`);
      return;
    }
    annotations.set(key, a);
  };
  for (const hub of hubs)
    for (const l of hub.lessons)
      read(
        `lessons/${l.hub}/${l.slug}`,
        l.paragraphs.flatMap((p) => p.sentences.map((s) => s.pl)),
      );
  for (const e of podcast)
    read(
      `podcast/${e.data.slug}`,
      e.data.transcript.map((t) => t.pl),
    );
  return { annotations, problems };
}

/** tools/annotate-content.ts sourceHash: sha256 of the texts joined by newlines, first 16 hex digits. */
export function sourceHash(texts: string[]): string {
  return createHash('sha256').update(texts.join('\n')).digest('hex').slice(0, 16);
}

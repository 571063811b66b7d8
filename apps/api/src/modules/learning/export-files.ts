import type { ReviewCard, SavedWord, WordStatus } from '../../generated/prisma/client';

/** The learner's data as files (docs/api.md, "Learning: export and import"). */

export const CSV_COLUMNS = [
  'lemma',
  'status',
  'stage',
  'pos',
  'form',
  'meaning',
  'sentence',
  'translation',
  'hub',
  'slug',
  'due',
] as const;

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * One row per saved word, then one per lemma that has a status and no saved word (a word marked known in a lesson
 * or imported). Lines end with CRLF as RFC 4180 says.
 */
export function csvFile(words: (SavedWord & { card: ReviewCard | null })[], statuses: WordStatus[]): string {
  const byLemma = new Map(statuses.map((s) => [s.lemma, s]));
  const rows: string[][] = [[...CSV_COLUMNS]];
  const status = (s?: WordStatus) => [
    s?.status ?? 'new',
    s && s.status === 'learning' ? String(s.stage) : '',
  ];
  for (const w of words) {
    rows.push([
      w.lemma,
      ...status(byLemma.get(w.lemma)),
      w.pos,
      w.form,
      w.meaning,
      w.sentence,
      w.translation,
      w.hub,
      w.slug,
      w.card ? w.card.due.toISOString() : '',
    ]);
  }
  const saved = new Set(words.map((w) => w.lemma));
  for (const s of statuses) {
    if (!saved.has(s.lemma)) rows.push([s.lemma, ...status(s), '', '', '', '', '', '', '', '']);
  }
  return rows.map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** A field of a tab-separated line: tabs and line breaks become spaces (Anki reads one note per line). */
function tsvField(value: string): string {
  return value.replace(/[\t\r\n]+/g, ' ');
}

/**
 * A tab-separated file Anki imports (File > Import; its header lines set the separator, that the text is not HTML
 * and that the fourth column holds the tags): front (the lemma), back (its meaning), the sentence with its
 * translation, tags (polski, the hub, the part of speech).
 */
export function ankiFile(words: SavedWord[]): string {
  const lines = ['#separator:tab', '#html:false', '#columns:Front\tBack\tSentence\tTags', '#tags column:4'];
  for (const w of words) {
    const tags = ['polski', w.hub, w.pos].map((t) => t.replace(/\s+/g, '_')).join(' ');
    lines.push([w.lemma, w.meaning, `${w.sentence} — ${w.translation}`, tags].map(tsvField).join('\t'));
  }
  return lines.join('\n') + '\n';
}

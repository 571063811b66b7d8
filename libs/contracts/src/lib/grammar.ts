import { z } from 'zod';

/**
 * Grammar notes (docs/content.md, "Grammar notes"). A topic is written once in content/grammar/<id>.yaml; a lesson
 * names its topics and gives two or three examples from its own text. Every text is a plain string (no Markdown,
 * no HTML), so that it can be translated later string by string.
 */

/** A topic id: lowercase words and digits joined by dashes (the file name under content/grammar/). */
export const GRAMMAR_TOPIC_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const topicId = z.string().regex(GRAMMAR_TOPIC_ID, 'a topic id is lowercase words joined by dashes');

/** Words of a plain-English text, as the 60-150 word rule counts them. */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
export const GRAMMAR_EXPLANATION_WORDS = { min: 60, max: 150 } as const;

/**
 * A table of forms: `columns` are the column headers (the first one heads the row-header column), each row starts
 * with its row header. Headers are English; the other cells are Polish forms (an ending is written with a leading
 * hyphen, "-łam"; "—" marks an empty cell).
 */
export const ZGrammarTableSchema = z
  .strictObject({
    caption: z.string().min(1),
    columns: z.array(z.string()).min(2).max(6),
    rows: z
      .array(z.array(z.string().min(1)).min(2).max(6))
      .min(1)
      .max(12),
  })
  .refine((t) => t.rows.every((r) => r.length === t.columns.length), {
    message: 'every row must have as many cells as there are columns',
    path: ['rows'],
  });
export type TGrammarTable = z.infer<typeof ZGrammarTableSchema>;

/** content/grammar/<id>.yaml. */
export const ZGrammarTopicFileSchema = z.strictObject({
  id: topicId,
  title: z.string().min(1).max(80),
  explanation: z
    .string()
    .min(1)
    .refine(
      (t) => countWords(t) >= GRAMMAR_EXPLANATION_WORDS.min && countWords(t) <= GRAMMAR_EXPLANATION_WORDS.max,
      {
        message: `the explanation must have ${GRAMMAR_EXPLANATION_WORDS.min}-${GRAMMAR_EXPLANATION_WORDS.max} words`,
      },
    ),
  table: ZGrammarTableSchema,
});
export type TGrammarTopicFile = z.infer<typeof ZGrammarTopicFileSchema>;

/**
 * One example in a lesson file: `sentence` quotes one sentence of the lesson exactly (its `pl`), `word` is the
 * word or words of that sentence that show the point (whole words, as written there), `en` says in one line what
 * they show ("jestem: 1st person singular of być").
 */
export const ZGrammarExampleFileSchema = z.strictObject({
  sentence: z.string().min(1),
  word: z.string().min(1).max(60),
  en: z.string().min(1).max(160),
});

/** The `grammar:` field of a lesson file: one entry per topic its summary names, each with 2-3 examples. */
export const ZLessonGrammarFileSchema = z
  .array(z.strictObject({ topic: topicId, examples: z.array(ZGrammarExampleFileSchema).min(2).max(3) }))
  .min(1)
  .max(4)
  .refine((notes) => new Set(notes.map((n) => n.topic)).size === notes.length, {
    message: 'a topic appears twice',
  });
export type TLessonGrammarFile = z.infer<typeof ZLessonGrammarFileSchema>;

/**
 * An example as the lesson answer carries it: where its sentence is (indices into `paragraphs` and that
 * paragraph's `sentences`) and where the word is in the sentence's `pl` (`start` and `end`, UTF-16 offsets).
 */
export const ZGrammarExampleSchema = z.strictObject({
  paragraph: z.number().int().min(0),
  sentence: z.number().int().min(0),
  word: z.string().min(1),
  start: z.number().int().min(0),
  end: z.number().int().min(1),
  en: z.string().min(1),
});
export type TGrammarExample = z.infer<typeof ZGrammarExampleSchema>;

/** A lesson's note in the lesson answer: the topic's text and table with the lesson's own examples. */
export const ZGrammarNoteSchema = z.strictObject({
  topic: z.string().min(1),
  title: z.string().min(1),
  explanation: z.string().min(1),
  table: z.strictObject({
    caption: z.string().min(1),
    columns: z.array(z.string()).min(2),
    rows: z.array(z.array(z.string().min(1)).min(2)).min(1),
  }),
  examples: z.array(ZGrammarExampleSchema).min(1),
});
export type TGrammarNote = z.infer<typeof ZGrammarNoteSchema>;

import { z } from 'zod';
import { BLANK } from './content-kinds';

/**
 * The `exercises` section of a lesson file (docs/content.md, "Exercises"): cloze, word order and form in context,
 * each built on a sentence of the lesson's text. The file's schema checks each item's shape; that an item really
 * comes from its lesson (and, for forms, from the morphology data) is checked by exerciseProblems (exercise-checks.ts)
 * and the catalogue spec.
 */

const oneBlank = (what: string) =>
  z
    .string()
    .min(1)
    .refine((t) => t.split(BLANK).length === 2, `${what} must contain the blank ${BLANK} exactly once`);

/** One word: letters, with inner hyphens. */
const oneWord = z.string().regex(/^\p{L}+(?:-\p{L}+)*$/u, 'must be one word');

/** Type the missing word: `text` is a sentence of the lesson with one word replaced by ___, `answer` that word. */
export const ZClozeExerciseSchema = z.strictObject({
  type: z.literal('cloze'),
  text: oneBlank('text'),
  answer: oneWord,
});
export type TClozeExercise = z.infer<typeof ZClozeExerciseSchema>;

/**
 * Rebuild a sentence of the lesson: `words` are its pieces in the text's order (single words, or a few words that
 * stay together; the first may be written in lower case), shown shuffled; `alsoCorrect` lists other orders of the
 * same words that are right too.
 */
export const ZWordOrderExerciseSchema = z.strictObject({
  type: z.literal('word-order'),
  sentence: z.string().min(1),
  words: z.array(z.string().min(1)).min(3).max(12),
  alsoCorrect: z.array(z.string().min(1)).min(1).optional(),
});
export type TWordOrderExercise = z.infer<typeof ZWordOrderExerciseSchema>;

/**
 * Pick the right form: `text` is a sentence of the lesson with one word replaced by ___; `options` are forms of
 * `lemma` (its dictionary form), `answer` indexes the one the sentence needs.
 */
export const ZFormExerciseSchema = z
  .strictObject({
    type: z.literal('form'),
    text: oneBlank('text'),
    lemma: z.string().min(1),
    options: z.array(oneWord).min(2).max(4),
    answer: z.number().int().min(0),
  })
  .refine((x) => x.answer < x.options.length, {
    message: 'answer must index one of the options',
    path: ['answer'],
  });
export type TFormExercise = z.infer<typeof ZFormExerciseSchema>;

export const EXERCISE_TYPES = ['cloze', 'word-order', 'form'] as const;
export type TExerciseType = (typeof EXERCISE_TYPES)[number];

export const ZExerciseSchema = z.discriminatedUnion('type', [
  ZClozeExerciseSchema,
  ZWordOrderExerciseSchema,
  ZFormExerciseSchema,
]);
export type TExercise = z.infer<typeof ZExerciseSchema>;

import { z } from 'zod';

/**
 * GET /api/words/inflection: a lemma's full declension or conjugation from Morfologik's paradigms
 * (data/dictionary/pl-paradigms.tsv.gz), as tables labelled in plain English. Each cell carries the Morfologik tags
 * of its forms, so a client can highlight the form a learner tapped (tagMatches).
 */
export const INFLECTION_POS = ['noun', 'adjective', 'pronoun', 'verb'] as const;
export type TInflectionPos = (typeof INFLECTION_POS)[number];

export const ZInflectionQuerySchema = z.object({
  lemma: z
    .string({ error: 'Please give a dictionary form' })
    .trim()
    .min(1, 'Please give a dictionary form')
    .max(60, 'Please enter at most 60 characters')
    .regex(
      /^\p{L}+(?:-\p{L}+)*(?: się)?$/u,
      'A dictionary form is one word (a reflexive verb may end in “ się”)',
    ),
  pos: z.enum(INFLECTION_POS, { error: `pos is one of ${INFLECTION_POS.join(', ')}` }),
});
export type TInflectionQuery = z.infer<typeof ZInflectionQuerySchema>;

export const ZInflectionCellSchema = z.object({
  /** The forms of this cell (several where Polish allows more than one); empty where there is none. */
  forms: z.array(z.string()),
  /** Morfologik's tags of those forms. */
  tags: z.array(z.string()),
});
export type TInflectionCell = z.infer<typeof ZInflectionCellSchema>;

export const ZInflectionTableSchema = z.object({
  /** The table's caption: "Declension", "Present tense", "Comparative". */
  title: z.string(),
  /** Column headings ("Singular", "Plural", "Feminine singular"). */
  columns: z.array(z.string()).min(1),
  rows: z.array(z.object({ label: z.string(), cells: z.array(ZInflectionCellSchema) })).min(1),
  /** How to read the table, where it needs a word ("będę + infinitive"). */
  note: z.string().optional(),
});
export type TInflectionTable = z.infer<typeof ZInflectionTableSchema>;

export const ZInflectionResponseSchema = z.object({
  /** The dictionary form asked for (a reflexive verb with its się). */
  lemma: z.string(),
  pos: z.enum(INFLECTION_POS),
  tables: z.array(ZInflectionTableSchema).min(1),
});
export type TInflectionResponse = z.infer<typeof ZInflectionResponseSchema>;

/**
 * Whether a form with tag `tapped` (one reading, as the annotations give it: `subst:sg:inst:f`) is the form a cell
 * tag names: the same class, and every field of `tapped` among the alternatives of the cell's field
 * (`adj:sg:nom.voc:m1.m2.m3:pos` matches `adj:sg:nom:m1.m2.m3:pos`). Fields the tapped tag lacks at the end match.
 */
export function tagMatches(cellTag: string, tapped: string): boolean {
  const cell = cellTag.split(':');
  const mine = tapped.split(':');
  if (cell[0] !== mine[0] || mine.length > cell.length) return false;
  return mine.every((field, i) => {
    const alts = new Set(cell[i].split('.'));
    return field.split('.').every((a) => alts.has(a));
  });
}

import { z } from 'zod';

/**
 * GET /api/words/inflection: a lemma's full declension or conjugation from Morfologik's paradigms
 * (data/dictionary/pl-paradigms.tsv.gz), as tables labelled in plain English. Each cell carries the Morfologik tags
 * of its forms, so a client can highlight the form a learner tapped (tagMatches). Every English text has a stable
 * id beside it (INFLECTION_TERM_IDS; Polish words in it as `params`), so a client shows its own translation and the
 * English as it is for an id it does not know (docs/i18n.md, "What the API sends").
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

/**
 * The ids of the tables' English texts (titles, column headings, row labels, notes). New ids may come; a client
 * shows the English of an id it does not know. Texts with Polish words in them name those words in `params`
 * (`{ form: 'lepszy' }` for "Comparative: lepszy").
 */
export const INFLECTION_TERM_IDS = [
  'table.declension',
  'table.comparative',
  'table.comparativeOf',
  'table.superlative',
  'table.superlativeOf',
  'table.otherForms',
  'tense.present',
  'tense.futureSimple',
  'tense.past',
  'tense.future',
  'tense.futureCompound',
  'mood.conditional',
  'mood.imperative',
  'number.sg',
  'number.pl',
  'gender.m.sg',
  'gender.f.sg',
  'gender.n.sg',
  'gender.mPersonal.pl',
  'gender.other.pl',
  'form',
  'case.nom',
  'case.gen',
  'case.dat',
  'case.acc',
  'case.inst',
  'case.loc',
  'case.voc',
  'person.1',
  'person.2',
  'person.3',
  'form.inf',
  'form.imps',
  'form.pcon',
  'form.pant',
  'form.pact',
  'form.ppas',
  'form.ger',
  'note.reflexive',
  'note.futureCompound',
  'note.futureInfinitive',
  'note.pronoun3',
  'note.pronoun12',
] as const;
export type TInflectionTermId = (typeof INFLECTION_TERM_IDS)[number];

/** Polish words (or endings) a labelled text names, by the placeholder its translations use. */
export const ZTermParamsSchema = z.record(z.string(), z.string());
export type TTermParams = z.infer<typeof ZTermParamsSchema>;

export const ZInflectionRowSchema = z.object({
  /** The row's heading in English ("Nominative", "1st person (I, we)"). */
  label: z.string(),
  /** Its stable id ("case.nom", "person.1"); absent from older answers. */
  id: z.string().optional(),
  /** The Polish words of the label (`{ ending: '-ąc' }`). */
  params: ZTermParamsSchema.optional(),
  cells: z.array(ZInflectionCellSchema),
});
export type TInflectionRow = z.infer<typeof ZInflectionRowSchema>;

export const ZInflectionTableSchema = z.object({
  /** The table's caption: "Declension", "Present tense", "Comparative: lepszy". */
  title: z.string(),
  /** The caption's stable id ("table.declension", "tense.present", "table.comparativeOf"). */
  id: z.string().optional(),
  /** The Polish words of the caption (`{ form: 'lepszy' }`). */
  params: ZTermParamsSchema.optional(),
  /** Column headings ("Singular", "Plural", "Feminine singular"). */
  columns: z.array(z.string()).min(1),
  /** The columns' stable ids, one per heading in the same order ("number.sg", "gender.f.sg"). */
  columnIds: z.array(z.string()).optional(),
  rows: z.array(ZInflectionRowSchema).min(1),
  /** How to read the table, where it needs a word ("będę + infinitive"). */
  note: z.string().optional(),
  /** The note's stable id ("note.futureCompound") and its Polish words (`{ bede: 'będę', examples: '…' }`). */
  noteId: z.string().optional(),
  noteParams: ZTermParamsSchema.optional(),
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

import { z } from 'zod';
import { NATIVE_LANGUAGE_CODES } from './languages-data';

/**
 * Translations of the content into the learners' native languages (docs/content.md, "Translations"): one file per
 * language and source file, content/i18n/<lang>/<id>.yaml, where <id> is `lessons/<hub>/<slug>`, `grammar/<topic>`,
 * `podcast/<slug>` or `blog/<slug>`. English stays inline in the source files.
 */

/** missing: not translated yet; machine: filled by `npm run content:translate`, not read by a person; reviewed. */
export const I18N_STATUS = ['missing', 'machine', 'reviewed'] as const;
export type TI18nStatus = (typeof I18N_STATUS)[number];

/** The languages content is translated into: every native language but English, which is the source's own. */
export const CONTENT_LANGUAGES = NATIVE_LANGUAGE_CODES.filter((c) => c !== 'en');

/**
 * One translatable text. `src` is the short hash of what the translation was made from (the Polish where there is
 * Polish, else the English): when the source changes, the hash no longer matches and the translation is stale.
 * `pl` and `en` repeat the source for the translator (the skeleton tool keeps them current); `text` is the
 * translation ('' while missing).
 */
export const ZI18nEntrySchema = z.strictObject({
  src: z.string().regex(/^[0-9a-f]{8}$/, 'src is the 8-hex-digit hash the skeleton tool writes'),
  pl: z.string().optional(),
  en: z.string(),
  text: z.string(),
  status: z.enum(I18N_STATUS),
});
export type TI18nEntry = z.infer<typeof ZI18nEntrySchema>;

/** content/i18n/<lang>/<id>.yaml */
export const ZI18nFileSchema = z.strictObject({
  lang: z.enum(NATIVE_LANGUAGE_CODES),
  /** The source file's id: `lessons/<hub>/<slug>`, `grammar/<topic>`, `podcast/<slug>` or `blog/<slug>`. */
  source: z
    .string()
    .regex(/^(?:lessons\/[a-z0-9-]+\/[a-z0-9-]+|grammar\/[a-z0-9-]+|podcast\/[a-z0-9-]+|blog\/[a-z0-9-]+)$/),
  entries: z.record(z.string().min(1), ZI18nEntrySchema),
});
export type TI18nFile = z.infer<typeof ZI18nFileSchema>;

/**
 * content/i18n/languages.yaml: each language present and how far it is. `complete`: every file of the language
 * must have every translation (npm test fails otherwise); `in-progress`: missing translations are reported, and
 * only the files listed under `complete` must be complete.
 */
export const ZI18nManifestSchema = z.partialRecord(
  z.enum(NATIVE_LANGUAGE_CODES),
  z.strictObject({
    status: z.enum(['in-progress', 'complete']),
    complete: z.array(z.string().min(1)).optional(),
  }),
);
export type TI18nManifest = z.infer<typeof ZI18nManifestSchema>;

// `npm run content:translate` (docs/content.md, "Machine translation"): fills the missing translations of content/i18n
// through DeepL or Google Cloud Translation (the translator's own providers), marks them `machine`, and never
// touches a translation that exists (machine or reviewed) or whose source changed.
import type { TI18nFile, TNativeLanguageCode } from '@polski/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import type { Catalogue } from '../../apps/api/src/modules/content/catalogue';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { i18nFilePath, type TUnit } from '../../apps/api/src/modules/content/i18n';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import {
  TranslationProviderError,
  type TBatchTranslationProvider,
} from '../../apps/api/src/modules/translation/providers/provider';
import { readI18nFile, syncEntries, writeI18nFile } from './files';

/** Texts translated from the Polish: sentences, titles, questions, transcript lines. Glosses, meanings, summaries,
 * notes and grammar texts are translated from the English, which fixes the sense a bare Polish word leaves open. */
const FROM_POLISH = /^(?:p\d+\.s\d+|q\d+|title|line\.\d+)$/;
export const sourceOf = (u: TUnit): { lang: 'pl' | 'en'; text: string } =>
  u.pl !== undefined && FROM_POLISH.test(u.key) ? { lang: 'pl', text: u.pl } : { lang: 'en', text: u.en };

export interface TTranslateOptions {
  catalogue: Catalogue;
  contentDir: string;
  langs: TNativeLanguageCode[];
  provider: TBatchTranslationProvider;
  /** Only source files whose id starts with this. */
  only?: string;
  /** Texts per request (DeepL takes at most 50). */
  batchSize?: number;
  /** Attempts per request on 429, 5xx and connection failures, with exponential backoff from `backoffMs`. */
  attempts?: number;
  backoffMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface TTranslateResult {
  translated: number;
  files: number;
  requests: number;
}

async function withRetries<T>(
  work: () => Promise<T>,
  attempts: number,
  backoffMs: number,
  log: (line: string) => void,
): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await work();
    } catch (e) {
      const retry = e instanceof TranslationProviderError && e.retryable && i < attempts;
      if (!retry) throw e;
      const wait = backoffMs * 2 ** (i - 1);
      log(`  ${(e as Error).message}; retrying in ${wait} ms (attempt ${i + 1} of ${attempts})`);
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}

/** Translates every missing text of `langs`, file by file (each file written when done, so a stop loses little). */
export async function translateContent(o: TTranslateOptions): Promise<TTranslateResult> {
  const log = o.log ?? ((line) => console.log(line));
  const batchSize = o.batchSize ?? 50;
  const attempts = o.attempts ?? 5;
  const backoffMs = o.backoffMs ?? 500;
  const result: TTranslateResult = { translated: 0, files: 0, requests: 0 };
  const ids = o.catalogue.sourceIds().filter((id) => !o.only || id === o.only || id.startsWith(`${o.only}/`));
  for (const lang of o.langs) {
    const todo = ids.map((id) => {
      const path = i18nFilePath(o.contentDir, lang, id);
      const { file } = syncEntries(
        readI18nFile(path),
        o.catalogue.units(id) ?? [],
        lang as TI18nFile['lang'],
        id,
      );
      const units = new Map((o.catalogue.units(id) ?? []).map((u) => [u.key, u]));
      // missing (or empty) and current: a stale entry keeps its old text until a person looks at it
      const keys = Object.entries(file.entries)
        .filter(
          ([key, e]) => units.get(key)?.src === e.src && (e.status === 'missing' || e.text.trim() === ''),
        )
        .filter(([, e]) => e.status !== 'reviewed')
        .map(([key]) => key);
      return { id, path, file, units, keys };
    });
    const total = todo.reduce((n, f) => n + f.keys.length, 0);
    let done = 0;
    log(`${lang}: ${total} texts to translate in ${todo.filter((f) => f.keys.length).length} files`);
    for (const f of todo) {
      if (!f.keys.length) continue;
      for (const from of ['pl', 'en'] as const) {
        const keys = f.keys.filter((k) => sourceOf(f.units.get(k)!).lang === from);
        for (let i = 0; i < keys.length; i += batchSize) {
          const batch = keys.slice(i, i + batchSize);
          const texts = batch.map((k) => sourceOf(f.units.get(k)!).text);
          const out = await withRetries(
            () => {
              result.requests += 1;
              return o.provider.translateMany(texts, from, lang, AbortSignal.timeout(o.timeoutMs ?? 30000));
            },
            attempts,
            backoffMs,
            log,
          );
          batch.forEach((k, j) => {
            const e = f.file.entries[k];
            f.file.entries[k] = { ...e, text: out[j], status: 'machine' };
          });
          done += batch.length;
        }
      }
      writeI18nFile(f.path, f.file);
      result.files += 1;
      result.translated += f.keys.length;
      log(`${lang}: ${done}/${total} ${f.id}`);
    }
  }
  return result;
}

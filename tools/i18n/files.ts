// Writing content/i18n/<lang>/<id>.yaml (docs/content.md, "Translations"): the skeleton of a language from the
// catalogue's units, keeping every translation already written.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parse, stringify } from 'yaml';
import { ZI18nFileSchema, type TI18nEntry, type TI18nFile } from '@polski/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import type { Catalogue } from '../../apps/api/src/modules/content/catalogue';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { i18nFilePath, type TUnit } from '../../apps/api/src/modules/content/i18n';

export const FILE_HEADER =
  '# Translations of the content (docs/content.md, "Translations"). Fill `text` from the Polish (`pl`, with `en` as\n' +
  '# a guide) and set `status: reviewed` once a person has checked it. `src` ties the entry to its source: do not\n' +
  '# edit it; `npx tsx tools/i18n-skeleton.ts <lang>` keeps keys, `src`, `pl` and `en` current.\n';

export function readI18nFile(path: string): TI18nFile | undefined {
  if (!existsSync(path)) return undefined;
  return ZI18nFileSchema.parse(parse(readFileSync(path, 'utf8')));
}

export function writeI18nFile(path: string, file: TI18nFile): void {
  mkdirSync(dirname(path), { recursive: true });
  // quoted where a YAML 1.1 reader would take a word for something else (`yes`, `no`, `on` as booleans): translators'
  // tools often read YAML 1.1, and saw the lesson's `tak: yes` as `True`
  writeFileSync(path, FILE_HEADER + stringify(file, { lineWidth: 0, compat: 'yaml-1.1' }), 'utf8');
}

export interface TSyncReport {
  added: number;
  /** Entries whose source changed (stale); reset to missing only with `resetStale`. */
  stale: string[];
  /** Entries whose key no longer exists; removed only with `prune`. */
  unknown: string[];
  changed: boolean;
}

/**
 * The file's entries brought in line with the units: new units added as missing, the `pl`/`en` of current entries
 * refreshed, entries in the units' order. A stale entry (its `src` differs) is kept as it is unless `resetStale`
 * (then it is missing again), so that the gates name it and nobody loses a translation silently; an entry whose key
 * is gone is kept unless `prune`.
 */
export function syncEntries(
  existing: TI18nFile | undefined,
  units: TUnit[],
  lang: TI18nFile['lang'],
  id: string,
  options: { resetStale?: boolean; prune?: boolean } = {},
): { file: TI18nFile; report: TSyncReport } {
  const old = existing?.entries ?? {};
  const entries: Record<string, TI18nEntry> = {};
  const report: TSyncReport = { added: 0, stale: [], unknown: [], changed: false };
  for (const u of units) {
    const e = old[u.key];
    const fresh: TI18nEntry = {
      src: u.src,
      ...(u.pl !== undefined ? { pl: u.pl } : {}),
      en: u.en,
      text: '',
      status: 'missing',
    };
    if (!e) {
      entries[u.key] = fresh;
      report.added += 1;
    } else if (e.src !== u.src) {
      report.stale.push(u.key);
      entries[u.key] = options.resetStale ? fresh : e;
    } else {
      entries[u.key] = {
        src: u.src,
        ...(u.pl !== undefined ? { pl: u.pl } : {}),
        en: u.en,
        text: e.text,
        status: e.status,
      };
    }
  }
  const known = new Set(units.map((u) => u.key));
  for (const [key, e] of Object.entries(old)) {
    if (known.has(key)) continue;
    report.unknown.push(key);
    if (!options.prune) entries[key] = e;
  }
  const file: TI18nFile = { lang, source: id, entries };
  report.changed = JSON.stringify(existing) !== JSON.stringify(file);
  return { file, report };
}

/** Writes or updates every file of `lang`; returns what changed per file. */
export function writeSkeleton(
  catalogue: Catalogue,
  contentDir: string,
  lang: TI18nFile['lang'],
  options: { resetStale?: boolean; prune?: boolean; only?: (id: string) => boolean } = {},
): Map<string, TSyncReport> {
  const out = new Map<string, TSyncReport>();
  for (const id of catalogue.sourceIds()) {
    if (options.only && !options.only(id)) continue;
    const units = catalogue.units(id) ?? [];
    const path = i18nFilePath(contentDir, lang, id);
    const { file, report } = syncEntries(readI18nFile(path), units, lang, id, options);
    if (report.changed) writeI18nFile(path, file);
    out.set(id, report);
  }
  return out;
}

/**
 * The offline dictionary as it was before the packed tables of offline-dictionary.ts (2026-11-22): every file parsed
 * into JS Maps of strings on V8's heap (~67 MB live for the morphology). Kept unchanged (but for
 * `morphology()`, public here so tests can enumerate the forms), only as the reference that
 * offline-dictionary.spec.ts and offline-dictionary.bench.ts compare the packed tables with; the product
 * does not import it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { POLISH } from '@polski/contracts';
import {
  DEFAULT_DICTIONARY_DIR,
  reverseKey,
  type TDictEntry,
  type TReverseHit,
} from '../../src/modules/translation/dictionary/offline-dictionary';

const gunzipAsync = promisify(gunzip);

interface TManifest {
  pairs: { source: string; target: string; file: string; headwords: number }[];
  morphology: { file: string } | null;
}

type TPacked = [pos: string, senses: string[], ipa?: string];
type TEntries = Map<string, TDictEntry[]>;

const lowerFirst = (w: string) => w.charAt(0).toLowerCase() + w.slice(1);

export class ReferenceDictionary {
  private manifestCache?: TManifest;
  private readonly loads = new Map<string, Promise<unknown>>();

  constructor(readonly dir: string = DEFAULT_DICTIONARY_DIR) {}

  private manifest(): TManifest {
    if (!this.manifestCache) {
      const file = join(this.dir, 'manifest.json');
      this.manifestCache = existsSync(file)
        ? (JSON.parse(readFileSync(file, 'utf8')) as TManifest)
        : { pairs: [], morphology: null };
    }
    return this.manifestCache;
  }

  /** Native languages with Polish -> X data (X -> Polish works for the same ones, by reverse lookup). */
  languagesWithData(): string[] {
    return this.manifest()
      .pairs.filter((p) => p.source === POLISH)
      .map((p) => p.target)
      .sort();
  }

  hasLanguage(lang: string): boolean {
    return this.languagesWithData().includes(lang);
  }

  private once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let p = this.loads.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load();
      // a failed load is retried next time rather than cached
      p.catch(() => this.loads.delete(key));
      this.loads.set(key, p);
    }
    return p;
  }

  private async readGz(file: string): Promise<string> {
    return (await gunzipAsync(await readFile(join(this.dir, file)))).toString('utf8');
  }

  private entriesOf(source: string, target: string): Promise<TEntries | null> {
    const pair = this.manifest().pairs.find((p) => p.source === source && p.target === target);
    if (!pair) return Promise.resolve(null);
    return this.once(`pair:${pair.file}`, async () => {
      const data = JSON.parse(await this.readGz(pair.file)) as { entries: Record<string, TPacked[]> };
      const map: TEntries = new Map();
      for (const [headword, list] of Object.entries(data.entries)) {
        map.set(
          headword,
          list.map(([pos, senses, ipa]) =>
            ipa ? { headword, pos, senses, ipa } : { headword, pos, senses },
          ),
        );
      }
      return map;
    });
  }

  /** Polish headword -> entries in `lang`, or null when there is no data for that language. */
  polishTo(lang: string): Promise<TEntries | null> {
    return this.entriesOf(POLISH, lang);
  }

  /** Direct X -> Polish data (English only today), or null. */
  intoPolish(lang: string): Promise<TEntries | null> {
    return this.entriesOf(lang, POLISH);
  }

  /** For X -> Polish without direct data: every item of every sense of the Polish -> X dictionary, inverted. */
  reverseIndex(lang: string): Promise<Map<string, TReverseHit[]> | null> {
    return this.once(`reverse:${lang}`, async () => {
      const entries = await this.polishTo(lang);
      if (!entries) return null;
      const index = new Map<string, TReverseHit[]>();
      for (const [headword, list] of entries) {
        for (const e of list) {
          e.senses.forEach((sense, si) => {
            sense.split(/[,;]\s*/).forEach((item, ii) => {
              const key = reverseKey(item);
              if (!key) return;
              const hits = index.get(key) ?? [];
              const rank = si * 10 + ii + (e.pos === 'proper noun' ? 100 : 0);
              const existing = hits.find((h) => h.headword === headword);
              if (existing) existing.rank = Math.min(existing.rank, rank);
              else hits.push({ headword, rank });
              index.set(key, hits);
            });
          });
        }
      }
      for (const hits of index.values())
        hits.sort((a, b) => a.rank - b.rank || a.headword.localeCompare(b.headword, 'pl'));
      return index;
    });
  }

  /** Inflected form -> lemma(s), restricted to lemmas that are dictionary headwords. */
  morphology(): Promise<Map<string, string | string[]>> {
    return this.once('morphology', async () => {
      const map = new Map<string, string | string[]>();
      const file = this.manifest().morphology?.file;
      if (!file) return map;
      const text = await this.readGz(file);
      for (const line of text.split('\n')) {
        const tab = line.indexOf('\t');
        if (tab < 0) continue;
        const lemma = line.slice(0, tab);
        for (const form of line.slice(tab + 1).split(' ')) {
          const cur = map.get(form);
          if (cur === undefined) map.set(form, lemma);
          else if (typeof cur === 'string') map.set(form, [cur, lemma]);
          else cur.push(lemma);
        }
      }
      return map;
    });
  }

  /**
   * Dictionary forms of a Polish word, best first: the word itself when it is a headword (of Polish -> `lang`, else
   * Polish -> English), then the lemmas Morfologik gives for it as an inflected form; tried as typed and with a
   * lower-case first letter (sentence starts).
   */
  async lemmasOf(word: string, lang = 'en'): Promise<string[]> {
    const [morph, entries, english] = await Promise.all([
      this.morphology(),
      this.polishTo(lang),
      this.polishTo('en'),
    ]);
    const out: string[] = [];
    const add = (w: string) => {
      if (!out.includes(w)) out.push(w);
    };
    const variants = [...new Set([word, lowerFirst(word), word.toLowerCase()])];
    for (const v of variants) if (entries?.has(v) || english?.has(v)) add(v);
    // several lemmas ("mam": mama, mieć): without frequency data, the word with the longer entry is the likelier one
    const weight = (l: string) =>
      (entries?.get(l) ?? english?.get(l) ?? []).reduce(
        (n, e) => n + (e.pos === 'proper noun' ? 0 : e.senses.length),
        0,
      );
    const inflected = new Set<string>();
    for (const v of variants) {
      const lemmas = morph.get(v);
      if (lemmas !== undefined)
        for (const l of typeof lemmas === 'string' ? [lemmas] : lemmas) inflected.add(l);
    }
    for (const l of [...inflected].sort((a, b) => weight(b) - weight(a))) add(l);
    return out;
  }

  /** Entries of a Polish headword in `lang` (with the IPA of the Polish -> English data when the pair has none). */
  async polishEntries(headword: string, lang: string): Promise<TDictEntry[]> {
    const [entries, english] = await Promise.all([this.polishTo(lang), this.polishTo('en')]);
    const list = entries?.get(headword) ?? [];
    const ipa = english?.get(headword)?.find((e) => e.ipa)?.ipa;
    return list.map((e) => (e.ipa || !ipa ? e : { ...e, ipa }));
  }

  /** Loads everything a Polish lookup in `lang` needs (the word checker warms it up at start). */
  async warmUp(lang = 'en'): Promise<void> {
    await Promise.all([this.morphology(), this.polishTo(lang), this.polishTo('en')]);
  }
}

import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { POLISH } from '@polski/contracts';
import { workspacePath } from '../../../lib/paths';
import { FormTable, JsonMembers, KeyTable, Slicer } from './packed-tables';

const gunzipAsync = promisify(gunzip);

/** The folder tools/build-dictionary.mjs writes; shipped with the product. */
export const DEFAULT_DICTIONARY_DIR = workspacePath('data', 'dictionary');

export interface TDictEntry {
  headword: string;
  pos: string;
  senses: string[];
  ipa?: string;
}

interface TManifest {
  pairs: { source: string; target: string; file: string; headwords: number }[];
  morphology: { file: string } | null;
}

type TPacked = [pos: string, senses: string[], ipa?: string];

/** Polish (or English) headword -> its entries; what a Map<string, TDictEntry[]> offered, read-only. */
export interface TEntryTable {
  readonly size: number;
  has(headword: string): boolean;
  /** A new array of new entries on each call (decoded from the packed bytes). */
  get(headword: string): TDictEntry[] | undefined;
}

/** Reverse-index key (see `reverseKey`) -> Polish headwords, best first. */
export interface TReverseTable {
  readonly size: number;
  get(key: string): TReverseHit[] | undefined;
}

/** A Polish word found through the reverse index of a Polish -> X dictionary. */
export interface TReverseHit {
  headword: string;
  /** lower is better: the position of the matching sense and item */
  rank: number;
}

const lowerFirst = (w: string) => w.charAt(0).toLowerCase() + w.slice(1);

/** Lower-cased, "to " of English infinitives and bracketed notes removed: the key of the reverse index. */
export function reverseKey(s: string): string {
  return s
    .normalize('NFC')
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/^\s*to\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Headwords in file order, each with the bytes of its entries' JSON in the file, parsed on lookup. */
class PackedEntries implements TEntryTable {
  private constructor(
    private readonly keys: KeyTable,
    /** the pair file; entries of headword i: JSON of its `TPacked[]` in text[starts[i], ends[i]) */
    private readonly text: Buffer,
    private readonly starts: Uint32Array,
    private readonly ends: Uint32Array,
  ) {}

  /** From a pair file's bytes: headwords in Object.entries order, as the Map it replaces was filled. */
  static async build(file: Buffer): Promise<PackedEntries> {
    const slicer = new Slicer();
    const m = await JsonMembers.scan(file, 'entries', slicer);
    m.starts.forEach((at, i) => {
      if (m.text[at] !== 0x5b) throw new TypeError(`entries of "${m.names[i]}" are not a list`);
    });
    return new PackedEntries(await KeyTable.build(m.names, slicer), m.text, m.starts, m.ends);
  }

  get size(): number {
    return this.keys.size;
  }

  get bytes(): number {
    return this.keys.bytes + this.text.byteLength + this.starts.byteLength + this.ends.byteLength;
  }

  has(headword: string): boolean {
    return this.keys.indexOf(headword) >= 0;
  }

  get(headword: string): TDictEntry[] | undefined {
    const i = this.keys.indexOf(headword);
    return i < 0 ? undefined : this.entriesAt(i, headword);
  }

  headwordAt(i: number): string {
    return this.keys.keyAt(i);
  }

  entriesAt(i: number, headword = this.keys.keyAt(i)): TDictEntry[] {
    const list = JSON.parse(this.text.toString('utf8', this.starts[i], this.ends[i])) as TPacked[];
    return list.map(([pos, senses, ipa]) =>
      ipa ? { headword, pos, senses, ipa } : { headword, pos, senses },
    );
  }
}

/** The reverse index packed: key -> a range of (headword index, rank) pairs, sorted as the Map's lists were. */
class PackedReverse implements TReverseTable {
  private constructor(
    private readonly keys: KeyTable,
    /** hits of key i: heads/ranks[ranges[i], ranges[i + 1]) */
    private readonly ranges: Uint32Array,
    private readonly heads: Uint32Array,
    private readonly ranks: Int32Array,
    private readonly entries: PackedEntries,
  ) {}

  /** Every item of every sense of the Polish -> X entries, inverted; yields to the event loop as it goes. */
  static async build(entries: PackedEntries): Promise<PackedReverse> {
    type THit = TReverseHit & { i: number };
    const slicer = new Slicer();
    const index = new Map<string, THit[]>();
    for (let i = 0; i < entries.size; i++) {
      const headword = entries.headwordAt(i);
      for (const e of entries.entriesAt(i, headword)) {
        e.senses.forEach((sense, si) => {
          sense.split(/[,;]\s*/).forEach((item, ii) => {
            const key = reverseKey(item);
            if (!key) return;
            const hits = index.get(key) ?? [];
            const rank = si * 10 + ii + (e.pos === 'proper noun' ? 100 : 0);
            const existing = hits.find((h) => h.headword === headword);
            if (existing) existing.rank = Math.min(existing.rank, rank);
            else hits.push({ headword, rank, i });
            index.set(key, hits);
          });
        });
      }
      if (slicer.due()) await slicer.pause();
    }
    const keys = [...index.keys()];
    const ranges = new Uint32Array(keys.length + 1);
    let count = 0;
    for (const hits of index.values()) count += hits.length;
    const heads = new Uint32Array(count);
    const ranks = new Int32Array(count);
    let at = 0;
    for (let k = 0; k < keys.length; k++) {
      const hits = index.get(keys[k])!;
      hits.sort((a, b) => a.rank - b.rank || a.headword.localeCompare(b.headword, 'pl'));
      ranges[k] = at;
      for (const h of hits) {
        heads[at] = h.i;
        ranks[at++] = h.rank;
      }
      if (slicer.due()) await slicer.pause();
    }
    ranges[keys.length] = at;
    return new PackedReverse(await KeyTable.build(keys, slicer), ranges, heads, ranks, entries);
  }

  get size(): number {
    return this.keys.size;
  }

  get bytes(): number {
    return this.keys.bytes + this.ranges.byteLength + this.heads.byteLength + this.ranks.byteLength;
  }

  get(key: string): TReverseHit[] | undefined {
    const k = this.keys.indexOf(key);
    if (k < 0) return undefined;
    const out: TReverseHit[] = [];
    for (let j = this.ranges[k]; j < this.ranges[k + 1]; j++)
      out.push({ headword: this.entries.headwordAt(this.heads[j]), rank: this.ranks[j] });
    return out;
  }
}

/**
 * The offline dictionary data (data/dictionary): Polish -> native language entries, English -> Polish entries, and the
 * inflected-form -> lemma map. Every file is read lazily on first use and kept for the life of the process, packed
 * into Buffers and typed arrays (packed-tables.ts; ~13 MB for the morphology and Polish -> English, outside V8's
 * heap) and decoded only to answer; one instance per folder is shared by every app in the process (see
 * `offlineDictionary`).
 */
export class OfflineDictionary {
  private manifestCache?: TManifest;
  private readonly loads = new Map<string, Promise<unknown>>();
  private readonly packed: { bytes: number }[] = [];

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

  /** Bytes of the tables loaded so far (outside V8's heap). */
  packedBytes(): number {
    return this.packed.reduce((n, t) => n + t.bytes, 0);
  }

  private once<T extends { bytes: number } | null>(key: string, load: () => Promise<T>): Promise<T> {
    let p = this.loads.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load().then((table) => {
        if (table) this.packed.push(table);
        return table;
      });
      // a failed load is retried next time rather than cached
      p.catch(() => this.loads.delete(key));
      this.loads.set(key, p);
    }
    return p;
  }

  private async readGz(file: string): Promise<Buffer> {
    const gz = await readFile(join(this.dir, file));
    // one output chunk of the size the gzip trailer gives (mod 2^32): no 16 KiB chunks to concatenate and free
    const size = gz.length >= 4 ? gz.readUInt32LE(gz.length - 4) : 0;
    return gunzipAsync(gz, { chunkSize: Math.min(Math.max(size + 1, 64 * 1024), 64 * 1024 * 1024) });
  }

  private entriesOf(source: string, target: string): Promise<PackedEntries | null> {
    const pair = this.manifest().pairs.find((p) => p.source === source && p.target === target);
    if (!pair) return Promise.resolve(null);
    return this.once(`pair:${pair.file}`, async () => PackedEntries.build(await this.readGz(pair.file)));
  }

  /** Polish headword -> entries in `lang`, or null when there is no data for that language. */
  polishTo(lang: string): Promise<TEntryTable | null> {
    return this.entriesOf(POLISH, lang);
  }

  /** Direct X -> Polish data (English only today), or null. */
  intoPolish(lang: string): Promise<TEntryTable | null> {
    return this.entriesOf(lang, POLISH);
  }

  /** For X -> Polish without direct data: every item of every sense of the Polish -> X dictionary, inverted. */
  reverseIndex(lang: string): Promise<TReverseTable | null> {
    return this.once(`reverse:${lang}`, async () => {
      const entries = await this.entriesOf(POLISH, lang);
      return entries && PackedReverse.build(entries);
    });
  }

  /** Inflected form -> lemma(s), restricted to lemmas that are dictionary headwords; null without a file. */
  private morphology(): Promise<FormTable | null> {
    return this.once('morphology', async () => {
      const file = this.manifest().morphology?.file;
      return file ? FormTable.build(await this.readGz(file)) : null;
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
    for (const v of variants) if (morph) for (const l of morph.lemmasOf(v)) inflected.add(l);
    // weights computed once (entries are decoded per lookup); the sort is stable, as before
    const weighed = [...inflected].map((l) => ({ l, w: weight(l) }));
    for (const { l } of weighed.sort((a, b) => b.w - a.w)) add(l);
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

const shared = new Map<string, OfflineDictionary>();

/** The process-wide instance for a data folder: the data is read once however many apps the process builds. */
export function offlineDictionary(dir: string = DEFAULT_DICTIONARY_DIR): OfflineDictionary {
  let d = shared.get(dir);
  if (!d) shared.set(dir, (d = new OfflineDictionary(dir)));
  return d;
}

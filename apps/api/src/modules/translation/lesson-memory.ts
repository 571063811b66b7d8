import { CONTENT_LANGUAGES, POLISH, type TTranslationLanguage } from '@polski/contracts';
import type { Catalogue } from '../content/catalogue';
import { readTranslationFile } from '../content/i18n';

/**
 * The translator's memory of our own lessons (docs/translation.md, "Translation memory"): a text that is, once
 * normalised, a sentence line of a lesson or podcast transcript is answered with our reviewed translation of it, in
 * either direction (Polish to the learner's language, or back). English is the lessons' own `en`; the other
 * languages are content/i18n's entries with `status: reviewed` and a current source, read per language on the first
 * request that needs that language. A premium lesson's sentences answer only a reader with premium.
 */

/** Case, punctuation and whitespace do not matter: NFC, lower case, punctuation and symbols dropped, spaces collapsed. */
export function memoryKey(text: string): string {
  return text
    .normalize('NFC')
    .toLocaleLowerCase('und')
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

interface TMemoryLine {
  /** The line in each language we have a reviewed text of ('pl' always). */
  texts: Map<string, string>;
  premium: boolean;
}

/** Lets other requests run between two files of a language being read. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class LessonMemory {
  /** `${lang}\n${memoryKey(text)}` -> the lines with that text (free ones first). */
  private readonly index = new Map<string, TMemoryLine[]>();
  /** Every line by source file id, then key (`p0.s1`, `line.3`); the lists are in the index's order. */
  private readonly byFile = new Map<string, Map<string, TMemoryLine>>();
  /** A language's translations, read once (or being read): its files are ~2 MB of YAML each. */
  private readonly reading = new Map<string, Promise<void>>();

  constructor(
    private readonly catalogue: Catalogue,
    /** Told when a language's files could not be read (that request answers without them; the next tries again). */
    private readonly onReadError: (lang: string, error: unknown) => void = () => undefined,
  ) {
    const add = (id: string, key: string, premium: boolean, pl: string, en: string) => {
      let file = this.byFile.get(id);
      if (!file) this.byFile.set(id, (file = new Map()));
      file.set(key, {
        texts: new Map([
          [POLISH, pl],
          ['en', en],
        ]),
        premium,
      });
    };
    for (const l of catalogue.allLessons())
      l.paragraphs.forEach((p, i) =>
        p.sentences.forEach((s, j) =>
          add(`lessons/${l.hub}/${l.slug}`, `p${i}.s${j}`, l.premium, s.pl, s.en),
        ),
      );
    for (const e of catalogue.podcast)
      e.data.transcript.forEach((line, i) =>
        add(`podcast/${e.data.slug}`, `line.${i}`, false, line.pl, line.en),
      );
    this.indexLanguage(POLISH);
    this.indexLanguage('en');
  }

  /** The languages other than Polish and English whose translations have been read, in the order asked. */
  get languagesRead(): string[] {
    return [...this.reading.keys()];
  }

  /** Our reviewed translation of `text` into `target`, if it is one of our lines and the reader may read it. */
  async lookup(
    text: string,
    source: TTranslationLanguage,
    target: TTranslationLanguage,
    premium: boolean,
  ): Promise<string | undefined> {
    const key = memoryKey(text);
    if (!key) return undefined;
    await Promise.all([this.read(source), this.read(target)]);
    for (const line of this.index.get(`${source}\n${key}`) ?? []) {
      if (line.premium && !premium) continue;
      const out = line.texts.get(target);
      if (out !== undefined) return out;
    }
    return undefined;
  }

  private read(lang: string): Promise<void> {
    if (lang === POLISH || lang === 'en' || !(CONTENT_LANGUAGES as readonly string[]).includes(lang))
      return Promise.resolve();
    let done = this.reading.get(lang);
    if (!done) {
      done = this.readLanguage(lang).catch((e: unknown) => {
        // a request after this one tries again; this one answers without the memory of that language
        this.reading.delete(lang);
        this.onReadError(lang, e);
      });
      this.reading.set(lang, done);
    }
    return done;
  }

  /** Reads `lang`'s lesson and episode files one at a time, yielding between files, then indexes its lines. */
  private async readLanguage(lang: string): Promise<void> {
    const texts: [TMemoryLine, string][] = [];
    for (const [id, lines] of this.byFile) {
      await nextTurn();
      const file = readTranslationFile(this.catalogue.dir, lang, id);
      if (!file) continue;
      for (const u of this.catalogue.units(id) ?? []) {
        const line = lines.get(u.key);
        const e = file.entries[u.key];
        if (line && e && e.status === 'reviewed' && e.src === u.src && e.text.trim())
          texts.push([line, e.text]);
      }
    }
    for (const [line, text] of texts) line.texts.set(lang, text);
    this.indexLanguage(lang);
  }

  private indexLanguage(lang: string): void {
    const lines = [...this.byFile.values()].flatMap((f) => [...f.values()]);
    for (const line of lines.sort((a, b) => Number(a.premium) - Number(b.premium))) {
      const text = line.texts.get(lang);
      if (text === undefined) continue;
      const k = `${lang}\n${memoryKey(text)}`;
      const list = this.index.get(k);
      if (list) list.push(line);
      else this.index.set(k, [line]);
    }
  }
}

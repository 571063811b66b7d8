import { POLISH, type TTranslationLanguage } from '@polski/contracts';
import type { Catalogue } from '../content/catalogue';
import { languageDirs, readLanguage } from '../content/i18n';

/**
 * The translator's memory of our own lessons (docs/translation.md, "Translation memory"): a text that is, once
 * normalised, a sentence line of a lesson or podcast transcript is answered with our reviewed translation of it, in
 * either direction (Polish to the learner's language, or back). English is the lessons' own `en`; the other
 * languages are content/i18n's entries with `status: reviewed` and a current source. A premium lesson's sentences
 * answer only a reader with premium.
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

export class LessonMemory {
  /** `${lang}\n${memoryKey(text)}` -> the lines with that text (free ones first). */
  private readonly index = new Map<string, TMemoryLine[]>();

  constructor(catalogue: Catalogue) {
    const lines = new Map<string, TMemoryLine>();
    const add = (id: string, key: string, premium: boolean, pl: string, en: string) =>
      lines.set(`${id}#${key}`, {
        texts: new Map([
          [POLISH, pl],
          ['en', en],
        ]),
        premium,
      });
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
    // the other languages: reviewed translations whose source is current
    for (const lang of languageDirs(catalogue.dir)) {
      for (const [id, file] of readLanguage(catalogue.dir, lang).files) {
        if (!id.startsWith('lessons/') && !id.startsWith('podcast/')) continue;
        for (const u of catalogue.units(id) ?? []) {
          const line = lines.get(`${id}#${u.key}`);
          const e = file.entries[u.key];
          if (line && e && e.status === 'reviewed' && e.src === u.src && e.text.trim())
            line.texts.set(lang, e.text);
        }
      }
    }
    for (const line of [...lines.values()].sort((a, b) => Number(a.premium) - Number(b.premium)))
      for (const [lang, text] of line.texts) {
        const k = `${lang}\n${memoryKey(text)}`;
        const list = this.index.get(k);
        if (list) list.push(line);
        else this.index.set(k, [line]);
      }
  }

  /** Our reviewed translation of `text` into `target`, if it is one of our lines and the reader may read it. */
  lookup(
    text: string,
    source: TTranslationLanguage,
    target: TTranslationLanguage,
    premium: boolean,
  ): string | undefined {
    const key = memoryKey(text);
    if (!key) return undefined;
    for (const line of this.index.get(`${source}\n${key}`) ?? []) {
      if (line.premium && !premium) continue;
      const out = line.texts.get(target);
      if (out !== undefined) return out;
    }
    return undefined;
  }
}

// The quality gates of the content's translations (docs/content.md, "Translations"), run by
// tools/validate-content.ts and tools/i18n/gates.spec.ts (npm test): alignment (every entry still has its source),
// completeness, script and language identification.
import { detectAll } from 'tinyld';
import { CONTENT_LANGUAGES, tokenize, type TI18nEntry } from '@polski/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import type { Catalogue } from '../../apps/api/src/modules/content/catalogue';
// eslint-disable-next-line @nx/enforce-module-boundaries -- a tool that runs the API's own code, by path
import { languageDirs, loadManifest, readLanguage } from '../../apps/api/src/modules/content/i18n';

// ---- scripts ------------------------------------------------------------------------------------------------------
/** Letters beyond a-z that each Latin-script language writes (either case). */
export const LATIN_LETTERS: Record<string, string> = {
  es: 'áéíóúüñ',
  cs: 'áčďéěíňóřšťúůýž',
  da: 'æøåéü',
  de: 'äöüß',
  et: 'äöõüšž',
  fi: 'äöåšž',
  fr: 'àâæçéèêëîïôœùûüÿ',
  hu: 'áéíóöőúüű',
  id: 'é',
  it: 'àèéìíîòóùú',
  lt: 'ąčęėįšųūž',
  lv: 'āčēģīķļņšūž',
  nb: 'æøåéèêóòâô',
  nl: 'éëïöüèáóúâêîôûç',
  pt: 'áâãàçéêíóôõú',
  ro: 'ăâîșțşţ',
  sk: 'áäčďéíĺľňóôŕšťúýž',
  sl: 'čšžćđ',
  sv: 'åäöé',
  tr: 'çğıiöşüâîû',
};

/** The script a non-Latin language is written in: most of a translation's letters must be of it. */
export const SCRIPTS: Record<string, RegExp> = {
  uk: /\p{Script=Cyrillic}/u,
  ru: /\p{Script=Cyrillic}/u,
  bg: /\p{Script=Cyrillic}/u,
  el: /\p{Script=Greek}/u,
  ar: /\p{Script=Arabic}/u,
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー]/u,
  zh: /\p{Script=Han}/u,
  ko: /\p{Script=Hangul}/u,
};

/** Words a translation may quote in Polish: the source's own Polish texts (sentences, lemmas, forms, names). */
export function polishWords(texts: Iterable<string>): Set<string> {
  const out = new Set<string>();
  for (const t of texts) for (const tok of tokenize(t)) out.add(tok.text.toLowerCase());
  return out;
}

/** Letters only Polish writes among the languages in Latin script: a word with one is a quoted Polish word. */
const POLISH_ONLY = /[ąćęłńśźżĄĆĘŁŃŚŹŻ]/u;
/** The same for Lithuanian, which writes ą and ę itself. */
const POLISH_NOT_LITHUANIAN = /[ćłńóśźżĆŁŃÓŚŹŻ]/u;

/**
 * A quoted Polish word: one of the content's Polish words, or a Latin word with a letter only Polish has, or with ó
 * in a language that does not write ó (a Polish form the content's texts do not have: "biletów" in Turkish).
 */
const isPolish = (word: string, polish: Set<string>, lang: string) =>
  polish.has(word.toLowerCase()) ||
  (!SCRIPTS[lang] && (lang === 'lt' ? POLISH_NOT_LITHUANIAN : POLISH_ONLY).test(word)) ||
  (!SCRIPTS[lang] && !(LATIN_LETTERS[lang] ?? '').includes('ó') && /[óÓ]/u.test(word));

/**
 * A word cut where its script changes: Korean and Japanese write a particle straight after a quoted word
 * ("Zosia는", "Mruczekを"), which is then one token with the Polish word in it.
 */
const scriptRuns = (word: string): string[] => word.match(/\p{Script=Latin}+|\P{Script=Latin}+/gu) ?? [word];

/** Letters of `text` outside quoted Polish words. */
function ownLetters(text: string, polish: Set<string>, lang: string): string[] {
  const out: string[] = [];
  for (const tok of tokenize(text)) {
    if (tok.kind !== 'word') continue;
    for (const run of scriptRuns(tok.text)) {
      if (isPolish(run, polish, lang)) continue;
      out.push(...[...run].filter((c) => /\p{L}/u.test(c)));
    }
  }
  return out;
}

/** What is wrong with the script of `text` in `lang`, or undefined. */
export function scriptProblem(lang: string, text: string, polish: Set<string>): string | undefined {
  const letters = ownLetters(text, polish, lang);
  if (!letters.length) return undefined;
  const script = SCRIPTS[lang];
  if (script) {
    const inScript = letters.filter((c) => script.test(c)).length;
    if (lang === 'ja' && !/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text) && letters.length > 6)
      return 'Japanese without kana (Chinese?)';
    if (lang === 'zh' && /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text))
      return 'Chinese with kana (Japanese?)';
    return inScript * 2 >= letters.length
      ? undefined
      : `not in the ${lang} script (${inScript}/${letters.length} letters)`;
  }
  const own = LATIN_LETTERS[lang] ?? '';
  // the language's own lower case: Turkish İ is i (JavaScript's plain toLowerCase makes it i and a combining dot)
  const foreign = [
    ...new Set(letters.filter((c) => !/[a-z]/i.test(c) && !own.includes(c.toLocaleLowerCase(lang)))),
  ];
  return foreign.length ? `letters not of ${lang}: ${foreign.join(' ')}` : undefined;
}

// ---- language identification --------------------------------------------------------------------------------------
/**
 * The length rule: tinyld is asked only about texts of at least 4 words and 20 letters; shorter texts ("Danke",
 * "Hallo, Ania!") are often not identified, or wrongly. Quoted Polish words (the content's own, or words with a
 * letter only Polish has) are left out of the question, unless they are at least 80 % of its words: then the whole
 * text is asked whether it is Polish left untranslated. A text is flagged when tinyld's first answer is English (for
 * the text without its Polish) or Polish (for the whole text) with an accuracy of at least 0.5.
 */
export const DETECT_MIN_WORDS = 4;
export const DETECT_MIN_LETTERS = 20;
export const DETECT_MIN_ACCURACY = 0.5;

export function languageProblem(lang: string, text: string, polish: Set<string>): string | undefined {
  const all = tokenize(text).filter((t) => t.kind === 'word');
  const words = all.filter((t) => !isPolish(t.text, polish, lang));
  const letters = (ws: typeof all) => ws.reduce((n, w) => n + [...w.text].length, 0);
  // at least 80 % the content's Polish words: is it Polish left untranslated? (asked of the whole text)
  if (
    all.length >= DETECT_MIN_WORDS &&
    letters(all) >= DETECT_MIN_LETTERS &&
    words.length * 5 <= all.length
  ) {
    const [top] = detectAll(text);
    if (top && top.lang === 'pl' && top.accuracy >= DETECT_MIN_ACCURACY)
      return `reads as Polish (tinyld ${top.accuracy.toFixed(2)})`;
  }
  // else the text without its quoted Polish words
  if (words.length < DETECT_MIN_WORDS || letters(words) < DETECT_MIN_LETTERS) return undefined;
  const [top] = detectAll(words.map((w) => w.text).join(' '));
  if (!top || top.accuracy < DETECT_MIN_ACCURACY) return undefined;
  // only English here: Polish words the content does not have (patrzysz, Tomasz) are still quoted Polish
  if (top.lang === 'en' && lang !== 'en') return `reads as English (tinyld ${top.accuracy.toFixed(2)})`;
  return undefined;
}

// ---- one language ---------------------------------------------------------------------------------------------------
export interface TLanguageReport {
  lang: string;
  /** Failures: npm test fails on any. */
  errors: string[];
  /** Missing translations per file id (a file without its translation file counts all its texts). */
  missing: Map<string, number>;
  /** Texts translated (machine or reviewed) and reviewed. */
  translated: number;
  reviewed: number;
  total: number;
}

/** Every Polish text of the catalogue (sentences, words, lemmas, grammar tables): what a translation may quote. */
const polishOf = new WeakMap<Catalogue, Set<string>>();
export function cataloguePolish(catalogue: Catalogue): Set<string> {
  const known = polishOf.get(catalogue);
  if (known) return known;
  const texts: string[] = [];
  for (const id of catalogue.sourceIds())
    for (const u of catalogue.units(id) ?? []) if (u.pl) texts.push(u.pl);
  for (const t of catalogue.grammarTopics.values()) texts.push(...t.table.rows.flatMap((r) => r.slice(1)));
  const words = polishWords(texts);
  polishOf.set(catalogue, words);
  return words;
}

const norm = (t: string) => t.normalize('NFC').toLowerCase().replace(/\s+/gu, ' ').trim();

/** A Polish text that is only names (every word capitalised: "Bartosz Wiśniewski."): its translation may equal it. */
const namesOnly = (pl: string) =>
  tokenize(pl)
    .filter((t) => t.kind === 'word')
    .every((t) => /^\p{Lu}/u.test(t.text));

/** Checks one entry's text: status, script, language, left in English or Polish. */
export function entryProblems(lang: string, key: string, e: TI18nEntry, polish: Set<string>): string[] {
  const out: string[] = [];
  const empty = e.text.trim() === '';
  if (e.status === 'missing' && !empty)
    out.push(`${key}: has a text but status missing (set machine or reviewed)`);
  if (e.status === 'missing' || empty) return out;
  const script = scriptProblem(lang, e.text, polish);
  if (script) out.push(`${key}: ${script}: "${e.text}"`);
  const language = languageProblem(lang, e.text, polish);
  if (language) out.push(`${key}: ${language}: "${e.text}"`);
  const own = ownLetters(e.text, polish, lang);
  if (
    !language &&
    e.pl !== undefined &&
    tokenize(e.pl).length >= 2 &&
    !namesOnly(e.pl) &&
    norm(e.text) === norm(e.pl)
  )
    out.push(`${key}: left in Polish: "${e.text}"`);
  else if (
    !language &&
    own.length &&
    e.text.trim() === e.en.trim() &&
    e.text !== e.pl &&
    tokenize(e.text).length >= 2
  )
    out.push(`${key}: left in English: "${e.text}"`);
  return out;
}

export function checkLanguage(catalogue: Catalogue, contentDir: string, lang: string): TLanguageReport {
  const report: TLanguageReport = {
    lang,
    errors: [],
    missing: new Map(),
    translated: 0,
    reviewed: 0,
    total: 0,
  };
  if (!(CONTENT_LANGUAGES as readonly string[]).includes(lang)) {
    report.errors.push(
      `i18n/${lang}: not a language content is translated into (${CONTENT_LANGUAGES.join(', ')})`,
    );
    return report;
  }
  const manifest = loadManifest(contentDir)[lang as keyof ReturnType<typeof loadManifest>];
  if (!manifest) report.errors.push(`i18n/${lang}: not listed in content/i18n/languages.yaml`);
  const mustBeComplete = (id: string) =>
    manifest?.status === 'complete' || (manifest?.complete ?? []).includes(id);
  const { files, problems } = readLanguage(contentDir, lang);
  report.errors.push(...problems);
  const ids = new Set(catalogue.sourceIds());
  const polish = cataloguePolish(catalogue);
  for (const id of files.keys())
    if (!ids.has(id)) report.errors.push(`i18n/${lang}/${id}.yaml: no such source file (${id})`);
  for (const id of manifest?.complete ?? [])
    if (!ids.has(id))
      report.errors.push(`i18n/languages.yaml: ${lang} lists ${id} as complete, but there is no such source`);
  for (const id of ids) {
    const units = catalogue.units(id) ?? [];
    const file = files.get(id);
    const where = `i18n/${lang}/${id}.yaml`;
    report.total += units.length;
    let missing = 0;
    const known = new Set(units.map((u) => u.key));
    for (const key of Object.keys(file?.entries ?? {}))
      if (!known.has(key))
        report.errors.push(`${where}: ${key}: no such text in the source (removed or renamed)`);
    for (const u of units) {
      const e = file?.entries[u.key];
      if (!e || e.status === 'missing' || e.text.trim() === '') {
        missing += 1;
        if (e) report.errors.push(...entryProblems(lang, u.key, e, polish).map((p) => `${where}: ${p}`));
        continue;
      }
      if (e.src !== u.src) {
        report.errors.push(
          `${where}: ${u.key}: its source changed (src ${e.src}, now ${u.src}): translate "${u.pl ?? u.en}" again`,
        );
        continue;
      }
      report.translated += 1;
      if (e.status === 'reviewed') report.reviewed += 1;
      report.errors.push(...entryProblems(lang, u.key, e, polish).map((p) => `${where}: ${p}`));
    }
    if (missing) {
      report.missing.set(id, missing);
      if (mustBeComplete(id))
        report.errors.push(`${where}: ${missing} of ${units.length} texts not translated`);
    }
  }
  return report;
}

/** Every language directory present, and the manifest's languages. */
export function checkAllLanguages(catalogue: Catalogue, contentDir: string): TLanguageReport[] {
  const langs = new Set([...languageDirs(contentDir), ...Object.keys(loadManifest(contentDir))]);
  return [...langs].sort().map((lang) => checkLanguage(catalogue, contentDir, lang));
}

export function formatReport(r: TLanguageReport): string {
  const lines = [
    `${r.lang}: ${r.translated}/${r.total} texts translated (${r.reviewed} reviewed), ${r.missing.size} files incomplete, ${r.errors.length} errors`,
  ];
  for (const e of r.errors) lines.push(`  ${e}`);
  return lines.join('\n');
}

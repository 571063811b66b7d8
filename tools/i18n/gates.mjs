// The quality gates of the interface catalogues (docs/i18n.md, "Gates"): each returns a list of problems, empty
// when the catalogue passes. Run over every catalogue by tools/i18n-catalogues.spec.mjs.
import { compileMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { franc } from 'franc';
import { detect } from 'tinyld';

/** The argument names of a compiled message (plural, select and simple arguments, nested). */
function argumentsOf(compiled, out = new Set()) {
  if (!Array.isArray(compiled)) return out;
  for (const token of compiled) {
    if (typeof token === 'string') continue;
    const [name, , cases] = token;
    out.add(name);
    if (cases && typeof cases === 'object') for (const v of Object.values(cases)) argumentsOf(v, out);
  }
  return out;
}

/** The text a reader sees of a message, without its arguments (every branch of a plural or select). */
export function visibleText(compiled) {
  if (typeof compiled === 'string') return compiled;
  if (!Array.isArray(compiled)) return '';
  return compiled
    .map((token) => {
      if (typeof token === 'string') return token === '#' ? ' ' : token;
      const cases = token[2];
      return cases && typeof cases === 'object'
        ? Object.values(cases)
            .map((c) => visibleText(c))
            .join(' ')
        : ' ';
    })
    .join('');
}

const tags = (text) => (text.match(/<\/?\d+\/?>/g) ?? []).sort().join(' ');

/** Valid ICU; the same arguments and markup tags as English. */
export function icuProblems(english, catalogue) {
  const problems = [];
  for (const [key, value] of Object.entries(catalogue)) {
    let compiled;
    try {
      compiled = compileMessageOrThrow(value);
    } catch (err) {
      problems.push(`${key}: not valid ICU MessageFormat (${String(err.message).split('\n')[0]})`);
      continue;
    }
    if (!(key in english)) {
      problems.push(`${key}: not in the English catalogue`);
      continue;
    }
    const want = [...argumentsOf(compileMessage(english[key]))].sort().join(',');
    const got = [...argumentsOf(compiled)].sort().join(',');
    if (want !== got) problems.push(`${key}: arguments {${got}} differ from English {${want}}`);
    if (tags(value) !== tags(english[key])) problems.push(`${key}: markup differs from English`);
  }
  return problems;
}

/**
 * Names and words that stay in Latin letters in every language (the emails greet in Polish on purpose; brands,
 * payment methods and the file format of the data download are written as their owners write them).
 */
const KEPT_LATIN =
  /\b(?:YouTube|Premium|email|Polski Stories|Stripe|JSON|Visa|Mastercard|American Express|Apple Pay|Google Pay|DeepL|Google Translate|Google|B1|RSS|Powodzenia|Do widzenia)\b|Cześć/giu;

/** The letters each language writes with (docs/i18n.md, "Gates"); a language not listed is not checked. */
export const SCRIPTS = {
  uk: /[а-щьюяґєії’'ʼ]/iu,
  ru: /[а-яё]/iu,
  bg: /[а-ъьюя]/iu,
  el: /\p{Script=Greek}/u,
  ar: /[\p{Script=Arabic}]/u,
  ja: /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}ー々〆]/u,
  zh: /\p{Script=Han}/u,
  ko: /\p{Script=Hangul}/u,
  de: /[a-zäöüß]/iu,
  fr: /[a-zàâæçéèêëîïôœùûüÿ]/iu,
  es: /[a-záéíñóúü]/iu,
  it: /[a-zàèéìíîòóùú]/iu,
  pt: /[a-záâãàçéêíóôõú]/iu,
  ro: /[a-zăâîșțşţ]/iu,
  nl: /[a-záéèëíïóöúü]/iu,
  da: /[a-zæøåé]/iu,
  nb: /[a-zæøåéèêóòô]/iu,
  sv: /[a-zåäöé]/iu,
  fi: /[a-zåäöšž]/iu,
  et: /[a-zõäöüšž]/iu,
  hu: /[a-záéíóöőúüű]/iu,
  lt: /[a-ząčęėįšųūž]/iu,
  lv: /[a-zāčēģīķļņšūž]/iu,
  cs: /[a-záčďéěíňóřšťúůýž]/iu,
  sk: /[a-záäčďéíĺľňóôŕšťúýž]/iu,
  sl: /[a-zčšž]/iu,
  tr: /[a-zçğıİöşüâîû]/iu,
  id: /[a-z]/iu,
};

/** Every letter a reader sees is of the language's script (and, for Latin languages, its alphabet). */
export function scriptProblems(lang, catalogue) {
  const allowed = SCRIPTS[lang];
  if (!allowed) return [];
  const problems = [];
  for (const [key, value] of Object.entries(catalogue)) {
    const text = visibleText(compileMessage(value)).replace(KEPT_LATIN, ' ');
    const letters = [...text].filter((c) => /\p{L}/u.test(c));
    const foreign = letters.filter((c) => !allowed.test(c));
    if (foreign.length > 0)
      problems.push(`${key}: letters outside the ${lang} script: ${[...new Set(foreign)].join('')}`);
  }
  return problems;
}

/** The words a detector needs to be reliable (docs/i18n.md, "Gates"): shorter texts are not checked. */
export const MIN_WORDS_FOR_DETECTION = 4;

/**
 * Each language's code in franc (ISO 639-3): franc, asked to choose only between the language, English and Polish,
 * is the second opinion. Japanese is missing from franc's set; its script check does the work.
 */
const FRANC_CODES = {
  es: 'spa',
  ar: 'arb',
  bg: 'bul',
  cs: 'ces',
  da: 'dan',
  de: 'deu',
  el: 'ell',
  et: 'ekk',
  fi: 'fin',
  fr: 'fra',
  hu: 'hun',
  id: 'ind',
  it: 'ita',
  ko: 'kor',
  lt: 'lit',
  lv: 'lvs',
  nb: 'nob',
  nl: 'nld',
  pt: 'por',
  ro: 'ron',
  ru: 'rus',
  sk: 'slk',
  sl: 'slv',
  sv: 'swe',
  tr: 'tur',
  uk: 'ukr',
  zh: 'cmn',
};
const FRANC_FOUND = { eng: 'en', pol: 'pl' };

/**
 * A value of 4 or more words that reads as English or Polish (left untranslated, or wrong): tinyld says so, and
 * franc, choosing only between the language, English and Polish, agrees. One detector alone misreads short texts
 * of the languages closest to Polish (Slovak, Slovenian: tinyld does not know Slovenian) too often to gate on.
 */
export function languageProblems(lang, catalogue) {
  if (lang === 'en') return [];
  const problems = [];
  const own = FRANC_CODES[lang];
  for (const [key, value] of Object.entries(catalogue)) {
    const text = visibleText(compileMessage(value)).replace(KEPT_LATIN, ' ').replace(/\s+/g, ' ').trim();
    if (text.split(' ').filter((w) => /\p{L}/u.test(w)).length < MIN_WORDS_FOR_DETECTION) continue;
    const found = detect(text);
    if (found !== 'en' && found !== 'pl') continue;
    if (own && FRANC_FOUND[franc(text, { only: [own, 'eng', 'pol'], minLength: 1 })] !== found) continue;
    problems.push(`${key}: reads as ${found === 'en' ? 'English' : 'Polish'}: "${text}"`);
  }
  return problems;
}

/** Keys of English missing from a catalogue that must be complete. */
export function completenessProblems(english, catalogue) {
  return Object.keys(english)
    .filter((k) => typeof catalogue[k] !== 'string' || catalogue[k].trim() === '')
    .map((k) => `${k}: missing`);
}

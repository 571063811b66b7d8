// The interface catalogues (docs/i18n.md): one JSON file per language, `{ "key": "ICU message" }`, English the
// source. Read, merged over English (a missing key falls back to English) and compiled here with Lingui's own
// message compiler, so the browser gets Lingui's compiled form and never parses ICU itself. Used by the web build's
// plugin (./catalogue-plugin.mjs) and by the catalogue gates (tools/i18n/catalogue-gates.spec.mjs).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { compileMessageOrThrow as compileMessage } from '@lingui/message-utils/compileMessage';

export const SOURCE_LANGUAGE = 'en';

/** Keys under this prefix are the app shell's (every page, first paint): English ships them in the entry. */
export const SHELL_PREFIX = 'shell.';

/** The languages that have a catalogue file in `dir`, English first. */
export function catalogueLanguages(dir) {
  if (!existsSync(dir)) return [];
  const langs = readdirSync(dir)
    .filter((f) => /^[a-z]{2}\.json$/.test(f))
    .map((f) => basename(f, '.json'));
  return [SOURCE_LANGUAGE, ...langs.filter((l) => l !== SOURCE_LANGUAGE).sort()];
}

/** One catalogue as written: key -> ICU message. Throws on anything that is not a flat object of strings. */
export function readCatalogue(dir, lang) {
  const file = join(dir, `${lang}.json`);
  const data = JSON.parse(readFileSync(file, 'utf8'));
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error(`${file}: not a JSON object`);
  for (const [key, value] of Object.entries(data)) {
    if (typeof value !== 'string') throw new Error(`${file}: "${key}" is not a string`);
  }
  return data;
}

/**
 * The messages the app gets for `lang`: English for every key, the language's own text where it has one (keys
 * English does not know are dropped: the code cannot ask for them), compiled. `filter` picks keys.
 */
export function compiledCatalogue(dir, lang, filter = () => true) {
  const english = readCatalogue(dir, SOURCE_LANGUAGE);
  const own = lang === SOURCE_LANGUAGE ? english : readCatalogue(dir, lang);
  const out = {};
  for (const key of Object.keys(english)) {
    if (!filter(key)) continue;
    const text = typeof own[key] === 'string' && own[key] !== '' ? own[key] : english[key];
    out[key] = compileMessage(text);
  }
  return out;
}

// Vite plugin: the interface catalogues as modules (docs/i18n.md, "How the catalogues reach the browser").
//   virtual:i18n/shell-en   English `shell.*` messages, compiled: imported by the entry (first paint in English)
//   virtual:i18n/loaders    `catalogueLanguages` (the languages with a catalogue) and `loadCatalogue(lang)`
//   virtual:i18n/lang/<xx>  one language's whole catalogue over English, as a module
// In the production build, English's whole catalogue stays a chunk (the API names it in pages with data, so it is
// preloaded: PAGE_BOOT_MODULES), and every other language is a JSON file, assets/i18n/<hash>/<xx>.json, fetched when
// chosen: the entry then holds the same few bytes whether 4 or 29 languages have a catalogue (a dynamic import per
// language cost the home route ~55 bytes each). The hash covers every catalogue, so a changed text is a new URL.
// The dev server and the unit tests import every language as a module.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { catalogueLanguages, compiledCatalogue, SHELL_PREFIX, SOURCE_LANGUAGE } from './catalogues.mjs';

const SHELL = 'virtual:i18n/shell-en';
const LOADERS = 'virtual:i18n/loaders';
const LANG = 'virtual:i18n/lang/';

/** Every language's compiled catalogue but English's, and the hash that names their folder. */
export function catalogueAssets(dir) {
  const files = catalogueLanguages(dir)
    .filter((lang) => lang !== SOURCE_LANGUAGE)
    .map((lang) => ({ lang, source: JSON.stringify(compiledCatalogue(dir, lang)) }));
  const hash = createHash('sha256');
  for (const f of files) hash.update(`${f.lang}\n${f.source}\n`);
  return { hash: hash.digest('hex').slice(0, 10), files };
}

const FIRST = ['en', 'es'];
const rank = (lang) => (FIRST.includes(lang) ? FIRST.indexOf(lang) : FIRST.length);

export function i18nCatalogues({ dir }) {
  const resolved = (id) => `\0${id}`;
  let build = false;
  let base = '/';
  /** @type {ReturnType<typeof catalogueAssets> | undefined} */
  let assets;
  return {
    name: 'i18n-catalogues',
    configResolved(config) {
      build = config.command === 'build';
      base = config.base;
    },
    buildStart() {
      assets = build ? catalogueAssets(dir) : undefined;
    },
    resolveId(id) {
      if (id === SHELL || id === LOADERS || id.startsWith(LANG)) return resolved(id);
      return null;
    },
    load(id) {
      if (!id.startsWith('\0virtual:i18n/')) return null;
      const name = id.slice(1);
      const langs = catalogueLanguages(dir);
      for (const lang of langs) this.addWatchFile(join(dir, `${lang}.json`));
      if (name === SHELL) {
        const messages = compiledCatalogue(dir, SOURCE_LANGUAGE, (k) => k.startsWith(SHELL_PREFIX));
        return `export default ${JSON.stringify(messages)};`;
      }
      if (name === LOADERS) {
        // in the product's order (English, Spanish, then by code: lib/i18n/languages.ts), so that with every
        // catalogue present the string repeats LANGUAGE_CODES' and costs the first download almost nothing
        const ordered = [...langs].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
        const list = `export const catalogueLanguages = ${JSON.stringify(ordered.join(' '))}.split(' ');`;
        if (assets) {
          const folder = `${base}assets/i18n/${assets.hash}/`;
          return `${list}
export function loadCatalogue(lang) {
  if (lang === ${JSON.stringify(SOURCE_LANGUAGE)}) return import(${JSON.stringify(LANG + SOURCE_LANGUAGE)}).then((m) => m.default);
  return fetch(${JSON.stringify(folder)} + lang + '.json').then((r) => {
    if (!r.ok) throw new Error('catalogue ' + lang + ': HTTP ' + r.status);
    return r.json();
  });
}`;
        }
        const entries = langs.map((l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(LANG + l)})`);
        return `${list}
const loaders = {${entries.join(',')}};
export function loadCatalogue(lang) {
  return loaders[lang]().then((m) => m.default);
}`;
      }
      const lang = name.slice(LANG.length);
      if (!langs.includes(lang)) throw new Error(`no catalogue for "${lang}" in ${dir}`);
      return `export default ${JSON.stringify(compiledCatalogue(dir, lang))};`;
    },
    generateBundle() {
      if (!assets) return;
      for (const { lang, source } of assets.files)
        this.emitFile({ type: 'asset', fileName: `assets/i18n/${assets.hash}/${lang}.json`, source });
    },
  };
}

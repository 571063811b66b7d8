// Vite plugin: the interface catalogues as modules (docs/i18n.md, "How the catalogues reach the browser").
//   virtual:i18n/shell-en   English `shell.*` messages, compiled: imported by the entry (first paint in English)
//   virtual:i18n/loaders    `catalogueLoaders`: per language, a dynamic import of its whole compiled catalogue
//   virtual:i18n/lang/<xx>  one language's whole catalogue over English (a chunk of its own, loaded when needed)
import { join } from 'node:path';
import { catalogueLanguages, compiledCatalogue, SHELL_PREFIX, SOURCE_LANGUAGE } from './catalogues.mjs';

const SHELL = 'virtual:i18n/shell-en';
const LOADERS = 'virtual:i18n/loaders';
const LANG = 'virtual:i18n/lang/';

export function i18nCatalogues({ dir }) {
  const resolved = (id) => `\0${id}`;
  return {
    name: 'i18n-catalogues',
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
        const entries = langs.map((l) => `${JSON.stringify(l)}: () => import(${JSON.stringify(LANG + l)})`);
        return `export const catalogueLoaders = {${entries.join(',')}};`;
      }
      const lang = name.slice(LANG.length);
      if (!langs.includes(lang)) throw new Error(`no catalogue for "${lang}" in ${dir}`);
      return `export default ${JSON.stringify(compiledCatalogue(dir, lang))};`;
    },
  };
}

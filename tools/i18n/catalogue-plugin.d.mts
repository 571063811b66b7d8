// Types of catalogue-plugin.mjs, for apps/web/vite.config.mts.
import type { Plugin } from 'vite';

export function catalogueAssets(dir: string): { hash: string; files: { lang: string; source: string }[] };
export function i18nCatalogues(options: { dir: string }): Plugin;

// Types of catalogues.mjs (the interface catalogues: docs/i18n.md).
export const SOURCE_LANGUAGE: 'en';
export const SHELL_PREFIX: string;
export function catalogueLanguages(dir: string): string[];
export function readCatalogue(dir: string, lang: string): Record<string, string>;
export function compiledCatalogue(
  dir: string,
  lang: string,
  filter?: (key: string) => boolean,
): Record<string, unknown>;

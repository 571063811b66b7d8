// Types of gates.mjs (docs/i18n.md, "Gates").
export const SCRIPTS: Record<string, RegExp>;
export const MIN_WORDS_FOR_DETECTION: number;
export function visibleText(compiled: unknown): string;
export function icuProblems(english: Record<string, string>, catalogue: Record<string, string>): string[];
export function scriptProblems(lang: string, catalogue: Record<string, string>): string[];
export function languageProblems(lang: string, catalogue: Record<string, string>): string[];
export function completenessProblems(
  english: Record<string, string>,
  catalogue: Record<string, string>,
): string[];

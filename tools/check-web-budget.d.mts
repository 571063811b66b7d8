// Types of check-web-budget.mjs, for apps/web/vite.config.mts, which runs the check after every web build.
export interface TBudgetFile {
  /** Path under the dist folder, e.g. assets/index-abc123.js. */
  file: string;
  /** index.html, or the file that imports it. */
  via: string;
  raw: number;
  gzip: number;
}
export interface TBudgetResult {
  files: TBudgetFile[];
  raw: number;
  gzip: number;
  budgetBytes: number;
  ok: boolean;
}
export const DEFAULT_BUDGET_BYTES: number;
export const DEFAULT_DIST: string;
export function initialScripts(html: string): string[];
export function staticImports(code: string): string[];
export function measureInitialJs(distDir?: string): TBudgetFile[];
export function checkWebBudget(options?: { distDir?: string; budgetBytes?: number }): TBudgetResult;
export function formatReport(result: TBudgetResult): string;

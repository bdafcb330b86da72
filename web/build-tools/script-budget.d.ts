// Types of build-tools/script-budget.js (run by Node as plain JS: check-script-budget.js).
export interface FileSizes {
  raw: number;
  br?: number;
  gz?: number;
}
export interface BudgetManifest {
  routes: { path: string; layout: string; modules?: string[] }[];
  layouts?: Record<string, string[] | undefined>;
}
export interface BudgetPage {
  name: string;
  startup: string[];
  own: string[];
}
export interface BudgetRow {
  name: string;
  startupBytes: number;
  bytes: number;
  own: { file: string; bytes: number }[];
}
export declare const SCRIPT_BUDGET_BYTES: number;
export declare const HEADER_BYTES: number;
export declare function htmlScripts(html: string): string[];
export declare function transferBytes(sizes: FileSizes): number;
export declare function budgetPages(manifest: BudgetManifest, startup: string[], consoleStart?: string[]): BudgetPage[];
export declare function measurePages(pages: BudgetPage[], sizeOf: (file: string) => FileSizes): BudgetRow[];
export declare function formatOffenders(rows: BudgetRow[], budget?: number): string;
export declare function checkBudget(rows: BudgetRow[], budget?: number): { passed: boolean; text: string };

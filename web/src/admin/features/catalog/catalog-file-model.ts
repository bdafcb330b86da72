/**
 * The catalog as a file (issue 78 item 2, docs/catalog-file.md): which format a picked file is read as, the export's
 * query (the list's filters, without its page), and what a dry run's answer means for the Apply button.
 */
import type { ArticleQuery } from './catalog-api';
import { CATALOG_FILTERS, type CatalogFilters } from './catalog-filters';

export type FileFormat = 'csv' | 'json';
export type ApplyMode = 'all' | 'per-row';

/** A file the editor picked: its name, the format it is read as, and its text. */
export interface PickedFile {
  name: string;
  format: FileFormat;
  text: string;
}

/** A file's format by its name (.json is JSON; anything else is read as CSV), else by its type. */
export function formatOfFile(name: string, type = ''): FileFormat {
  if (/\.json$/i.test(name)) return 'json';
  if (/\.(csv|txt)$/i.test(name)) return 'csv';
  return type.includes('json') ? 'json' : 'csv';
}

/** The query of GET /backend/admin/catalog/export/file: the list's filters as they are, and the format. */
export function exportQuery(filters: CatalogFilters, format: FileFormat): ArticleQuery & { format: FileFormat } {
  const query: Record<string, string | number | boolean> = { format };
  for (const name of CATALOG_FILTERS) {
    const value = filters[name].trim();
    if (!value) continue;
    if (name === 'rating') query.rating = Number(value);
    else if (name === 'hasMedia') query.hasMedia = value === 'true';
    else query[name] = value;
  }
  return query as ArticleQuery & { format: FileFormat };
}

export interface PlanCounts {
  create: number;
  update: number;
  invalid: number;
}

/**
 * How many articles an apply in `mode` writes, per the dry run (the server validates again): every new and changed
 * row, or none when a row has errors and the mode is all or nothing; `fileErrors` (the header, the categories) stop both.
 */
export function articlesToWrite(counts: PlanCounts, mode: ApplyMode, fileErrors: number): number {
  if (fileErrors > 0) return 0;
  if (mode === 'all' && counts.invalid > 0) return 0;
  return counts.create + counts.update;
}

/** What the reports build for themselves from the answers (the answers' own types are report-types.ts). */
import type { ReactNode } from 'react';
import type { CsvCell } from '@/admin/lib/csv';

/** A column of a report's table: the cell as shown, and as written to the CSV. */
export interface ReportColumn<T> {
  id: string;
  header: string;
  /** The cell as the table shows it. */
  cell: (row: T) => ReactNode;
  /** The cell in the CSV: numbers unformatted (money in major units), text as it is; none: a column of controls, left out. */
  csv?: (row: T) => CsvCell;
}

/** One part of the plays (a section, a content type, a language) by its name in the console's language. */
export interface PartRow {
  key: string;
  plays: number;
  ms: number;
}

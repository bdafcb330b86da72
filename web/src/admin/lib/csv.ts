/**
 * The console's one CSV writer (issue 35 item 5, issue 77 item 5): the reports' tables and a minted voucher batch.
 * papaparse's unparse quotes what needs it (or, per column, every cell: the voucher CSV quotes its texts as the
 * server's ?format=csv does); a cell that a spreadsheet would read as a formula (starting with = + - @, or a tab or
 * carriage return) gets a leading apostrophe (OWASP "CSV injection"). Numbers stay numbers: a negative amount is a
 * number, not text, and is written as it is. Rows end in CRLF (RFC 4180).
 */
import { unparse } from 'papaparse';
import { saveFile } from './download';

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEWLINE = '\r\n';

export function guardCell(value: CsvCell): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export interface CsvOptions {
  /** Per column: true quotes each of its cells whatever it holds (the header is quoted only where it needs it). */
  quoted?: readonly boolean[];
  /** A line break after the last row too (as the server's CSV answers end). */
  finalNewline?: boolean;
}

/** A header row and the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  const head = unparse([header.map((h) => String(guardCell(h)))], { newline: NEWLINE, quotes: false, escapeFormulae: false });
  const body = unparse(rows.map((row) => row.map(guardCell)), { newline: NEWLINE, quotes: options.quoted ? [...options.quoted] : false, escapeFormulae: false });
  const text = rows.length > 0 ? `${head}${NEWLINE}${body}` : head;
  return options.finalNewline ? `${text}${NEWLINE}` : text;
}

/** A file name from its parts (a report's name and range, a batch's tenant and day), with nothing a file system refuses. */
export function csvFileName(...parts: string[]): string {
  return `${parts.filter(Boolean).join('-').replace(/[^A-Za-z0-9._-]+/g, '_')}.csv`;
}

/** Offers the text as a download (a UTF-8 BOM first, so spreadsheets read Arabic and accents right). */
export function downloadCsv(name: string, csv: string): void {
  saveFile(name, ['\uFEFF', csv], 'text/csv;charset=utf-8');
}

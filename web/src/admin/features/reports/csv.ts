/**
 * Tables as CSV, made in the browser (issue 35 item 5): papaparse's unparse quotes what needs it; a
 * cell that a spreadsheet would read as a formula (starting with = + - @, or a tab or carriage return)
 * gets a leading apostrophe (OWASP "CSV injection"). Numbers stay numbers: a negative amount is a
 * number, not text, and is written as it is.
 */
import { unparse } from 'papaparse';
import { saveFile } from '@/admin/lib/download';

export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function guardCell(value: CsvCell): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A header row and the rows, CRLF-separated as RFC 4180 says. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return unparse({ fields: header.map((h) => String(guardCell(h))), data: rows.map((row) => row.map(guardCell)) }, { newline: '\r\n', quotes: false, escapeFormulae: false });
}

/** A file name from a report's name and range, with nothing a file system refuses. */
export function csvFileName(...parts: string[]): string {
  return `${parts.filter(Boolean).join('-').replace(/[^A-Za-z0-9._-]+/g, '_')}.csv`;
}

/** Offers the text as a download (a UTF-8 BOM first, so spreadsheets read Arabic and accents right). */
export function downloadCsv(name: string, csv: string): void {
  saveFile(name, ['\uFEFF', csv], 'text/csv;charset=utf-8');
}

/**
 * A report's view in the address (issue 35 item 5): from, to, granularity and the report's filters are
 * search parameters, so a view can be shared and reloaded. Absent or malformed values fall back to the
 * server's defaults (the 30 days ending today, by day) and are left out of the address and the call.
 */
import type { Granularity } from './report-types';

export const GRANULARITIES: readonly Granularity[] = ['day', 'week', 'month'];
/**
 * The filters each report takes besides the range, by their names in the address and in the call. The listeners'
 * language is `language`, since `lang` is the reader's own: in a console address it chooses the console's language
 * (lib/i18n.ts), and in a call it names plans and articles in it (docs/reports.md "Names in the reader's language").
 */
export const REPORT_FILTERS = {
  revenue: ['currency', 'method', 'plan'],
  subscribers: [],
  consumption: ['section', 'contentType', 'language'],
} as const;
export type FilteredReport = keyof typeof REPORT_FILTERS;
export type FilterName = (typeof REPORT_FILTERS)[FilteredReport][number];

export interface ReportView {
  from: string;
  to: string;
  granularity: Granularity;
  filters: Partial<Record<FilterName, string>>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;

/** A filter the range form offers: its choices, named in the console's language. */
export interface FilterChoice {
  name: FilterName;
  label: string;
  options: { value: string; label: string }[];
}

export function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function isMonth(value: string | null | undefined): value is string {
  return !!value && MONTH.test(value) && isDay(`${value}-01`);
}

function isGranularity(value: string | null): value is Granularity {
  return value !== null && (GRANULARITIES as readonly string[]).includes(value);
}

/** The day `days` after (or before) a UTC day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The server's default range: the 30 days ending today (UTC). */
export function defaultRange(now: Date): { from: string; to: string } {
  const to = now.toISOString().slice(0, 10);
  return { from: addDays(to, -29), to };
}

/** The view an address names; `now` fills a missing range as the server would. */
export function viewFromSearch(search: URLSearchParams, report: FilteredReport, now: Date): ReportView {
  const range = defaultRange(now);
  const fromParam = search.get('from');
  const toParam = search.get('to');
  const granularity = search.get('granularity');
  let from = isDay(fromParam) ? fromParam : range.from;
  let to = isDay(toParam) ? toParam : range.to;
  if (from > to) [from, to] = [to, from];
  const filters: ReportView['filters'] = {};
  for (const name of REPORT_FILTERS[report]) {
    const value = search.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return { from, to, granularity: isGranularity(granularity) ? granularity : 'day', filters };
}

/** The address of a view: only what differs from nothing (every value given is kept, so a shared link names its range). */
export function searchFromView(view: ReportView, report: FilteredReport): URLSearchParams {
  const search = new URLSearchParams();
  search.set('from', view.from);
  search.set('to', view.to);
  if (view.granularity !== 'day') search.set('granularity', view.granularity);
  for (const name of REPORT_FILTERS[report]) {
    const value = view.filters[name];
    if (value) search.set(name, value);
  }
  return search;
}

/** The query of the report's call: the same parameters, granularity always named, and the reader's language `lang`. */
export function queryFromView(view: ReportView, report: FilteredReport, lang: string): Record<string, string> {
  const query: Record<string, string> = { from: view.from, to: view.to, granularity: view.granularity };
  for (const name of REPORT_FILTERS[report]) {
    const value = view.filters[name];
    if (value) query[name] = value;
  }
  query.lang = lang;
  return query;
}

/** The month before the one `now` is in (the royalties' default), `YYYY-MM`. */
export function previousMonth(now: Date): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return date.toISOString().slice(0, 7);
}

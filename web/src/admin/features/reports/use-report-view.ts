/** A report's view, kept in the address (report-filters.ts). */
import { useSearchParams } from 'react-router';
import { searchFromView, viewFromSearch, type FilteredReport, type ReportView } from './report-filters';

/** The view the address names (today's default range when it names none). */
export function useReportView(report: FilteredReport): [ReportView, (view: ReportView) => void] {
  const [search, setSearch] = useSearchParams();
  const view = viewFromSearch(search, report, new Date());
  return [view, (next) => setSearch(searchFromView(next, report))];
}

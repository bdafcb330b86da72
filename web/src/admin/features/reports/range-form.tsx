/**
 * A report's range, granularity and filters, read from and written to the address (report-filters.ts):
 * changing them replaces the search parameters, so the view can be shared and reloaded.
 */
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { GRANULARITIES, isDay, type FilterChoice, type FilteredReport, type ReportView } from './report-filters';

export function RangeForm({ report, view, onView, filters = [] }: { report: FilteredReport; view: ReportView; onView: (view: ReportView) => void; filters?: FilterChoice[] }) {
  const { t } = useAdminI18n();
  const ids = useId();
  const [draft, setDraft] = useState(view);
  const [shown, setShown] = useState(view);
  // The address changed under the form (back, a link): the form shows it.
  if (JSON.stringify(shown) !== JSON.stringify(view)) {
    setShown(view);
    setDraft(view);
  }
  const valid = isDay(draft.from) && isDay(draft.to) && draft.from <= draft.to;
  const control = `${INPUT_CLASS} w-auto`;
  return (
    <form aria-label={t('reports.range')} onSubmit={(event) => {
        event.preventDefault();
        if (valid) onView(draft);
      }} data-report={report} className="flex flex-wrap items-end gap-3 rounded-2xl border border-border bg-surface p-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-from`} className="text-sm font-semibold">{t('reports.from')}</label>
        <input id={`${ids}-from`} type="date" className={control} value={draft.from} max={draft.to} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-to`} className="text-sm font-semibold">{t('reports.to')}</label>
        <input id={`${ids}-to`} type="date" className={control} value={draft.to} min={draft.from} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${ids}-granularity`} className="text-sm font-semibold">{t('reports.granularity')}</label>
        <select id={`${ids}-granularity`} className={control} value={draft.granularity} onChange={(e) => setDraft({ ...draft, granularity: GRANULARITIES.find((g) => g === e.target.value) ?? 'day' })}>
          {GRANULARITIES.map((g) => (
            <option key={g} value={g}>{t(`reports.granularities.${g}`)}</option>
          ))}
        </select>
      </div>
      {filters.map((filter) => (
        <div key={filter.name} className="flex flex-col gap-1">
          <label htmlFor={`${ids}-${filter.name}`} className="text-sm font-semibold">{filter.label}</label>
          <select
            id={`${ids}-${filter.name}`}
            className={control}
            value={draft.filters[filter.name] ?? ''}
            onChange={(e) => setDraft({ ...draft, filters: { ...draft.filters, [filter.name]: e.target.value } })}
          >
            <option value="">{t('reports.all')}</option>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>{option.label}</option>
            ))}
          </select>
        </div>
      ))}
      <Button type="submit" disabled={!valid}>{t('reports.apply')}</Button>
    </form>
  );
}

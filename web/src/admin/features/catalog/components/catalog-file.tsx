/**
 * The catalog page's "Import and export" panel (issue 78 item 2, docs/catalog-file.md): the articles the filters find
 * exported as CSV or JSON; a CSV or JSON file picked, dry-run (every change and every error by row and column, shown
 * in the grid before anything is written), and applied all or nothing or per row after a confirmation with the count.
 * The server reads and validates the file again on apply; a retried apply carries the same Idempotency-Key.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { Field, Notice, Section } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { saveFile } from '@/admin/lib/download';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { catalogCalls, fileErrors, type CatalogApplied, type CatalogDryRun, type CatalogFileError } from '../catalog-api';
import { articlesToWrite, exportQuery, formatOfFile, type ApplyMode, type FileFormat, type PickedFile as Picked } from '../catalog-file-model';
import type { CatalogFilters } from '../catalog-filters';
import { catalogKeys } from '../catalog-keys';
import { DryRunTable } from './dry-run-table';

function FileErrorList({ errors }: { errors: CatalogFileError[] }) {
  return (
    <ul className="mt-2 list-disc ps-6" data-testid="file-errors">
      {errors.map((e, i) => (
        <li key={`${e.row}-${e.column}-${i}`}>
          <code dir="ltr" className="font-semibold">{e.column}</code> <Ltr>{e.reason}</Ltr>
        </li>
      ))}
    </ul>
  );
}

export function CatalogFile({ filters }: { filters: CatalogFilters }) {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const [format, setFormat] = useState<FileFormat>('csv');
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [plan, setPlan] = useState<CatalogDryRun | null>(null);
  const [mode, setMode] = useState<ApplyMode>('all');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [outcome, setOutcome] = useState<{ applied?: CatalogApplied; refused?: CatalogFileError[]; failed?: boolean } | null>(null);

  const dryRun = useMutation({
    mutationFn: (file: Picked) => catalogCalls.dryRun(api, { format: file.format, fileName: file.name, file: file.text }),
    onSuccess: (answer) => setPlan(answer),
    onError: () => setOutcome({ failed: true }),
  });
  const apply = useMutation({
    mutationFn: (file: Picked) => catalogCalls.applyFile(api, { format: file.format, fileName: file.name, file: file.text, mode }, key),
    onSuccess: (applied) => {
      setOutcome({ applied });
      setPlan(null);
      setPicked(null);
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all(tenant) });
    },
    onError: (error) => {
      const { code, data } = errorOf(error);
      setOutcome(code === 'VALIDATION_ERROR' && fileErrors(data).length ? { refused: fileErrors(data) } : { failed: true });
    },
  });

  const exportFile = async () => {
    setExporting(true);
    setExportFailed(false);
    try {
      const answer = await catalogCalls.exportFile(api, exportQuery(filters, format));
      const text = typeof answer === 'string' ? answer : JSON.stringify(answer, null, 2);
      saveFile(`catalog-${tenant}.${format}`, [text], format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json');
    } catch {
      setExportFailed(true);
    } finally {
      setExporting(false);
    }
  };
  const pick = async (file: File) => {
    const next: Picked = { name: file.name, format: formatOfFile(file.name, file.type), text: await file.text() };
    setPicked(next);
    setPlan(null);
    setOutcome(null);
    setKey(crypto.randomUUID());
    dryRun.mutate(next);
  };
  const toWrite = plan ? articlesToWrite(plan.counts, mode, plan.fileErrors.length) : 0;
  const confirmApply = () => {
    if (!picked || !toWrite) return;
    if (window.confirm(t('catalog.file.confirm', { count: toWrite }))) apply.mutate(picked);
  };

  return (
    <Section title={t('catalog.file.title')}>
      <p className="mb-3 text-sm text-muted">{t('catalog.file.intro')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t('catalog.file.format')}>
          {(ids) => (
            <select {...ids} value={format} onChange={(e) => setFormat(e.target.value as FileFormat)} className="h-11 rounded-xl border border-border bg-surface px-3">
              <option value="csv">{t('catalog.file.formatCsv')}</option>
              <option value="json">{t('catalog.file.formatJson')}</option>
            </select>
          )}
        </Field>
        <Button variant="secondary" disabled={exporting} onClick={() => void exportFile()}>
          {exporting ? t('catalog.file.exportBusy') : t('catalog.file.exportAction')}
        </Button>
      </div>
      {exportFailed && <Notice tone="error">{t('catalog.file.exportFailed')}</Notice>}

      <div className="mt-6 flex flex-col gap-4">
        <Field label={t('catalog.file.file')}>
          {(ids) => (
            <input
              {...ids}
              type="file"
              accept=".csv,.json,text/csv,application/json"
              className="text-sm"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void pick(file);
                e.target.value = '';
              }}
            />
          )}
        </Field>
        {dryRun.isPending && <p role="status" className="text-muted">{t('catalog.file.checking')}</p>}
        {plan && picked && (
          <div className="flex flex-col gap-4" data-testid="dry-run">
            <p role="status" className="text-sm">
              <Ltr>{picked.name}</Ltr>: {t('catalog.file.rows', { count: plan.counts.rows })} · {t('catalog.file.create', { count: plan.counts.create })} ·{' '}
              {t('catalog.file.update', { count: plan.counts.update })} · {t('catalog.file.unchanged', { count: plan.counts.unchanged })} ·{' '}
              <span className={plan.counts.invalid ? 'font-semibold text-danger' : ''}>{t('catalog.file.invalid', { count: plan.counts.invalid })}</span> ·{' '}
              {t('catalog.file.errors', { count: plan.counts.errors })}
            </p>
            {plan.fileErrors.length > 0 && (
              <Notice tone="error">
                {t('catalog.file.fileErrors')}
                <FileErrorList errors={plan.fileErrors} />
              </Notice>
            )}
            {plan.rows.length > 0 && <DryRunTable rows={plan.rows} />}
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 font-semibold">{t('catalog.file.modeLegend')}</legend>
              {(['all', 'per-row'] as const).map((m) => (
                <label key={m} className="flex items-center gap-2">
                  <input type="radio" name="catalog-file-mode" value={m} checked={mode === m} onChange={() => { setMode(m); setKey(crypto.randomUUID()); }} />
                  {m === 'all' ? t('catalog.file.modeAll') : t('catalog.file.modePerRow')}
                </label>
              ))}
            </fieldset>
            <div>
              {toWrite > 0 ? (
                <Button disabled={apply.isPending} onClick={confirmApply}>
                  {apply.isPending ? t('catalog.file.applying') : t('catalog.file.apply', { count: toWrite })}
                </Button>
              ) : (
                <p className="text-sm text-muted">{t('catalog.file.nothingToApply')}</p>
              )}
            </div>
          </div>
        )}
        {outcome?.applied && (
          <Notice tone="success">
            {t('catalog.file.applied', { count: outcome.applied.written })}
            {outcome.applied.skipped > 0 && <> {t('catalog.file.skipped', { count: outcome.applied.skipped })}</>}
          </Notice>
        )}
        {outcome?.refused && (
          <Notice tone="error">
            {t('catalog.file.refused', { count: outcome.refused.length })}
            <FileErrorList errors={outcome.refused} />
          </Notice>
        )}
        {outcome?.failed && <Notice tone="error">{t('catalog.file.failed')}</Notice>}
      </div>
    </Section>
  );
}

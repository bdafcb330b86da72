/**
 * A catalog file imported (every article's field errors shown, nothing written unless all are valid) or
 * exported (downloaded), docs/catalog-format.md.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Notice, Section } from '@/admin/components/fields';
import { errorOf, useConsole } from '@/admin/lib/console-context';
import { saveFile } from '@/admin/lib/download';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { catalogCalls, fieldErrors, type FieldError, type ImportCounts } from '../catalog-api';
import { ErrorList } from './error-list';
import { catalogKeys } from '../catalog-keys';

export function ImportExport() {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<{ counts?: ImportCounts; errors?: FieldError[]; failed?: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const importing = useMutation({
    mutationFn: async (file: File) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await file.text());
      } catch {
        throw new Error('not-json');
      }
      return catalogCalls.importFile(api, parsed);
    },
    onSuccess: (counts) => {
      setResult({ counts });
      void queryClient.invalidateQueries({ queryKey: catalogKeys.all(tenant) });
    },
    onError: (error) => {
      if (error instanceof Error && error.message === 'not-json') return setResult({ failed: t('catalog.import.notJson') });
      const { code, data } = errorOf(error);
      if (code === 'VALIDATION_ERROR') return setResult({ errors: fieldErrors(data) });
      setResult({ failed: t('catalog.import.failed') });
    },
  });
  const exportFile = async () => {
    setExporting(true);
    try {
      saveFile(`catalog-${tenant}.json`, [JSON.stringify(await catalogCalls.exportFile(api), null, 2)], 'application/json');
    } finally {
      setExporting(false);
    }
  };
  return (
    <Section title={t('catalog.import.title')}>
      <p className="mb-3 text-sm text-muted">{t('catalog.import.intro')}</p>
      <div className="flex flex-wrap items-end gap-3">
        <Field label={t('catalog.import.file')}>
          {(ids) => (
            <input
              {...ids}
              ref={input}
              type="file"
              accept="application/json,.json"
              className="text-sm"
              onChange={(e) => {
                const file = e.target.files?.[0];
                // Nothing is written before the editor says so: an import replaces the articles of the same ids.
                if (file && window.confirm(t('catalog.import.confirm', { name: file.name }))) importing.mutate(file);
                e.target.value = '';
              }}
            />
          )}
        </Field>
        <Button variant="secondary" disabled={exporting} onClick={() => void exportFile()}>
          {exporting ? t('catalog.export.busy') : t('catalog.export.action')}
        </Button>
      </div>
      {importing.isPending && <p role="status" className="text-muted">{t('catalog.import.busy')}</p>}
      {result?.counts && <Notice tone="success">{t('catalog.import.done', { count: result.counts.articles })}</Notice>}
      {result?.failed && <Notice tone="error">{result.failed}</Notice>}
      {result?.errors && (
        <Notice tone="error">
          {t('catalog.import.refused', { count: result.errors.length })}
          <ErrorList errors={result.errors} />
        </Notice>
      )}
    </Section>
  );
}

/** The codes of a batch just minted, shown this once (the server keeps only their hashes), with the CSV made here. */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { Notice } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { saveFile } from '@/admin/lib/download';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { batchCsv, batchCsvName } from '../vouchers';
import type { VoucherBatchCreated } from '../vouchers-api';

export function MintedCodes({ created, onDone }: { created: VoucherBatchCreated; onDone: () => void }) {
  const { t } = useAdminI18n();
  const { tenant } = useConsole();
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // The answer replaces the form: keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), []);
  const download = () => {
    saveFile(batchCsvName(tenant, created.batch), [batchCsv(created.batch, created.codes)], 'text/csv');
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);  // no clipboard (an insecure origin, a refused permission): the CSV is still there
    }
  };
  return (
    <section aria-labelledby="minted-heading" className="flex flex-col gap-4 rounded-2xl border-2 border-primary bg-surface p-4 sm:p-6" data-batch={created.batch.id}>
      <h2 id="minted-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t('vouchers.minted', { count: created.codes.length })}
      </h2>
      <Notice tone="info">
        <strong>{t('vouchers.onceWarning')}</strong>
      </Notice>
      <div className="flex flex-wrap gap-3">
        <Button onClick={download}>{t('vouchers.downloadCsv')}</Button>
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? t('vouchers.copied') : t('vouchers.copy')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {t('vouchers.done')}
        </Button>
      </div>
      <ol aria-label={t('vouchers.codesLabel')} className="grid max-h-80 gap-1 overflow-y-auto font-mono text-sm sm:grid-cols-2 lg:grid-cols-3">
        {created.codes.map((code) => (
          <li key={code} data-code={code}>
            <Ltr>{code}</Ltr>
          </li>
        ))}
      </ol>
    </section>
  );
}

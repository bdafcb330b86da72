/**
 * Ending the sessions of many customers at once (issue 78 item 3): the customers selected among the matches, the
 * reason the audit keeps, a dialog naming the count, the job's progress and the customers it refused
 * (components/bulk-bar.tsx). Support, admins and owners, as the single action.
 */
import { useState } from 'react';
import { isolated } from '@/lib/formatters';
import { BulkActionSelect } from '@/admin/components/bulk-action-select';
import { BulkBar } from '@/admin/components/bulk-bar';
import { Field, INPUT_CLASS } from '@/admin/components/fields';
import type { BulkSelection } from '@/admin/lib/bulk-job';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { customerCalls } from '../customers-api';

export function CustomersBulk({ selection, onClear }: { selection: BulkSelection; onClear: () => void }) {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const [action, setAction] = useState<'endSessions' | ''>('');
  const [reason, setReason] = useState('');
  const ids = selection.all ? [] : selection.ids;
  const rows = (count: number) => isolated(t('bulk.customers', { count }));
  const confirmText = action === 'endSessions' && ids.length > 0 ? t('customers.bulk.confirm', { rows: rows(ids.length) }) : null;
  const controls = (
    <>
      <BulkActionSelect value={action} options={[{ value: 'endSessions', label: t('customers.bulk.endSessions') }]} onChange={setAction} />
      {action === 'endSessions' && (
        <Field label={t('customers.bulk.reason')} hint={t('customers.bulk.reasonHint')}>
          {(field) => <input {...field} maxLength={500} className={INPUT_CLASS} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
      )}
    </>
  );
  return (
    <BulkBar
      selection={selection}
      pageIds={[]}
      total={ids.length}
      onSelectAll={() => undefined}
      onClear={onClear}
      rows={rows}
      controls={controls}
      confirmText={confirmText}
      start={(key) => customerCalls.bulk(api, { action: 'endSessions', ids, ...(reason.trim() ? { reason: reason.trim() } : {}) }, key)}
      readJob={(id) => customerCalls.bulkJob(api, id)}
      queryKey={['admin', tenant, 'customers-bulk']}
      onFinished={() => {
        onClear();
        setAction('');
        setReason('');
      }}
    />
  );
}

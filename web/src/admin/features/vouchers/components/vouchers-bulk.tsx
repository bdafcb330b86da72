/**
 * Voiding many voucher codes at once (issue 78 item 3): the codes ticked in a batch's list, or every code of the
 * batch in the list's state, a dialog naming the count, the job's progress and the codes it refused — a redeemed one,
 * one already voided — with the reason (components/bulk-bar.tsx). Content editors, admins and owners, as the single
 * void.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isolated } from '@/lib/formatters';
import { BulkActionSelect } from '@/admin/components/bulk-action-select';
import { BulkBar } from '@/admin/components/bulk-bar';
import type { BulkSelection } from '@/admin/lib/bulk-job';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { vouchersBulkBody } from '../vouchers';
import { voucherCalls } from '../vouchers-api';
import { voucherKeys } from '../voucher-keys';

export interface VouchersBulkProps {
  batchId: string;
  /** The list's state ("" for every code): what "all that match" voids. */
  state: string;
  selection: BulkSelection;
  pageIds: string[];
  total: number;
  onSelectAll: () => void;
  onClear: () => void;
  /** A code's name in the refused rows: its last characters, when the list showed it. */
  codeName: (id: string) => string;
}

export function VouchersBulk({ batchId, state, selection, pageIds, total, onSelectAll, onClear, codeName }: VouchersBulkProps) {
  const { t } = useAdminI18n();
  const { api, tenant } = useConsole();
  const client = useQueryClient();
  const [action, setAction] = useState<'void' | ''>('');
  const rows = (count: number) => isolated(t('bulk.codes', { count }));
  const count = selection.all ? selection.total : selection.ids.length;
  const confirmText = action === 'void' && count > 0 ? t('vouchers.bulk.confirm', { rows: rows(count) }) : null;
  return (
    <BulkBar
      selection={selection}
      pageIds={pageIds}
      total={total}
      onSelectAll={onSelectAll}
      onClear={onClear}
      rows={rows}
      controls={<BulkActionSelect value={action} options={[{ value: 'void', label: t('vouchers.bulk.void') }]} onChange={setAction} />}
      confirmText={confirmText}
      start={(key) => voucherCalls.bulk(api, vouchersBulkBody(batchId, state, selection), key)}
      readJob={(id) => voucherCalls.bulkJob(api, id)}
      queryKey={voucherKeys.bulkJob(tenant)}
      targetName={codeName}
      onFinished={() => {
        void client.invalidateQueries({ queryKey: voucherKeys.all(tenant) });
        onClear();
        setAction('');
      }}
    />
  );
}

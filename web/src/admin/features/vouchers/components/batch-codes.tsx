/**
 * A batch's codes (GET /backend/admin/vouchers/batches/{id}/codes; issue 78 item 3): paged, all or of one state,
 * each by its last four characters (the codes themselves are not kept), its state and what became of it, with a
 * check box per row, "select all N that match" and the bulk bar that voids them (components/vouchers-bulk.tsx).
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, type RowSelectionState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Ltr } from '@/components/ui/ltr-text';
import { DataTable } from '@/admin/components/data-table';
import { Field, Notice, SELECT_CLASS, Section } from '@/admin/components/fields';
import { selectedIds, type BulkSelection } from '@/admin/lib/bulk-job';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { day, errorText, useLang } from '../voucher-format';
import { CODE_STATES, pageCount } from '../vouchers';
import { voucherCalls, type VoucherCodePage, type VoucherCodeRow } from '../vouchers-api';
import { voucherKeys } from '../voucher-keys';
import { VouchersBulk } from './vouchers-bulk';

const CODES_PAGE_SIZE = 50;
const column = createColumnHelper<VoucherCodeRow>();

export function BatchCodes({ batchId }: { batchId: string }) {
  const { t } = useAdminI18n();
  const lang = useLang();
  const { api, tenant } = useConsole();
  const [state, setState] = useState('');
  const [page, setPage] = useState(1);
  // The codes ticked (kept across pages), or every code of the state; another state clears them.
  const [picked, setPicked] = useState<RowSelectionState>({});
  const [allMatching, setAllMatching] = useState(false);
  const codes = useQuery({
    queryKey: voucherKeys.codes(tenant, batchId, state, page),
    queryFn: () => voucherCalls.codes(api, batchId, state, page, CODES_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const total = codes.data?.total ?? 0;
  // A refused code named by its last characters, from any page of this batch's codes read so far (the job knows ids).
  const client = useQueryClient();
  const codeName = (id: string) => {
    for (const [, read] of client.getQueriesData<VoucherCodePage>({ queryKey: voucherKeys.batchCodes(tenant, batchId) })) {
      const hit = read?.items.find((c) => c.id === id);
      if (hit) return `…-${hit.hint}`;
    }
    return id;
  };
  const shown: RowSelectionState = allMatching ? Object.fromEntries((codes.data?.items ?? []).map((c) => [c.id, true])) : picked;
  const selection: BulkSelection = allMatching ? { all: true, total } : { all: false, ids: selectedIds(picked) };
  const clear = () => {
    setAllMatching(false);
    setPicked({});
  };
  const columns = useMemo(
    () => [
      column.accessor('hint', {
        header: () => t('vouchers.code'),
        cell: (info) => (
          <span className="whitespace-nowrap">
            <Ltr>…-{info.getValue()}</Ltr>
          </span>
        ),
      }),
      column.accessor('state', {
        header: () => t('vouchers.codeState'),
        cell: (info) => {
          const known = CODE_STATES.find((s) => s === info.getValue());
          return <span data-state={info.getValue()}>{known ? t(`vouchers.state.${known}`) : info.getValue()}</span>;
        },
      }),
      column.display({
        id: 'what',
        header: () => t('vouchers.codeWhat'),
        cell: (info) => {
          const c = info.row.original;
          if (c.redeemedAt)
            return (
              <span>
                {day(c.redeemedAt, lang)} · <Ltr>{c.customer ?? c.customerId ?? t('vouchers.customerGone')}</Ltr>
              </span>
            );
          if (c.voidedAt)
            return (
              <span>
                {day(c.voidedAt, lang)} · {c.voidedBy ? <Ltr>{c.voidedBy}</Ltr> : t('vouchers.voidedByResend')}
              </span>
            );
          return <span className="text-muted">{t('vouchers.validUntilDay', { day: day(c.validUntil, lang) })}</span>;
        },
      }),
    ],
    [t, lang],
  );
  return (
    <Section title={codes.data ? t('vouchers.codesTotal', { count: total }) : t('vouchers.codes')}>
      <div className="mb-4 max-w-xs">
        <Field label={t('vouchers.codesShown')}>
          {(field) => (
            <select
              {...field}
              className={SELECT_CLASS}
              value={state}
              onChange={(e) => {
                setState(e.target.value);
                setPage(1);
                clear();
              }}
            >
              <option value="">{t('vouchers.allCodes')}</option>
              {CODE_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`vouchers.state.${s}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {codes.data && (
        <VouchersBulk
          batchId={batchId}
          state={state}
          selection={selection}
          pageIds={codes.data.items.map((c) => c.id)}
          total={total}
          onSelectAll={() => setAllMatching(true)}
          onClear={clear}
          codeName={codeName}
        />
      )}
      {codes.isPending ? (
        <p role="status" className="text-muted">{t('loading')}</p>
      ) : codes.isError ? (
        <Notice tone="error">{errorText(t, codes.error)}</Notice>
      ) : (
        <DataTable
          data={codes.data.items}
          columns={columns}
          getRowId={(row) => row.id}
          label={t('vouchers.batchCodesLabel')}
          empty={t('vouchers.codesEmpty')}
          serverPages={total > CODES_PAGE_SIZE ? { page, pages: pageCount(total, CODES_PAGE_SIZE), onPage: setPage } : undefined}
          rowAttributes={(row) => ({ 'data-code': row.id })}
          selection={{
            state: shown,
            onChange: (change) => {
              setAllMatching(false);
              setPicked(typeof change === 'function' ? change(shown) : change);
            },
            rowLabel: (row) => t('vouchers.selectCode', { hint: row.hint }),
            pageLabel: t('bulk.selectPage'),
          }}
          align="middle"
        />
      )}
    </Section>
  );
}

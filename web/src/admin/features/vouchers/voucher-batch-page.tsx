/**
 * A voucher batch's page (docs/decisions.md "Voucher batches"): what it grants, its validity, its counts and
 * status, who made it, its codes (by state, with a bulk void: components/batch-codes.tsx), its redemptions, and "Void
 * batch" (its unspent codes answer as unknown from then on).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Ltr } from '@/components/ui/ltr-text';
import { formatDate } from '@/lib/formatters';
import { DataTable } from '@/admin/components/data-table';
import { Notice, PageHeader, Section } from '@/admin/components/fields';
import { useConsole } from '@/admin/lib/console-context';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { Outcome } from '@/admin/lib/outcome';
import { BatchCodes } from './components/batch-codes';
import { BatchStatus, ConfirmVoid, Counts, Grants } from './components/batch-parts';
import { PAGE_SIZE, day, errorText, useLang } from './voucher-format';
import { pageCount } from './vouchers';
import { voucherCalls, type VoucherRedemption } from './vouchers-api';
import { voucherKeys } from './voucher-keys';

const redemptionColumn = createColumnHelper<VoucherRedemption>();

function BatchDetails({ id }: { id: string }) {
  const { t } = useAdminI18n();
  const lang = useLang();
  const { api, tenant } = useConsole();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Outcome | null>(null);
  const detail = useQuery({ queryKey: voucherKeys.batch(tenant, id, page), queryFn: () => voucherCalls.batch(api, id, page, PAGE_SIZE) });
  const voidBatch = useMutation({
    mutationFn: () => voucherCalls.voidBatch(api, id),
    onSuccess: async (done) => {
      setConfirming(false);
      setNotice({ tone: 'success', text: t('vouchers.batchVoided', { count: done.voidedNow }) });
      await queryClient.invalidateQueries({ queryKey: voucherKeys.all(tenant) });
    },
    onError: (error) => {
      setConfirming(false);
      setNotice({ tone: 'error', text: errorText(t, error) });
    },
  });
  const columns = useMemo(
    () => [
      redemptionColumn.accessor('redeemedAt', { header: () => t('vouchers.when'), cell: (info) => formatDate(info.getValue(), lang, { dateStyle: 'medium', timeStyle: 'short' }) }),
      redemptionColumn.accessor('customer', {
        header: () => t('vouchers.customer'),
        cell: (info) => (
          <span className="flex flex-col">
            <Ltr>{info.getValue() || t('vouchers.customerGone')}</Ltr>
            <span className="text-xs text-muted">
              <Ltr>{info.row.original.customerId}</Ltr>
            </span>
          </span>
        ),
      }),
      redemptionColumn.accessor('hint', { header: () => t('vouchers.code'), cell: (info) => <Ltr>…-{info.getValue()}</Ltr> }),
    ],
    [t, lang],
  );
  const back = (
    <Link to="/vouchers" className="underline">
      {t('vouchers.back')}
    </Link>
  );
  if (detail.isPending) return <p role="status" className="text-muted">{t('loading')}</p>;
  if (detail.isError)
    return (
      <div className="flex flex-col gap-4">
        {back}
        <Notice tone="error">{errorText(t, detail.error)}</Notice>
      </div>
    );
  const { batch, redemptions } = detail.data;
  const unspent = batch.open + batch.expired;
  return (
    <>
      <PageHeader title={t('vouchers.batchTitle', { date: day(batch.createdAt, lang) })} intro={batch.note || undefined} />
      <div className="flex flex-col gap-6" data-batch={batch.id}>
        <p>{back}</p>
        {notice && <Notice tone={notice.tone}>{notice.text}</Notice>}
        <Section title={t('vouchers.summary')}>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <p className="text-sm text-muted">{t('vouchers.grants')}</p>
              <Grants batch={batch} />
            </div>
            <div>
              <p className="text-sm text-muted">{t('vouchers.validity')}</p>
              <p>{`${day(batch.validFrom, lang)} – ${day(batch.validUntil, lang)}`}</p>
            </div>
            <div>
              <p className="text-sm text-muted">{t('vouchers.codes')}</p>
              <Counts batch={batch} />
            </div>
            <div>
              <p className="text-sm text-muted">{t('vouchers.status')}</p>
              <p>
                <BatchStatus batch={batch} />
              </p>
              {batch.voidedAt && (
                <p className="text-sm text-muted">
                  {day(batch.voidedAt, lang)} · <Ltr>{batch.voidedBy ?? ''}</Ltr>
                </p>
              )}
            </div>
          </div>
          <p className="mt-4 text-sm text-muted">
            {t('vouchers.createdBy')} <Ltr>{batch.createdByEmail || batch.createdBy}</Ltr>
          </p>
          {!batch.voidedAt && (
            <div className="mt-4">
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                {t('vouchers.voidBatch')}
              </Button>
            </div>
          )}
        </Section>
        <BatchCodes batchId={batch.id} />
        <Section title={t('vouchers.redemptionsTotal', { count: redemptions.total })}>
          <DataTable
            data={redemptions.items}
            columns={columns}
            getRowId={(row) => row.codeId}
            label={t('vouchers.redemptions')}
            empty={t('vouchers.redemptionsEmpty')}
            serverPages={redemptions.total > redemptions.size ? { page, pages: pageCount(redemptions.total, redemptions.size), onPage: setPage } : undefined}
          />
        </Section>
      </div>
      <ConfirmVoid
        open={confirming}
        title={t('vouchers.voidBatchTitle')}
        text={t('vouchers.voidBatchText', { count: unspent })}
        busy={voidBatch.isPending}
        onConfirm={() => voidBatch.mutate()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

/** The route /vouchers/:batchId: a batch's page, started afresh for another batch. */
export default function VoucherBatchPage() {
  const { batchId = '' } = useParams();
  return <BatchDetails key={batchId} id={batchId} />;
}

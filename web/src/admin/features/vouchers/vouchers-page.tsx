/**
 * Vouchers (issue 33 item 5; docs/decisions.md "Voucher batches"), /vouchers: a "New batch" form whose
 * answer shows the codes this once (with a CSV download made in the browser: the server keeps only
 * hashes), a "Find a code" box with the code's state and "Void code", and the tenant's batches in the
 * console's grid with their counts, each opening its page (voucher-batch-page.tsx, /vouchers/:batchId).
 * Codes, e-mail addresses and ids are isolated left to right (Ltr) in Arabic.
 */
import { useState } from 'react';
import { PageHeader, Section } from '@/admin/components/fields';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import { BatchList } from './components/batch-list';
import { FindCode } from './components/find-code';
import { MintedCodes } from './components/minted-codes';
import { NewBatchForm } from './components/new-batch-form';
import type { VoucherBatchCreated } from './vouchers-api';

export default function VouchersPage() {
  const { t } = useAdminI18n();
  const [created, setCreated] = useState<VoucherBatchCreated | null>(null);
  return (
    <>
      <PageHeader title={t('vouchers.title')} intro={t('vouchers.intro')} />
      <div className="flex flex-col gap-6">
        {created ? (
          <MintedCodes created={created} onDone={() => setCreated(null)} />
        ) : (
          <Section title={t('vouchers.newBatch')}>
            <NewBatchForm onMinted={setCreated} />
          </Section>
        )}
        <Section title={t('vouchers.find')}>
          <FindCode />
        </Section>
        <Section title={t('vouchers.batches')}>
          <BatchList />
        </Section>
      </div>
    </>
  );
}

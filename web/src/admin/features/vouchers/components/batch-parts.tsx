/** A batch's parts that its row, its page and a found code show: what it grants, its counts, its status, and the void confirmation. */
import { Button } from '@/components/ui/button';
import { DialogShell } from '@/components/ui/dialog-shell';
import { useAdminI18n } from '@/admin/lib/i18n-context';
import type { VoucherBatch } from '../vouchers-api';

/** "Plan Basic" or "Voucher Gift card", with the billing periods a code grants. */
export function Grants({ batch }: { batch: Pick<VoucherBatch, 'typeName' | 'typeId' | 'productId' | 'productTitle' | 'periods'> }) {
  const { t } = useAdminI18n();
  return (
    <span className="flex flex-col">
      <span className="font-medium">{batch.productId != null ? t('vouchers.product', { title: batch.productTitle ?? String(batch.productId) }) : t('vouchers.plan', { name: batch.typeName === '' ? String(batch.typeId) : batch.typeName })}</span>
      <span className="text-xs text-muted">{t('vouchers.periods', { count: batch.periods })}</span>
    </span>
  );
}

export function Counts({ batch }: { batch: Pick<VoucherBatch, 'minted' | 'redeemed' | 'voided' | 'open' | 'expired'> }) {
  const { t } = useAdminI18n();
  return (
    <ul className="flex flex-col text-sm" data-counts={`${batch.minted}/${batch.redeemed}/${batch.voided}/${batch.open}`}>
      <li>{t('vouchers.countMinted', { count: batch.minted })}</li>
      <li>{t('vouchers.countRedeemed', { count: batch.redeemed })}</li>
      <li>{t('vouchers.countVoided', { count: batch.voided })}</li>
      <li>{t('vouchers.countOpen', { count: batch.open })}</li>
      {batch.expired > 0 && <li>{t('vouchers.countExpired', { count: batch.expired })}</li>}
    </ul>
  );
}

export function BatchStatus({ batch }: { batch: Pick<VoucherBatch, 'voidedAt' | 'validUntil'> }) {
  const { t } = useAdminI18n();
  if (batch.voidedAt) return <span className="font-semibold text-red-700 dark:text-red-300">{t('vouchers.statusVoided')}</span>;
  if (batch.validUntil <= new Date().toISOString().slice(0, 19) + 'Z') return <span className="text-muted">{t('vouchers.statusExpired')}</span>;
  return <span>{t('vouchers.statusActive')}</span>;
}

/** Asks before a void: it cannot be undone. */
export function ConfirmVoid({ open, title, text, busy, onConfirm, onClose }: { open: boolean; title: string; text: string; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useAdminI18n();
  return (
    <DialogShell open={open} onOpenChange={(next) => !next && onClose()} title={title} description={text} closeLabel={t('vouchers.close')}>
      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t('vouchers.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={busy} className="bg-red-700 text-white dark:bg-red-600">
          {t('vouchers.confirmVoid')}
        </Button>
      </div>
    </DialogShell>
  );
}

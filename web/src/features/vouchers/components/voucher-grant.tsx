/**
 * What each code of a voucher product gives, shown before payment (issue 30): "Redeems as 51 days of Games
 * Daily", one line per plan (a book lists its members'), with the plural forms of the reader's language.
 */
import { useTranslation } from '@/lib/use-translation';
import { useVoucherProduct } from '../api/get-voucher-product';

const UNITS = ['day', 'week', 'month', 'year'] as const;
type Unit = (typeof UNITS)[number];
const isUnit = (unit: string): unit is Unit => (UNITS as readonly string[]).includes(unit);

export function VoucherGrant({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const product = useVoucherProduct(productId);
  const grants = (product.data?.grants ?? []).flatMap((grant) => (isUnit(grant.unit) ? [{ ...grant, unit: grant.unit }] : []));
  if (grants.length === 0) return null;
  return (
    <section className="flex flex-col gap-1 rounded-xl border border-border bg-bg p-4" data-testid="voucher-grant" aria-label={t('vouchers.grant.title')}>
      <h2 className="text-sm font-bold">{t('vouchers.grant.title')}</h2>
      <ul className="flex flex-col gap-1 text-sm">
        {grants.map((grant, index) => (
          <li key={`${grant.subscriptionTypeId}-${index}`} data-type-id={grant.subscriptionTypeId} data-count={grant.count} data-unit={grant.unit}>
            {t(`vouchers.grant.${grant.unit}`, { count: grant.count, plan: grant.name })}
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted">{t('vouchers.grant.extends')}</p>
    </section>
  );
}

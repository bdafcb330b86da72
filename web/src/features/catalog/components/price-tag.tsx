/** An article's price: free, included in the subscription, or the amount with its percent-off tag. */
import { useTranslation } from '@/lib/use-translation';
import { formatPercent, formatPrice, percentOff, priceDecimals } from '@/lib/formatters';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import type { Price } from '../types';

export function PriceTag({ price }: { price: Price | null }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const decimals = usePortalStore((state) => priceDecimals(state.configs.priceFormat));
  if (!price) return null;
  if (price.businessModel === 'DOWNLOAD_TO_OWN_FREEMIUM' || price.amount === 0) {
    return <span className="rounded-full bg-emerald-700 px-3 py-1 text-sm font-bold text-white">{t('catalog.free')}</span>;
  }
  if (price.businessModel === 'SUBSCRIPTION') {
    return <span className="rounded-full border border-border bg-surface px-3 py-1 text-sm font-semibold">{t('catalog.included')}</span>;
  }
  const percent = percentOff(price.amount, price.promotionAmount);
  const shown = percent !== null && price.promotionAmount != null ? price.promotionAmount : price.amount;
  return (
    <span className="inline-flex flex-wrap items-center gap-2" data-testid="price">
      <span className="text-lg font-bold tabular-nums">{formatPrice(shown, price.currency, lang, decimals)}</span>
      {percent !== null && (
        <>
          <s className="text-sm text-muted tabular-nums">{formatPrice(price.amount, price.currency, lang, decimals)}</s>
          <span className="rounded-md bg-accent px-2 py-0.5 text-xs font-bold text-black">{t('catalog.percentOff', { percent: formatPercent(percent, lang) })}</span>
        </>
      )}
    </span>
  );
}

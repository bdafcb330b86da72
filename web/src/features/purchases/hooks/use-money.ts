/** Formats money in the tenant's price format (decimals) and the page's language. */
import { useCallback } from 'react';
import { formatPrice, priceDecimals } from '@/lib/formatters';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import type { Money } from '../types';

export function useMoney(): (money: Money) => string {
  const lang = useCurrentLanguage();
  const decimals = usePortalStore((state) => priceDecimals(state.configs.priceFormat));
  return useCallback((money: Money) => formatPrice(money.amount, money.currency, lang, decimals), [lang, decimals]);
}

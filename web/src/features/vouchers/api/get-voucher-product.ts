/**
 * GET {backend}/voucher/product/{id}?lang: what one code of a voucher product grants (a book: each member's),
 * so its page says it before payment: "Redeems as 3 months of Music Basic".
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import type { VoucherProduct } from '../types';


export async function getVoucherProduct(id: number, lang: LanguageCode): Promise<VoucherProduct> {
  const response = await getApiClient().get<{ data: VoucherProduct }>(`/voucher/product/${id}`, { query: { lang } });
  return response.data;
}

/** Per user: a signed-in answer counts the codes they hold (`codesHeld`). */
export const voucherProductQueryOptions = (id: number, lang: LanguageCode, user: string | null) =>
  queryOptions({ queryKey: ['vouchers', 'product', id, lang, user] as const, queryFn: () => getVoucherProduct(id, lang), staleTime: 120_000 });

export function useVoucherProduct(id: number) {
  const user = usePortalStore((state) => (state.role === 'user' ? state.userUuid : null));
  return useQuery(voucherProductQueryOptions(id, useCurrentLanguage(), user));
}

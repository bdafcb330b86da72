/** GET /wallet/walletarticle/article/{id}: whether the user owns the article (404 NOT_IN_WALLET is "no"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, getApiClient } from '@/lib/api-client';
import { usePortalStore } from '@/lib/store';

export async function getWalletArticle(articleId: number): Promise<{ articleId: number; acquiredAt?: string } | null> {
  try {
    const response = await getApiClient().get<{ data: { articleId: number; acquiredAt?: string } }>(`/wallet/walletarticle/article/${articleId}`);
    return response.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const getWalletArticleQueryOptions = (articleId: number) =>
  queryOptions({ queryKey: ['wallet', 'article', articleId] as const, queryFn: () => getWalletArticle(articleId), staleTime: 30_000 });

export function useWalletArticle(articleId: number) {
  const signedIn = usePortalStore((state) => state.role === 'user');
  return useQuery({ ...getWalletArticleQueryOptions(articleId), enabled: signedIn });
}

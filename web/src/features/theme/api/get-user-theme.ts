/** GET {backend}/user/checkUserTheme: the signed-in user's saved theme (returns the error, never throws). */
import { queryOptions } from '@tanstack/react-query';
import { getApiClient, settle, type ApiResult } from '@/lib/api-client';
import type { ApiData } from '@/lib/api-schema';

export type SavedTheme = ApiData<'getBackendUserCheckUserTheme'>;

export async function getUserTheme(): Promise<ApiResult<SavedTheme>> {
  const result = await settle(getApiClient().get<{ data: SavedTheme }>('/user/checkUserTheme'));
  if (!result.ok) console.error('Could not read the saved theme', result.error);
  return result.ok ? { ok: true, data: result.data.data } : result;
}

/** The saved choice, read once per page load (null: none saved, or the read failed and was logged). */
export const getUserThemeQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'theme'] as const,
    queryFn: async (): Promise<boolean | null> => {
      const result = await getUserTheme();
      return result.ok && typeof result.data.alternatTheme === 'boolean' ? result.data.alternatTheme : null;
    },
    staleTime: Infinity,
    retry: false,
  });

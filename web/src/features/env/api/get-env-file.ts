/** GET /api/envFile on the portal's own host: env config and tenant name (spec §7). */
import { queryOptions } from '@tanstack/react-query';
import { ENV_FILE_URL } from '@/config/env';
import { fetchPortalJson } from '@/lib/api-client';
import type { EnvFile } from '@/lib/portal-types';

export function getEnvFile(): Promise<EnvFile> {
  return fetchPortalJson<EnvFile>(ENV_FILE_URL);
}

export const getEnvFileQueryOptions = () => queryOptions({ queryKey: ['env-file'] as const, queryFn: getEnvFile, staleTime: Infinity });

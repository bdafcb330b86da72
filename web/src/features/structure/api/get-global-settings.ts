/** GET {backend}/structure/configurations: the tenant's global settings (its data.customProperties). */
import { queryOptions } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import type { GlobalSettings } from '@/lib/portal-types';
import { getStructure } from './get-structure';

export async function getGlobalSettings(lang: LanguageCode): Promise<GlobalSettings> {
  const node = await getStructure('configurations', lang);
  const settings: GlobalSettings = node.data.customProperties ?? {};
  return settings;
}

export const getGlobalSettingsQueryOptions = (lang: LanguageCode) =>
  queryOptions({ queryKey: ['global-settings', lang] as const, queryFn: () => getGlobalSettings(lang), staleTime: 3_600_000 });

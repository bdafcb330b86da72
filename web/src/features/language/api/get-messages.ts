/**
 * GET {backend}/i18n/{lang}: a language's message bundle. When the backend cannot answer, the
 * bundle shipped with the client (one lazy chunk per language) is used instead; when that chunk
 * cannot be loaded either, null (the caller logs the spec's line and goes on: spec §8).
 */
import { queryOptions } from '@tanstack/react-query';
import type { LanguageCode } from '@/config/languages';
import { getApiClient } from '@/lib/api-client';

export type MessageBundle = Record<string, unknown>;

const bundledMessages = import.meta.glob<MessageBundle>('../../../locales/*/messages.json', { import: 'default' });

export async function loadBundledMessages(lang: LanguageCode): Promise<MessageBundle | null> {
  const load = bundledMessages[`../../../locales/${lang}/messages.json`];
  if (!load) return null;
  try {
    const bundle = await load();
    return Object.keys(bundle).length > 0 ? bundle : null;
  } catch (error) {
    console.warn(`The bundled messages for "${lang}" could not be loaded`, error);
    return null;
  }
}

export async function getMessages(lang: LanguageCode): Promise<MessageBundle | null> {
  try {
    const bundle = await getApiClient().get<MessageBundle>(`/i18n/${lang}`);
    if (typeof bundle === 'object' && Object.keys(bundle).length > 0) return bundle;
  } catch (error) {
    console.warn(`Messages for "${lang}" not served by the backend; using the bundled copy`, error);
  }
  return loadBundledMessages(lang);
}

export const getMessagesQueryOptions = (lang: LanguageCode) =>
  queryOptions({ queryKey: ['i18n', lang], queryFn: () => getMessages(lang), staleTime: Infinity });

/**
 * The structures whose links the header and the footer show (portal §3 global settings, areas header and footer):
 * `settings.header.structure` and `settings.footer.structure`, else "header" and "footer". The server embeds the
 * same ones in the page payload (structure_pages.cpp page_chrome), so the first paint needs no request.
 */
import type { GlobalSettings } from '@/lib/portal-types';
import { usePortalStore } from '@/lib/store';

export type ChromeArea = 'header' | 'footer';

/** A structure's name as the console makes them: lower-case letters, digits and dashes (server: settings_entries.cpp). */
const STRUCTURE_NAME = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export function chromeStructure(configs: GlobalSettings, area: ChromeArea): string {
  const part = configs[area];
  const name = typeof part === 'object' && part !== null ? (part as { structure?: unknown }).structure : undefined;
  return typeof name === 'string' && STRUCTURE_NAME.test(name) ? name : area;
}

export function useChromeStructure(area: ChromeArea): string {
  return usePortalStore((state) => chromeStructure(state.configs, area));
}

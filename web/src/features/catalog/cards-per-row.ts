/**
 * How many cards a catalog row or grid shows side by side on a phone (settings.mobileSettings.cardsPerRow: 1, 2 or 3;
 * docs/tenants.md). Set once on the root as `--cards-per-row-mobile`, which the grids' phone columns
 * (config/page-tables.ts) and the rows' phone card width (`--phone-card-width`, index.css) read. A tenant that set
 * none leaves it unset: every list keeps its own phone columns and card widths.
 */
import type { GlobalSettings } from '@/lib/portal-types';

export const CARDS_PER_ROW_PROPERTY = '--cards-per-row-mobile';

export function cardsPerRowOf(configs: GlobalSettings): 1 | 2 | 3 | null {
  const count = (configs.mobileSettings as { cardsPerRow?: unknown } | null | undefined)?.cardsPerRow;
  return count === 1 || count === 2 || count === 3 ? count : null;
}

export function applyCardsPerRow(configs: GlobalSettings, root: HTMLElement = document.documentElement): void {
  const count = cardsPerRowOf(configs);
  if (count === null) root.style.removeProperty(CARDS_PER_ROW_PROPERTY);
  else root.style.setProperty(CARDS_PER_ROW_PROPERTY, String(count));
}

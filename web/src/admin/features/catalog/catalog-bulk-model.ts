/**
 * The catalog's bulk actions (issue 78 item 3) as the console's form holds them, and the body of
 * POST /backend/admin/catalog/bulk they make: the action, its parameters (a category; a percent or an amount typed
 * in major units, of one business model's prices) and the selection (ids, or the list's filter).
 */
import type { BulkSelection } from '@/admin/lib/bulk-job';
import { mayEditCatalog, mayPriceArticles } from '@/admin/lib/roles';
import { toMinor } from '@/admin/lib/money';
import type { ArticlesBulkBody } from './catalog-api';
import type { CatalogFilters } from './catalog-filters';

export const ARTICLE_BULK_ACTIONS = ['publish', 'unpublish', 'tag', 'move', 'pricePercent', 'priceAmount'] as const;
export type ArticleBulkAction = (typeof ARTICLE_BULK_ACTIONS)[number];
const PRICE_ACTIONS: readonly ArticleBulkAction[] = ['pricePercent', 'priceAmount'];

/** Whether the action changes prices (POST /admin/catalog/bulk/prices: finance too), else the catalog's editors'. */
export function isPriceAction(action: ArticleBulkAction): boolean {
  return PRICE_ACTIONS.includes(action);
}

/** The actions a role may use on the catalog's list: editors (admins, owners) all, finance the prices only. */
export function articleBulkActionsFor(role: string): ArticleBulkAction[] {
  return ARTICLE_BULK_ACTIONS.filter((a) => (isPriceAction(a) ? mayPriceArticles(role) : mayEditCatalog(role)));
}

export interface ArticleBulkForm {
  action: ArticleBulkAction | '';
  category: string;
  percent: string;
  amount: string;
  priceModel: string;
}

export const EMPTY_ARTICLE_BULK: ArticleBulkForm = { action: '', category: '', percent: '', amount: '', priceModel: 'PAY_PER_DOWNLOAD' };

/** A percent as typed ("10", "-12,5"): -99.99 to 1000, not 0, at most two decimals; null otherwise. */
export function parsePercent(text: string): number | null {
  const trimmed = text.trim().replace(',', '.').replace('−', '-');
  if (!/^[+-]?\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value === 0 || value < -99.99 || value > 1000 ? null : value;
}

/** The selection as the call takes it: ids, or the list's filter (order and page aside). */
export function selectionBody(selection: BulkSelection, filters: CatalogFilters): Pick<ArticlesBulkBody, 'ids' | 'filter'> {
  if (!selection.all) return { ids: selection.ids.map(Number) };
  const filter: NonNullable<ArticlesBulkBody['filter']> = {};
  if (filters.q.trim()) filter.q = filters.q.trim();
  if (filters.type) filter.type = filters.type;
  if (filters.section) filter.section = filters.section;
  if (filters.rating) filter.rating = Number(filters.rating);
  if (filters.availability) filter.availability = filters.availability;
  if (filters.licensor.trim()) filter.licensor = filters.licensor.trim();
  if (filters.hasMedia) filter.hasMedia = filters.hasMedia === 'true';
  if (filters.priceModel) filter.priceModel = filters.priceModel;
  return { filter };
}

/** The call's body, or null while the form is not complete (no action, no category, no valid percent or amount). */
export function articleBulkBody(form: ArticleBulkForm, selection: BulkSelection, filters: CatalogFilters, decimals: number): ArticlesBulkBody | null {
  if (!form.action) return null;
  const chosen = selectionBody(selection, filters);
  switch (form.action) {
    case 'publish':
    case 'unpublish':
      return { action: form.action, ...chosen };
    case 'tag':
    case 'move':
      return form.category ? { action: form.action, category: form.category, ...chosen } : null;
    case 'pricePercent': {
      const percent = parsePercent(form.percent);
      return percent === null ? null : { action: form.action, percent, priceModel: form.priceModel, ...chosen };
    }
    case 'priceAmount': {
      const amount = toMinor(form.amount, decimals);
      return amount === null ? null : { action: form.action, amount, priceModel: form.priceModel, ...chosen };
    }
  }
}

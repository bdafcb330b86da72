import { describe, expect, it } from 'vitest';
import { offerAllMatching, selectedIds, selectionCount } from '@/admin/lib/bulk-job';
import { articleBulkBody, EMPTY_ARTICLE_BULK, parsePercent } from '../catalog-bulk-model';
import { EMPTY_CATALOG_FILTERS } from '../catalog-filters';

describe('the catalog bulk action form', () => {
  const ids = { all: false as const, ids: ['12', '13'] };

  it('takes a percent from -99.99 to 1000, not 0, with at most two decimals', () => {
    expect(parsePercent('10')).toBe(10);
    expect(parsePercent('-12,5')).toBe(-12.5);
    expect(parsePercent('+0.25')).toBe(0.25);
    for (const wrong of ['', '0', '-100', '1000.01', '1.234', 'ten', '5%']) expect(parsePercent(wrong)).toBeNull();
  });

  it('makes no body until the action has what it needs', () => {
    expect(articleBulkBody(EMPTY_ARTICLE_BULK, ids, EMPTY_CATALOG_FILTERS, 2)).toBeNull();
    expect(articleBulkBody({ ...EMPTY_ARTICLE_BULK, action: 'tag' }, ids, EMPTY_CATALOG_FILTERS, 2)).toBeNull();
    expect(articleBulkBody({ ...EMPTY_ARTICLE_BULK, action: 'pricePercent', percent: '0' }, ids, EMPTY_CATALOG_FILTERS, 2)).toBeNull();
    expect(articleBulkBody({ ...EMPTY_ARTICLE_BULK, action: 'priceAmount', amount: '4.999' }, ids, EMPTY_CATALOG_FILTERS, 2)).toBeNull();
  });

  it('sends ids, or the filter for every row that matches; amounts in minor units', () => {
    expect(articleBulkBody({ ...EMPTY_ARTICLE_BULK, action: 'publish' }, ids, EMPTY_CATALOG_FILTERS, 2)).toEqual({ action: 'publish', ids: [12, 13] });
    const filters = { ...EMPTY_CATALOG_FILTERS, section: 'podcast', availability: 'unpublished', rating: '12', hasMedia: 'false', sort: 'title', order: 'desc' };
    expect(articleBulkBody({ ...EMPTY_ARTICLE_BULK, action: 'priceAmount', amount: '4,99' }, { all: true, total: 40 }, filters, 2)).toEqual({
      action: 'priceAmount',
      amount: 499,
      priceModel: 'PAY_PER_DOWNLOAD',
      filter: { section: 'podcast', availability: 'unpublished', rating: 12, hasMedia: false },
    });
    expect(articleBulkBody({ ...EMPTY_ARTICLE_BULK, action: 'move', category: 'music-pop' }, ids, EMPTY_CATALOG_FILTERS, 2)).toEqual({ action: 'move', category: 'music-pop', ids: [12, 13] });
  });

  it('offers every row that matches once the whole page is selected and more rows match', () => {
    expect(selectedIds({ '1': true, '2': false, '3': true })).toEqual(['1', '3']);
    expect(offerAllMatching({ all: false, ids: ['1', '2'] }, ['1', '2'], 30)).toBe(true);
    expect(offerAllMatching({ all: false, ids: ['1'] }, ['1', '2'], 30)).toBe(false);
    expect(offerAllMatching({ all: false, ids: ['1', '2'] }, ['1', '2'], 2)).toBe(false);
    expect(offerAllMatching({ all: true, total: 30 }, ['1', '2'], 30)).toBe(false);
    expect(selectionCount({ all: true, total: 30 })).toBe(30);
  });
});

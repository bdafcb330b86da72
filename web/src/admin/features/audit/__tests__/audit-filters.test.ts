import { describe, expect, it } from 'vitest';
import { auditQuery, EMPTY_FILTERS, filtersFromSearch, pageCount, PAGE_SIZE, searchFromFilters } from '../audit-filters';

describe('the audit filters in the address', () => {
  it('reads filters and page from the query, a bad page as 1', () => {
    const { filters, page } = filtersFromSearch(new URLSearchParams('actor=owner%40example.com&action=staff.role&page=3&unknown=x'));
    expect(filters).toEqual({ ...EMPTY_FILTERS, actor: 'owner@example.com', action: 'staff.role' });
    expect(page).toBe(3);
    expect(filtersFromSearch(new URLSearchParams('page=-2')).page).toBe(1);
    expect(filtersFromSearch(new URLSearchParams('page=abc')).page).toBe(1);
  });

  it('writes only what is set, and survives the round trip', () => {
    const filters = { ...EMPTY_FILTERS, objectType: 'tenant', from: '2026-11-01', to: ' ' };
    const search = searchFromFilters(filters, 2);
    expect(search.toString()).toBe('objectType=tenant&from=2026-11-01&page=2');
    expect(filtersFromSearch(search)).toEqual({ filters: { ...filters, to: '' }, page: 2 });
    expect(searchFromFilters(EMPTY_FILTERS, 1).toString()).toBe('');
  });

  it('asks the server for the page and size with the filters set', () => {
    expect(auditQuery({ ...EMPTY_FILTERS, actor: 'a@b.c' }, 2)).toEqual({ page: 2, size: PAGE_SIZE, actor: 'a@b.c' });
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(51, 25)).toBe(3);
  });
});

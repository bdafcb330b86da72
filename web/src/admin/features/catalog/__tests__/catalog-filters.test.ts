import { describe, expect, it } from 'vitest';
import { catalogFiltersFromSearch, catalogQuery, searchFromCatalogFilters } from '../catalog-filters';

describe('the catalog page keeps its view in the address', () => {
  it('round-trips filters and page through the query string', () => {
    const search = new URLSearchParams('q=neon&type=full_track_music&availability=unpublished&hasMedia=true&rating=30&page=3');
    const { filters, page } = catalogFiltersFromSearch(search);
    expect(page).toBe(3);
    expect(searchFromCatalogFilters(filters, page).toString()).toBe('q=neon&type=full_track_music&rating=30&availability=unpublished&hasMedia=true&page=3');
  });

  it('makes the call query: typed values, paging from the page, empty filters left out', () => {
    const { filters } = catalogFiltersFromSearch(new URLSearchParams('rating=30&hasMedia=false&licensor=%20'));
    expect(catalogQuery(filters, 2, 'ar')).toEqual({ offset: 25, limit: 25, lang: 'ar', rating: 30, hasMedia: false });
  });

  it('ignores a page that is not a positive number', () => {
    expect(catalogFiltersFromSearch(new URLSearchParams('page=-2')).page).toBe(1);
    expect(catalogFiltersFromSearch(new URLSearchParams('page=x')).page).toBe(1);
  });
});

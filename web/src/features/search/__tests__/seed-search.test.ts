import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { searchQueryOptions } from '../api/search-articles';
import { seedSearch } from '../seed-search';

describe('seedSearch', () => {
  it("puts a search page's answer where the page's own query looks for it", () => {
    const client = new QueryClient();
    const entries = [{ id: 2015, title: 'Midnight Arcade', contentType: 'artist' }];
    expect(seedSearch(client, 'fr', { search: { q: 'golden hour', entries, total: 1, offset: 0, limit: 50 } })).toBe(true);
    expect(client.getQueryData(searchQueryOptions('golden hour', 'fr').queryKey)).toEqual({ entries, total: 1 });
    expect(client.getQueryData(searchQueryOptions('golden hour', 'en').queryKey)).toBeUndefined();
  });

  it('ignores a payload without an answer', () => {
    const client = new QueryClient();
    expect(seedSearch(client, 'en', { list: { entries: [] } })).toBe(false);
    expect(seedSearch(client, 'en', { search: { entries: [], total: 0 } })).toBe(false);
    expect(seedSearch(client, 'en', null)).toBe(false);
  });
});

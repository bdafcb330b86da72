import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../api-client';
import { getStructureFragment } from '../structure-fragment';

afterEach(() => vi.restoreAllMocks());

describe('GET /structure/{name}/fragment/{id}', () => {
  it('asks for the named fragment with its query and gives back its data', async () => {
    const fetchImpl = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ data: { entries: [], total: 0 } }), { status: 200, headers: { 'content-type': 'application/json' } })));
    configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', fetchImpl });
    const page = await getStructureFragment<{ entries: unknown[]; total: number }>('fragments_get-articles', 12, { offset: 10, limit: 10, lang: 'ar' });
    expect(page).toEqual({ entries: [], total: 0 });
    expect((fetchImpl.mock.calls[0] as unknown as [string])[0]).toBe('http://backend.test/backend/structure/fragments_get-articles/fragment/12?offset=10&limit=10&lang=ar');
  });
});

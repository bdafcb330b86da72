import { describe, expect, it } from 'vitest';
import { articlesToWrite, exportQuery, formatOfFile } from '../catalog-file-model';
import { EMPTY_CATALOG_FILTERS } from '../catalog-filters';

describe('the catalog as a file', () => {
  it('reads .json as JSON and anything else as CSV', () => {
    expect(formatOfFile('catalog.JSON')).toBe('json');
    expect(formatOfFile('catalog.csv', 'application/json')).toBe('csv');
    expect(formatOfFile('export', 'application/json')).toBe('json');
    expect(formatOfFile('export', 'text/plain')).toBe('csv');
  });

  it("exports with the list's filters, never its page", () => {
    const query = exportQuery({ ...EMPTY_CATALOG_FILTERS, type: 'full_track_music', rating: '12', hasMedia: 'false', q: '  ' }, 'csv');
    expect(query).toEqual({ format: 'csv', type: 'full_track_music', rating: 12, hasMedia: false });
    expect(query).not.toHaveProperty('offset');
  });

  it('writes nothing in all-or-nothing mode when a row has errors, the good rows per row', () => {
    expect(articlesToWrite({ create: 2, update: 3, invalid: 1 }, 'all', 0)).toBe(0);
    expect(articlesToWrite({ create: 2, update: 3, invalid: 1 }, 'per-row', 0)).toBe(5);
    expect(articlesToWrite({ create: 2, update: 3, invalid: 0 }, 'all', 0)).toBe(5);
    expect(articlesToWrite({ create: 2, update: 3, invalid: 0 }, 'per-row', 1)).toBe(0);
  });
});

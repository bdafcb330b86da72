import { describe, expect, it } from 'vitest';
import { payloadList } from '../seed-catalog';

const list = (query: Record<string, string>) => ({ list: { entries: [], total: 3, offset: 0, limit: 24, query } });

describe('payloadList', () => {
  it('hands over the first page only for the list the server answered', () => {
    const data = list({ section: 'video', contentType: '', category: '', sort: 'popular' });
    expect(payloadList(data, { section: 'video', sort: 'popular' })).toEqual({ entries: [], total: 3, offset: 0, limit: 24 });
    expect(payloadList(data, { section: 'video', sort: 'new' })).toBeNull();
    expect(payloadList(data, { section: 'video', category: 'video-drama', sort: 'popular' })).toBeNull();
  });

  it('refuses a page without its query and one the client filters further', () => {
    expect(payloadList({ list: { entries: [], total: 0, offset: 0, limit: 24 } }, { section: 'video' })).toBeNull();
    expect(payloadList(list({ section: 'games', contentType: '', category: '', sort: '' }), { section: 'games', developer: 'pixel-forge' })).toBeNull();
    expect(payloadList(null, { section: 'games' })).toBeNull();
  });
});

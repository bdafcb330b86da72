import { describe, expect, it } from 'vitest';
import { defaultRange, isDay, isMonth, previousMonth, queryFromView, searchFromView, viewFromSearch } from '../report-filters';

const now = new Date('2026-11-26T03:00:00Z');

describe('report views in the address', () => {
  it('fills a missing range with the 30 days ending today, by day', () => {
    expect(defaultRange(now)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(viewFromSearch(new URLSearchParams(''), 'revenue', now)).toEqual({ from: '2026-10-28', to: '2026-11-26', granularity: 'day', filters: {} });
  });

  it('reads range, granularity and only the report’s own filters', () => {
    const search = new URLSearchParams('from=2026-01-01&to=2026-03-31&granularity=month&currency=EUR&method=card&plan=7&section=news&language=ar&lang=fr');
    expect(viewFromSearch(search, 'revenue', now)).toEqual({ from: '2026-01-01', to: '2026-03-31', granularity: 'month', filters: { currency: 'EUR', method: 'card', plan: '7' } });
    expect(viewFromSearch(search, 'consumption', now).filters).toEqual({ section: 'news', language: 'ar' });
    expect(viewFromSearch(search, 'subscribers', now).filters).toEqual({});
  });

  it('drops malformed values and orders a reversed range', () => {
    expect(viewFromSearch(new URLSearchParams('from=2026-02-30&to=yesterday&granularity=year'), 'revenue', now)).toEqual({ from: '2026-10-28', to: '2026-11-26', granularity: 'day', filters: {} });
    expect(viewFromSearch(new URLSearchParams('from=2026-05-01&to=2026-04-01'), 'revenue', now)).toMatchObject({ from: '2026-04-01', to: '2026-05-01' });
  });

  it('writes a view back to the same address, and to the call’s query', () => {
    const view = { from: '2026-01-01', to: '2026-03-31', granularity: 'week' as const, filters: { section: 'news', contentType: '', language: 'ar' } };
    const search = searchFromView(view, 'consumption');
    expect(search.toString()).toBe('from=2026-01-01&to=2026-03-31&granularity=week&section=news&language=ar');
    expect(viewFromSearch(search, 'consumption', now)).toEqual({ ...view, filters: { section: 'news', language: 'ar' } });
    expect(searchFromView({ ...view, granularity: 'day' }, 'subscribers').toString()).toBe('from=2026-01-01&to=2026-03-31');
    // The listeners' language filters as `language`; `lang` is the reader's, naming plans and articles (issue 73 item 5).
    expect(queryFromView({ ...view, granularity: 'day' }, 'consumption', 'fr')).toEqual({ from: '2026-01-01', to: '2026-03-31', granularity: 'day', section: 'news', language: 'ar', lang: 'fr' });
    expect(queryFromView({ ...view, filters: {} }, 'revenue', 'ar')).toEqual({ from: '2026-01-01', to: '2026-03-31', granularity: 'week', lang: 'ar' });
  });

  it('knows days and months', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2025-02-29')).toBe(false);
    expect(isMonth('2026-11')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(previousMonth(now)).toBe('2026-10');
    expect(previousMonth(new Date('2026-01-05T00:00:00Z'))).toBe('2025-12');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupByCategory, isBestValue, parseTrialDuration, planBullets, planCategories, planTitle, sortPlans } from '../plan-attributes';
import { visiblePlans } from '../store';
import { plan } from './fixtures';

afterEach(() => vi.restoreAllMocks());

describe('plan attributes (commerce §3)', () => {
  it('reads categories, with the unkown{id} default and a logged error for invalid JSON', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(planCategories(plan(1, {}, { ment_category: '["music","bundle"]' }))).toEqual(['music', 'bundle']);
    expect(planCategories(plan(2))).toEqual(['unkown2']);
    expect(planCategories(plan(3, {}, { ment_category: 'music' }))).toEqual(['unkown3']);
    expect(error).toHaveBeenCalledOnce();
  });

  it('sorts ascending by ment_sort (default 0), then id', () => {
    const plans = [plan(3, {}, { ment_sort: '2' }), plan(1, {}, { ment_sort: '5' }), plan(2)];
    expect(sortPlans(plans).map((p) => p.id)).toEqual([2, 3, 1]);
  });

  it('removes geo-blocked plans only when the flag is set', () => {
    const plans = [plan(1), plan(2)];
    expect(visiblePlans(plans, { enabled: true, blockedSubscriptions: [2] }).map((p) => p.id)).toEqual([1]);
    expect(visiblePlans(plans, { enabled: false, blockedSubscriptions: [2] }).map((p) => p.id)).toEqual([1, 2]);
  });

  it('picks display texts in the user language, then English, then the name', () => {
    const p = plan(1, {}, { DISPLAY_SERVICE_NAME_TEXT_en: 'Music Plus', DISPLAY_SERVICE_NAME_TEXT_ar: 'موسيقى بلس', DISPLAY_SERVICE_BULLETS_TEXT_en: '["a","b"]' });
    expect(planTitle(p, 'ar')).toBe('موسيقى بلس');
    expect(planTitle(p, 'fr')).toBe('Music Plus');
    expect(planTitle(plan(2), 'fr')).toBe('Plan 2');
    expect(planBullets(p, 'de')).toEqual(['a', 'b']);
    expect(isBestValue(plan(3, {}, { ment_best_value: '1' }))).toBe(true);
    expect(isBestValue(plan(3, {}, { ment_best_value: '0' }))).toBe(false);
  });

  it('parses trial durations by D, M and Y', () => {
    expect(parseTrialDuration('P7D')).toEqual({ count: 7, unit: 'day' });
    expect(parseTrialDuration('P1M')).toEqual({ count: 1, unit: 'month' });
    expect(parseTrialDuration('P1Y')).toEqual({ count: 1, unit: 'year' });
    expect(parseTrialDuration('PT5H')).toBeNull();
    expect(parseTrialDuration(null)).toBeNull();
  });

  it('groups plans by their first category', () => {
    const groups = groupByCategory([plan(1, {}, { ment_category: '["video"]', ment_sort: '1' }), plan(2, {}, { ment_category: '["music"]' }), plan(3, {}, { ment_category: '["video"]', ment_sort: '0' })]);
    expect(groups.map((g) => [g.category, g.plans.map((p) => p.id)])).toEqual([
      ['music', [2]],
      ['video', [3, 1]],
    ]);
  });
});

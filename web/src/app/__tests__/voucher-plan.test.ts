import { describe, expect, it } from 'vitest';
import type { ArticleDetails } from '@/features/catalog/types';
import { grantedPlan } from '../routes/voucher-plan';

const voucher = (customProperties: Record<string, unknown> | null) => ({ id: 5, title: 'Music Gift Card', contentType: 'voucher', customProperties }) as unknown as ArticleDetails;

describe('the plan a voucher grants (voucherbook eligibility is asked for it)', () => {
  it("is the tenant's entry of subscriptionTypeIds", () => {
    expect(grantedPlan(voucher({ subscriptionTypeIds: { aurora: 101, noor: 301 } }), 'aurora')).toBe(101);
    expect(grantedPlan(voucher({ subscriptionTypeIds: { noor: 301 } }), 'aurora')).toBeNull();
    expect(grantedPlan(voucher({ subscriptionTypeIds: { aurora: '101' } }), 'aurora')).toBeNull();
    expect(grantedPlan(voucher(null), 'aurora')).toBeNull();
  });
});

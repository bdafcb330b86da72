import type { SubscriptionType, UserSubscription } from '../types';

export function plan(id: number, overrides: Partial<SubscriptionType> = {}, attributes: Record<string, string> = {}): SubscriptionType {
  return {
    id,
    name: `Plan ${id}`,
    billingCycle: 'P1M',
    subscriptionTypePrice: { amount: 499, currency: 'EUR' },
    subscriptionTypePromotionPrice: null,
    attributes: Object.entries(attributes).map(([key, value]) => ({ key, value })),
    contingents: [],
    accumulateContingent: false,
    cancelUrl: null,
    maxTrialDuration: null,
    subscriptionTypeGroupList: [],
    ...overrides,
  };
}

export function sub(id: number, typeId: number, overrides: Partial<UserSubscription> = {}): UserSubscription {
  return {
    // The tests number their subscriptions; the server's ids are strings (UUIDs).
    id: id as unknown as UserSubscription['id'],
    typeId,
    state: 'ACTIVE',
    subState: null,
    active: true,
    trial: false,
    startDate: '2026-11-01T00:00:00Z',
    endDate: null,
    nextRenewalDate: '2026-12-01T00:00:00Z',
    cancelRequested: false,
    contingents: [],
    paymentOption: 'card',
    createdAt: `2026-11-${String(id).padStart(2, '0')}T00:00:00Z`,
    updatedAt: `2026-11-${String(id).padStart(2, '0')}T00:00:00Z`,
    partnerMetadata: {},
    marketingCampaign: null,
    consents: [],
    subscriptionTypeGroupList: [],
    ...overrides,
  };
}

export const musicGroup = {
  id: 'music',
  name: 'Music',
  levels: [
    { order: 0, currentSubscriptionExist: false, subscriptionTypeIds: [101] },
    { order: 1, currentSubscriptionExist: false, subscriptionTypeIds: [102] },
    { order: 2, currentSubscriptionExist: false, subscriptionTypeIds: [103] },
  ],
};

/** A plan lookup that re-renders its component when the plans arrive (e.g. after a purchase return reload). */
import { useCallback } from 'react';
import { useSubscriptionStore } from '../store';
import type { SubscriptionType } from '../types';

export function usePlanById(): (id: number | null | undefined) => SubscriptionType | undefined {
  const types = useSubscriptionStore((state) => state.types);
  return useCallback((id) => (id == null ? undefined : types.find((type) => type.id === id)), [types]);
}

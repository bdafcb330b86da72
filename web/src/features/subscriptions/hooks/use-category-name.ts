/** The translated name of a plan category (ment_category), else the plans' group name, else the raw value. */
import { useCallback } from 'react';
import { useTranslation } from '@/lib/use-translation';
import type { SubscriptionType } from '../types';

const KNOWN = ['music', 'video', 'games', 'audiobook', 'podcast', 'news', 'bundle'] as const;

export function useCategoryName() {
  const { t } = useTranslation();
  return useCallback(
    (category: string, plans: readonly SubscriptionType[]) => {
      if ((KNOWN as readonly string[]).includes(category)) return t(`subscription.categories.${category as (typeof KNOWN)[number]}`);
      const group = plans[0]?.subscriptionTypeGroupList[0]?.name;
      if (group) return group;
      return category.startsWith('unkown') ? t('subscription.categories.other') : category;
    },
    [t],
  );
}

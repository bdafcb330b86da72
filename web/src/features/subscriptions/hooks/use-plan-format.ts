/** Prices, cycles, dates, durations and credits of plans, through the shared formatters. */
import { useCallback } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { billingCycle, formatDate, formatNumber, formatPercent, formatPrice, percentOff, priceDecimals } from '@/lib/formatters';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage } from '@/lib/use-language';
import { attribute, parseTrialDuration } from '../plan-attributes';
import type { Money, SubscriptionType } from '../types';

export function usePlanFormat() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const decimals = usePortalStore((state) => priceDecimals(state.configs.priceFormat));

  const price = useCallback((money: Money) => formatPrice(money.amount, money.currency, lang, decimals), [lang, decimals]);

  const cycle = useCallback(
    (duration: string) => {
      const name = billingCycle(duration);
      return name ? t(`subscription.cycle.${name}`) : t('subscription.cycle.other');
    },
    [t],
  );

  /** An amount with the tenant's own currency text (DISPLAY_SERVICE_CURRENCY_TEXT_{locale}) instead of the ISO symbol. */
  const priceWithText = useCallback(
    (money: Money, currencyText: string | null) =>
      currencyText ? `${formatNumber(money.amount / 10 ** decimals, lang, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}\u00a0${currencyText}` : price(money),
    [lang, decimals, price],
  );

  /** The price to pay, the regular price when a promotion applies, and the percent-off tag. */
  const offer = useCallback(
    (type: Pick<SubscriptionType, 'subscriptionTypePrice' | 'subscriptionTypePromotionPrice'>, currencyText: string | null = null) => {
      const regular = type.subscriptionTypePrice;
      const promotion = type.subscriptionTypePromotionPrice;
      const percent = promotion?.currency === regular.currency ? percentOff(regular.amount, promotion.amount) : null;
      return {
        now: percent !== null && promotion ? priceWithText(promotion, currencyText) : priceWithText(regular, currencyText),
        free: (percent !== null && promotion ? promotion.amount : regular.amount) === 0,
        was: percent !== null ? priceWithText(regular, currencyText) : null,
        tag: percent !== null ? t('subscription.percentOff', { percent: formatPercent(percent, lang) }) : null,
      };
    },
    [priceWithText, t, lang],
  );

  const date = useCallback((value: string | null | undefined) => (value ? formatDate(value, lang, { dateStyle: 'medium' }) : ''), [lang]);

  /** "7 days" in the language, from an ISO duration (maxTrialDuration). */
  const duration = useCallback(
    (iso: string | null | undefined) => {
      const parsed = parseTrialDuration(iso);
      return parsed ? formatNumber(parsed.count, lang, { style: 'unit', unit: parsed.unit, unitDisplay: 'long' }) : null;
    },
    [lang],
  );

  /** Trial text: ment_free_duration_{locale} when the tenant wrote one, else from maxTrialDuration. */
  const trial = useCallback(
    (type: Pick<SubscriptionType, 'attributes' | 'maxTrialDuration'>) => {
      const own = attribute(type, `ment_free_duration_${lang}`) ?? attribute(type, 'ment_free_duration_en');
      if (own) return own;
      const text = duration(type.maxTrialDuration);
      return text ? t('subscription.trialText', { duration: text }) : null;
    },
    [lang, duration, t],
  );

  const amount = useCallback((value: number) => (value === -1 ? t('subscription.manage.unlimited') : formatNumber(value, lang)), [lang, t]);

  const left = useCallback((count: number, unit: 'hours' | 'days') => formatNumber(count, lang, { style: 'unit', unit: unit === 'hours' ? 'hour' : 'day', unitDisplay: 'long' }), [lang]);

  return { lang, price, cycle, offer, date, duration, trial, amount, left };
}

import { describe, expect, it } from 'vitest';
import { toMinor } from '@/admin/lib/money';
import type { AdminPlan } from '../plans-api';
import { formFieldOf, languageOf, planLabel, toFormValues, toPlanBody } from '../plans-form';

const plan: AdminPlan = {
  version: 3,
  id: 101,
  name: 'Music Basic',
  state: 'ACTIVE',
  subscribers: 2,
  groupId: 'music',
  level: 0,
  billingCycle: 'P1M',
  price: { amount: 499, currency: 'EUR' },
  promotionPrice: { amount: 299, currency: 'EUR' },
  maxTrialDuration: null,
  contingents: [{ contentTypes: ['album', 'playlist'], amount: 10 }],
  accumulateContingent: false,
  cancelUrl: null,
  requiredIdentityFields: [],
  paymentOptions: ['card'],
  attributes: [
    { key: 'ment_sort', value: '1' },
    { key: 'DISPLAY_SERVICE_NAME_TEXT_en', value: 'Music Basic' },
    { key: 'DISPLAY_SERVICE_NAME_TEXT_ar', value: 'موسيقى أساسي' },
    { key: 'DISPLAY_SERVICE_DESC_TEXT_CREDIT_fr', value: 'Dix titres' },
    { key: 'DISPLAY_SERVICE_BULLETS_TEXT_en', value: '["10 tracks", "No ads"]' },
    { key: 'DISPLAY_SERVICE_BULLETS_TEXT_de', value: 'Werbefrei' },
    { key: 'ment_category', value: '["music"]' },
  ],
};

describe('the plan form', () => {
  it('splits the texts by language from the other keys, and writes them back', () => {
    const values = toFormValues(plan);
    expect(values.texts.ar.DISPLAY_SERVICE_NAME_TEXT).toBe('موسيقى أساسي');
    expect(values.texts.fr.DISPLAY_SERVICE_DESC_TEXT_CREDIT).toBe('Dix titres');
    expect(values.texts.fr.DISPLAY_SERVICE_DESC_TEXT).toBe('');
    expect(values.attributes).toEqual([{ key: 'ment_sort', value: '1' }, { key: 'ment_category', value: '["music"]' }]);
    expect(values.promotion).toBe('2.99');
    // The credits' content types and each language's bullet points are lists, not text typed as a list (issue 73 item 5).
    expect(values.contingents).toEqual([{ types: ['album', 'playlist'], amount: '10' }]);
    expect(values.bullets.en).toEqual(['10 tracks', 'No ads']);
    expect(values.bullets.de).toEqual(['Werbefrei']);  // not a JSON list: kept as one point, saved as a list
    expect(values.bullets.ar).toEqual([]);
    values.bullets.en = ['No ads', ' ', '10 tracks', 'Cancel any time'];
    values.bullets.fr = ['  '];
    values.attributes[1]!.value = '["music", "", "video"]';
    values.texts.de.DISPLAY_SERVICE_ABOVE_CTA = 'Jederzeit kündbar';
    values.promotion = '';
    const body = toPlanBody(plan, values);
    expect(body.version).toBe(3);
    expect(body.price).toEqual(plan.price);
    expect(body.promotionPrice).toBeNull();
    expect(body.level).toBe(0);
    expect(body.contingents).toEqual([{ contentTypes: ['album', 'playlist'], amount: 10 }]);
    expect(body.attributes).toContainEqual({ key: 'DISPLAY_SERVICE_ABOVE_CTA_de', value: 'Jederzeit kündbar' });
    expect(body.attributes).toContainEqual({ key: 'ment_sort', value: '1' });
    expect(body.attributes.filter((a) => a.key.endsWith('_es'))).toEqual([]);
    expect(body.attributes).toContainEqual({ key: 'DISPLAY_SERVICE_BULLETS_TEXT_en', value: '["No ads","10 tracks","Cancel any time"]' });
    expect(body.attributes).toContainEqual({ key: 'DISPLAY_SERVICE_BULLETS_TEXT_de', value: '["Werbefrei"]' });
    expect(body.attributes.some((a) => a.key === 'DISPLAY_SERVICE_BULLETS_TEXT_fr')).toBe(false);
    expect(body.attributes).toContainEqual({ key: 'ment_category', value: '["music","video"]' });
  });

  it('reads amounts in the currency, refusing what is not one', () => {
    expect(toMinor('4.99')).toBe(499);
    expect(toMinor('5')).toBe(500);
    expect(toMinor('5,5')).toBe(550);
    expect(toMinor('-1')).toBeNull();
    expect(toMinor('4.999')).toBeNull();
    expect(toMinor('')).toBeNull();
  });

  it("puts the server's field errors at their fields and tabs", () => {
    const values = toFormValues(plan);
    expect(formFieldOf('promotionPrice.currency', values)).toBe('promotion');
    expect(formFieldOf('attributes.DISPLAY_SERVICE_NAME_TEXT_ar', values)).toBe('texts.ar.DISPLAY_SERVICE_NAME_TEXT');
    expect(languageOf('texts.ar.DISPLAY_SERVICE_NAME_TEXT')).toBe('ar');
    expect(formFieldOf('attributes.ment_sort', values)).toBe('attributes.0.value');
    expect(formFieldOf('attributes[0].key', values)).toBe('attributes.0.key');
    expect(formFieldOf('maxTrialDuration', values)).toBe('trial');
    expect(formFieldOf('attributes.DISPLAY_SERVICE_BULLETS_TEXT_ar', values)).toBe('bullets.ar');
    expect(languageOf('bullets.ar')).toBe('ar');
    expect(formFieldOf('effectiveFrom', values)).toBeNull();
    expect(planLabel(plan, 'ar')).toBe('موسيقى أساسي');
    expect(planLabel(plan, 'de')).toBe('Music Basic');
    // As the storefront's card names it (src/lib/plan-title.ts): English before the internal name, then the title.
    expect(planLabel({ ...plan, name: 'music-basic-2024' }, 'de')).toBe('Music Basic');
    expect(planLabel({ ...plan, name: 'internal', attributes: [{ key: 'DISPLAY_SERVICE_TITLE_TEXT_de', value: 'Musik' }] }, 'de')).toBe('Musik');
    expect(planLabel({ ...plan, name: 'internal', attributes: [{ key: 'DISPLAY_SERVICE_NAME_TEXT_de', value: '' }] }, 'de')).toBe('internal');
  });
});

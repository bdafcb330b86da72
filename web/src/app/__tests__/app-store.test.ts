import { describe, expect, it } from 'vitest';
import type { ArticleDetails } from '@/features/catalog/types';
import type { OptionsAnswer } from '@/features/purchases/consume-decision';
import type { PurchaseOptions } from '@/features/purchases/types';
import { appAction, storeLinks } from '../routes/app-store';

const FREE = [{ amount: 0, currency: 'EUR', businessModel: 'DOWNLOAD_TO_OWN_FREEMIUM' }];
const PAID = [{ amount: 99, currency: 'EUR', businessModel: 'PAY_PER_DOWNLOAD' }];
const app = (title: string, customProperties: Record<string, unknown>, prices = FREE) =>
  ({ id: 9001, title, contentType: 'app', prices, customProperties }) as unknown as ArticleDetails;
const PHOTO = { platforms: ['Android', 'iOS'], version: '5.2', packageName: 'com.example.photoeditor' };

const options = (parts: Partial<PurchaseOptions>): OptionsAnswer => ({
  ok: true,
  options: { articleId: 9003, contentType: 'app', consume: [], unavailable: [], purchase: [], upgradeTo: [], downgradeTo: [], ...parts },
});
const OWNED = options({ consume: [{ kind: 'wallet', subscriptionId: null, subscriptionTypeId: null, remaining: null }] as PurchaseOptions['consume'] });
const ON_SALE = options({
  purchase: [{ purchaseIdentifier: 'dto-9003', type: 'DTO', title: 'Daily Planner', price: { amount: 99, currency: 'EUR' }, consumable: false, sort: 0, subscriptionType: null }] as PurchaseOptions['purchase'],
});

describe("a marketplace app's store links", () => {
  it('links Google Play by the package name and searches the App Store for the title', () => {
    expect(storeLinks(app('Photo Editor', PHOTO))).toEqual([
      { store: 'google-play', href: 'https://play.google.com/store/apps/details?id=com.example.photoeditor' },
      { store: 'app-store', href: 'https://apps.apple.com/search?term=Photo%20Editor' },
    ]);
    // The title in the page's language, encoded (Arabic, an apostrophe and an ampersand).
    expect(storeLinks(app("Convertisseur d'unités & co", { platforms: ['iOS'] }))).toEqual([
      { store: 'app-store', href: "https://apps.apple.com/search?term=Convertisseur%20d'unit%C3%A9s%20%26%20co" },
    ]);
    expect(storeLinks(app('محرر الصور', { platforms: ['iOS'] }))[0]?.href).toBe(`https://apps.apple.com/search?term=${encodeURIComponent('محرر الصور')}`);
  });

  it('offers only the platforms the app runs on, and no Google Play link without a real package name', () => {
    expect(storeLinks(app('Photo Editor', { platforms: ['Android'], packageName: 'com.example.photoeditor' })).map((link) => link.store)).toEqual(['google-play']);
    expect(storeLinks(app('Photo Editor', { platforms: ['android', 'IOS'], packageName: 'com.example.photoeditor' })).map((link) => link.store)).toEqual(['google-play', 'app-store']);
    expect(storeLinks(app('Photo Editor', { platforms: ['Android'], packageName: 'javascript:alert(1)' }))).toEqual([]);
    expect(storeLinks(app('Photo Editor', { platforms: ['Android'], packageName: 'photoeditor' }))).toEqual([]);
    expect(storeLinks(app('Photo Editor', { platforms: ['Android'] }))).toEqual([]);
    expect(storeLinks(app('Photo Editor', { platforms: 'Android', packageName: 'com.example.photoeditor' }))).toEqual([]);
    expect(storeLinks(app('Photo Editor', { packageName: 'com.example.photoeditor' }))).toEqual([]);
  });
});

describe("a marketplace app's action", () => {
  it('shows the stores for a free app to everyone, without asking the purchase options', () => {
    expect(appAction(app('Photo Editor', PHOTO), false, null)).toBe('stores');
    expect(appAction(app('Photo Editor', PHOTO), true, null)).toBe('stores');
  });

  it('asks a guest to sign in before a paid app', () => {
    expect(appAction(app('Daily Planner', PHOTO, PAID), false, null)).toBe('sign-in');
    expect(appAction(app('Daily Planner', PHOTO, PAID), false, ON_SALE)).toBe('sign-in');
  });

  it('offers Buy for a paid app not owned and the stores once owned', () => {
    const paid = app('Daily Planner', PHOTO, PAID);
    expect(appAction(paid, true, null)).toBe('pending');
    expect(appAction(paid, true, ON_SALE)).toBe('buy');
    expect(appAction(paid, true, OWNED)).toBe('stores');
    expect(appAction(paid, true, options({}))).toBe('unavailable');
    expect(appAction(paid, true, { ok: false, status: 401, code: 'UNAUTHORIZED' })).toBe('sign-in');
    // Another error: Buy runs the purchase check, which shows why.
    expect(appAction(paid, true, { ok: false, status: 500, code: null })).toBe('buy');
  });
});

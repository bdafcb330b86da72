import { describe, expect, it } from 'vitest';
import { decideConsume, type OptionsAnswer } from '../consume-decision';
import { actionLabelKey, consumesOnDetails, hasPrimaryAction, playVerb, primaryActionOf } from '../purchase-types';
import ar from '@/locales/ar/messages.json';
import type { PurchaseOptions } from '../types';

const base: PurchaseOptions = { articleId: 1, contentType: 'full_track_music', consume: [], unavailable: [], purchase: [], upgradeTo: [], downgradeTo: [] };
const answer = (patch: Partial<PurchaseOptions>): OptionsAnswer => ({ ok: true, options: { ...base, ...patch } });
const plan = { purchaseIdentifier: 'sub-1', type: 'subscription' as const, title: 'Music Premium', price: { amount: 999, currency: 'EUR' }, consumable: false, sort: 1, subscriptionType: { id: 101, name: 'Music Premium', billingCycle: 'P1M', subscriptionTypePrice: { amount: 999, currency: 'EUR' } } };
const single = { ...plan, purchaseIdentifier: 'dto-1', type: 'DTO' as const, subscriptionType: null };
const action = (contentType: string, signedIn: boolean, options: OptionsAnswer) => primaryActionOf(contentType, decideConsume(signedIn, options));

describe('the primary action by state', () => {
  it('names the verb by kind: Play music, Listen to podcasts and audiobooks, Watch video', () => {
    expect(['full_track_music', 'album', 'playlist'].map(playVerb)).toEqual(['play', 'play', 'play']);
    expect(['podcast', 'podcastcollection', 'audiobook', 'audio_book_chapter'].map(playVerb)).toEqual(['listen', 'listen', 'listen', 'listen']);
    expect(['video', 'full_length_video', 'music_video'].map(playVerb)).toEqual(['watch', 'watch', 'watch']);
  });

  it("labels Play on music with a listening verb, never a game's (Arabic استمع, not العب)", () => {
    expect(actionLabelKey('play', 'full_track_music')).toBe('purchases.actions.playAudio');
    expect(actionLabelKey('play', 'album')).toBe('purchases.actions.playAudio');
    expect(actionLabelKey('play', 'online_game')).toBe('purchases.actions.play');
    expect(actionLabelKey('watch', 'video')).toBe('purchases.actions.watch');
    expect(ar.purchases.actions.playAudio).toBe('استمع');
  });

  it('allowed (plan, wallet, free, a credit to confirm) → the verb', () => {
    expect(action('full_track_music', true, answer({ consume: [{ kind: 'subscription', subscriptionId: '1', subscriptionTypeId: 101, remaining: null }] }))).toBe('play');
    expect(action('audiobook', true, answer({ consume: [{ kind: 'wallet', subscriptionId: null, subscriptionTypeId: null, remaining: null }] }))).toBe('listen');
    expect(action('full_length_video', true, answer({ consume: [{ kind: 'credit', subscriptionId: '1', subscriptionTypeId: 101, remaining: 2 }] }))).toBe('watch');
    expect(action('podcast', false, answer({ consume: [{ kind: 'free', subscriptionId: null, subscriptionTypeId: null, remaining: null }] }))).toBe('listen');
  });

  it('a guest who may not → Sign in', () => {
    expect(action('full_track_music', false, answer({ purchase: [plan] }))).toBe('sign-in');
    expect(action('album', false, { ok: false, status: 401, code: 'UNAUTHORIZED' })).toBe('sign-in');
  });

  it('plans on offer or an inactive plan → Subscribe; only the item’s own price → Buy', () => {
    expect(action('full_track_music', true, answer({ purchase: [single, plan] }))).toBe('subscribe');
    expect(action('full_track_music', true, answer({ purchase: [single] }))).toBe('buy');
    expect(action('album', true, answer({ upgradeTo: [{ fromSubscriptionId: '1', toSubscriptionType: { id: 2, name: 'Max', billingCycle: 'P1M', subscriptionTypePrice: { amount: 1, currency: 'EUR' } } }] }))).toBe('subscribe');
    expect(action('video', true, answer({ unavailable: [{ articleSubscription: { id: '1', typeId: 101, state: 'INACTIVE', subState: null, name: 'Vela Max' } }] }))).toBe('subscribe');
  });

  it('nothing to get or an unsupported device → unavailable; an error keeps the verb', () => {
    expect(action('full_track_music', true, answer({}))).toBe('unavailable');
    expect(action('music_video', true, { ok: false, status: 404, code: 'DEVICE_NOT_SUPPORTED' })).toBe('unavailable');
    expect(action('music_video', true, { ok: false, status: 500, code: 'INTERNAL' })).toBe('watch');
  });

  it('covers every playable kind of details page', () => {
    for (const type of ['full_track_music', 'album', 'playlist', 'podcast', 'podcastcollection', 'audiobook', 'audio_book_chapter', 'video', 'full_length_video', 'music_video']) {
      expect(hasPrimaryAction(type)).toBe(true);
      expect(consumesOnDetails(type)).toBe(true);
    }
    expect(hasPrimaryAction('online_game')).toBe(false);
    expect(hasPrimaryAction('news')).toBe(false);
  });
});

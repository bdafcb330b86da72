import { describe, expect, it } from 'vitest';
import { creditExpiration } from '../credit-expiration';
import { plan, sub } from './fixtures';

const NOW = Date.parse('2026-11-22T08:00:00Z');
const music = [{ contentTypes: ['full_track_music'], amount: 5 }];
const settings = { enabled: true, expirationDaysAlert: 3, expirationHoursAlert: 6 };
const monthly = plan(101);
const daily = plan(102, { billingCycle: 'P1D' });
const typeOf = (id: number) => [monthly, daily].find((p) => p.id === id);

describe('credit-expiration popup (commerce §4)', () => {
  it('opens for a monthly plan within the days alert', () => {
    const credit = [sub(1, 101, { contingents: music, nextRenewalDate: '2026-11-24T08:00:00Z' })];
    expect(creditExpiration({ settings, signedIn: true, credit, typeOf }, NOW)).toMatchObject({ unit: 'days', left: 2 });
    const later = [sub(1, 101, { contingents: music, nextRenewalDate: '2026-11-30T08:00:00Z' })];
    expect(creditExpiration({ settings, signedIn: true, credit: later, typeOf }, NOW)).toBeNull();
  });

  it('counts hours for daily (P1D) plans', () => {
    const soon = [sub(1, 102, { contingents: music, nextRenewalDate: '2026-11-22T12:00:00Z' })];
    expect(creditExpiration({ settings, signedIn: true, credit: soon, typeOf }, NOW)).toMatchObject({ unit: 'hours', left: 4 });
    const notYet = [sub(1, 102, { contingents: music, nextRenewalDate: '2026-11-22T20:00:00Z' })];
    expect(creditExpiration({ settings, signedIn: true, credit: notYet, typeOf }, NOW)).toBeNull();
  });

  it('needs the setting, a signed-in user, a music contingent and a non-accumulating plan', () => {
    const credit = [sub(1, 101, { contingents: music, nextRenewalDate: '2026-11-23T08:00:00Z' })];
    expect(creditExpiration({ settings: { ...settings, enabled: false }, signedIn: true, credit, typeOf }, NOW)).toBeNull();
    expect(creditExpiration({ settings, signedIn: false, credit, typeOf }, NOW)).toBeNull();
    const video = [sub(1, 101, { contingents: [{ contentTypes: ['video'], amount: 5 }], nextRenewalDate: '2026-11-23T08:00:00Z' })];
    expect(creditExpiration({ settings, signedIn: true, credit: video, typeOf }, NOW)).toBeNull();
    const accumulating = [sub(1, 101, { contingents: music, nextRenewalDate: '2026-11-23T08:00:00Z', subscriptionType: plan(101, { accumulateContingent: true }) })];
    expect(creditExpiration({ settings, signedIn: true, credit: accumulating, typeOf }, NOW)).toBeNull();
  });
});

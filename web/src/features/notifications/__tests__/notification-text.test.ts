import { describe, expect, it } from 'vitest';
import { kindKey, notificationText, safeTarget } from '../notification-text';

describe('notificationText', () => {
  it('picks the kind keys and hands the params to the text', () => {
    expect(notificationText({ kind: 'TEAM_JOIN_REQUEST', params: { teamName: 'Squad', userName: 'Gale', tournamentId: '8505' } })).toEqual({
      titleKey: 'notifications.kind.TEAM_JOIN_REQUEST.title',
      textKey: 'notifications.kind.TEAM_JOIN_REQUEST.text',
      values: { teamName: 'Squad', userName: 'Gale' },
    });
  });
  it('writes whole-number params in the language digits', () => {
    const reward = { kind: 'CHALLENGE_REWARD', params: { amount: '10', step: '2', title: 'Rally 3' } };
    expect(notificationText(reward, 'ar').values).toEqual({ amount: '١٠', count: 10, step: '٢', title: 'Rally 3' });
    expect(notificationText(reward, 'fr').values).toEqual({ amount: '10', count: 10, step: '2', title: 'Rally 3' });
  });
  it('reads an unknown kind as OTHER', () => {
    expect(kindKey('SOMETHING_NEW')).toBe('OTHER');
    expect(kindKey('PURCHASE_PAID')).toBe('PURCHASE_PAID');
  });
});

describe('safeTarget', () => {
  it('follows portal paths only', () => {
    expect(safeTarget('/myPurchases')).toBe('/myPurchases');
    expect(safeTarget('//evil.example/x')).toBeNull();
    expect(safeTarget('https://evil.example/')).toBeNull();
    expect(safeTarget('')).toBeNull();
  });
});

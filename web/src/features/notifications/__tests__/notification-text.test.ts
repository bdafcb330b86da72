import { describe, expect, it } from 'vitest';
import { kindKey, notificationText, safeTarget } from '../notification-text';

describe('notificationText', () => {
  it('picks the kind keys and hands the params to the text', () => {
    expect(notificationText({ kind: 'TEAM_JOIN_REQUEST', params: { teamName: 'Squad', userName: 'Gale', tournamentId: '8505' } })).toEqual({
      titleKey: 'notifications.kind.TEAM_JOIN_REQUEST.title',
      textKey: 'notifications.kind.TEAM_JOIN_REQUEST.text',
      values: { teamName: '\u2068Squad\u2069', userName: '\u2068Gale\u2069' },
    });
  });
  it('writes whole-number params in the language digits', () => {
    const reward = { kind: 'CHALLENGE_REWARD', params: { amount: '10', step: '2', title: 'Rally 3' } };
    expect(notificationText(reward, 'ar').values).toEqual({ amount: '١٠', count: 10, step: '٢', title: '\u2068Rally 3\u2069' });
    expect(notificationText(reward, 'fr').values).toEqual({ amount: '10', count: 10, step: '2', title: '\u2068Rally 3\u2069' });
  });
  it("inserts names as bidi isolates: a Latin team name keeps its order in an Arabic sentence (issue 72 item 16)", () => {
    const accepted = notificationText({ kind: 'TEAM_REQUEST_ACCEPTED', params: { teamName: "Sam's Squad" } }, 'ar');
    expect(accepted.values.teamName).toBe("\u2068Sam's Squad\u2069");
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

import { describe, expect, it } from 'vitest';
import { MSISDN_PATTERN, PIN_PATTERN, normalizeDigits, pinOutcome } from '../payment-rules';
import { consumesOnDetails, downloadKind, effectAfterPurchase } from '../purchase-types';

const answer = (ok: boolean, status: number, code: string | null, data: { status?: number; triesLeft?: number } | null = null) => ({ ok, status, code, data });

describe('operator payment of a single purchase', () => {
  it('accepts 8 to 15 digits as typed with spaces, dashes or +, a 4-digit PIN or an operator\'s code of up to 10 digits', () => {
    expect(MSISDN_PATTERN.test(normalizeDigits('+49 170 123-4567'))).toBe(true);
    expect(MSISDN_PATTERN.test(normalizeDigits('1234567'))).toBe(false);
    expect(MSISDN_PATTERN.test(normalizeDigits('1234567890123456'))).toBe(false);
    expect(PIN_PATTERN.test('0420')).toBe(true);
    expect(PIN_PATTERN.test('42')).toBe(false);
    // A CAMARA operator sends its own code (issue 75 item 5): six digits here, at most ten (One Time Password SMS).
    expect(PIN_PATTERN.test('352673')).toBe(true);
    expect(PIN_PATTERN.test('1234567890')).toBe(true);
    expect(PIN_PATTERN.test('12345678901')).toBe(false);
  });

  it('maps the PIN verification answers to outcomes', () => {
    expect(pinOutcome(answer(true, 201, null, { status: 200 }))).toEqual({ kind: 'done', outcome: 'success' });
    expect(pinOutcome(answer(false, 400, 'INVALID_PIN', { triesLeft: 2 }))).toEqual({ kind: 'invalid-pin', triesLeft: 2 });
    expect(pinOutcome(answer(false, 400, 'INVALID_PIN'))).toEqual({ kind: 'invalid-pin', triesLeft: null });
    expect(pinOutcome(answer(false, 402, 'INSUFFICIENT_FUNDS'))).toEqual({ kind: 'done', outcome: 'insufficient' });
    expect(pinOutcome(answer(false, 202, 'PURCHASE_PENDING'))).toEqual({ kind: 'done', outcome: 'pending' });
    expect(pinOutcome(answer(true, 202, null, { status: 202 }))).toEqual({ kind: 'done', outcome: 'pending' });
    expect(pinOutcome(answer(false, 490, 'PAYMENT_DECLINED'))).toEqual({ kind: 'done', outcome: 'declined' });
    expect(pinOutcome(answer(false, 409, 'ALREADY_OWNED'))).toEqual({ kind: 'done', outcome: 'owned' });
    expect(pinOutcome(answer(false, 500, null))).toEqual({ kind: 'done', outcome: 'error' });
  });

  it('downloads tracks, albums, audiobooks and games; plays online games after buying', () => {
    expect(downloadKind('full_track_music')).toBe('song');
    expect(downloadKind('AUDIOBOOK')).toBe('song');
    expect(downloadKind('game')).toBe('game');
    expect(downloadKind('online_game')).toBeNull();
    expect(effectAfterPurchase('full_track_music')).toBe('download');
    expect(effectAfterPurchase('online_game')).toBe('play');
    expect(effectAfterPurchase('video')).toBe('none');
    expect(consumesOnDetails('video')).toBe(true);
    expect(consumesOnDetails('news')).toBe(false);
  });
});

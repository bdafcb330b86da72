import { describe, expect, it } from 'vitest';
import { isTokenExpired } from '@/lib/auth-token';
import { shouldAutoLogin } from '../session';

describe('auto-login condition (spec §4 step 8)', () => {
  const url = new URL('https://noor.test/ar');

  it('needs the provider cookie, a guest, no user_token cookie and no code', () => {
    expect(shouldAutoLogin(url, 'client', 'noor_msisdn')).toBe(false);
    document.cookie = 'noor_msisdn=971500000001; path=/';
    expect(shouldAutoLogin(url, 'client', 'noor_msisdn')).toBe(true);
    expect(shouldAutoLogin(url, 'user', 'noor_msisdn')).toBe(false);
    expect(shouldAutoLogin(new URL('https://noor.test/ar?code=1'), 'client', 'noor_msisdn')).toBe(false);
    expect(shouldAutoLogin(url, 'client', '')).toBe(false);
    expect(shouldAutoLogin(url, 'client', undefined)).toBe(false);
    document.cookie = 'user_token=abc; path=/';
    expect(shouldAutoLogin(url, 'client', 'noor_msisdn')).toBe(false);
    document.cookie = 'user_token=; path=/; max-age=0';
    document.cookie = 'noor_msisdn=; path=/; max-age=0';
  });

  it('takes the readable hint of the HttpOnly provider assertion', () => {
    expect(shouldAutoLogin(url, 'client', 'noor_msisdn')).toBe(false);
    document.cookie = 'noor_msisdn_hint=1; path=/';
    expect(shouldAutoLogin(url, 'client', 'noor_msisdn')).toBe(true);
    document.cookie = 'noor_msisdn_hint=; path=/; max-age=0';
  });
});

describe('token expiry', () => {
  it('counts a token as expired a little before its end', () => {
    const now = 1_000_000;
    expect(isTokenExpired({ access_token: 'a', refresh_token: 'r', expires: now + 60_000 }, now)).toBe(false);
    expect(isTokenExpired({ access_token: 'a', refresh_token: 'r', expires: now + 5_000 }, now)).toBe(true);
    expect(isTokenExpired({ access_token: 'a', refresh_token: 'r', expires: now - 1 }, now)).toBe(true);
  });
});

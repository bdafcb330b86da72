import { afterEach, describe, expect, it } from 'vitest';
import { deleteCookie, encodeCookieValue, getCookie, setCookie } from '../cookies';

afterEach(() => deleteCookie('probe'));

describe('cookie values', () => {
  it('keep the characters a cookie value may hold, and escape the others and "%"', () => {
    expect(encodeCookieValue('necessary|analytics')).toBe('necessary|analytics');
    expect(encodeCookieValue('a b;c,d"e\\f%g')).toBe('a%20b%3Bc%2Cd%22e%5Cf%25g');
    expect(encodeCookieValue('ü')).toBe('%C3%BC');
  });

  it('read back what was written', () => {
    for (const value of ['necessary|preferences', '100% sure; yes', 'ar,en', 'ü|ß']) {
      setCookie('probe', value);
      expect(getCookie('probe')).toBe(value);
    }
  });
});

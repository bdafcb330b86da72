/** Reading and writing document cookies (portal cookies are path '/', SameSite=Lax). */

export interface CookieOptions {
  /** Lifetime in milliseconds; omitted makes a session cookie. */
  readonly maxAgeMs?: number;
  readonly path?: string;
  readonly sameSite?: 'Lax' | 'Strict' | 'None';
  readonly secure?: boolean;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return part.slice(separator + 1).trim();
      }
    }
  }
  return null;
}

/**
 * A cookie value as written: every character RFC 6265 allows in a cookie value (cookie-octet) stays
 * as it is, so `ncc_e` reads `necessary|analytics` (spec 1 §3: ids joined by '|'), not `%7C`; the
 * others, and '%' itself, are percent-encoded, so getCookie's decoding gives the value back.
 */
export function encodeCookieValue(value: string): string {
  return encodeURIComponent(value).replace(/%[0-9A-F]{2}/g, (escape) => {
    const code = parseInt(escape.slice(1), 16);
    const char = String.fromCharCode(code);
    // cookie-octet: %x21 / %x23-2B / %x2D-3A / %x3C-5B / %x5D-7E; '%' stays escaped for the decoding.
    const octet = code >= 0x21 && code <= 0x7e && !'",;\\%'.includes(char);
    return octet ? char : escape;
  });
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${name}=${encodeCookieValue(value)}`, `path=${options.path ?? '/'}`, `SameSite=${options.sameSite ?? 'Lax'}`];
  if (options.maxAgeMs !== undefined) {
    parts.push(`max-age=${Math.round(options.maxAgeMs / 1000)}`);
    parts.push(`expires=${new Date(Date.now() + options.maxAgeMs).toUTCString()}`);
  }
  if (options.secure) parts.push('Secure');
  document.cookie = parts.join('; ');
}

export function deleteCookie(name: string, path = '/'): void {
  document.cookie = `${name}=; path=${path}; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/**
 * A partner tenant's sign-in ways kept for the session (commerce §3 session storage key loginOptionsObject; issue 72
 * item 7): the answer of GET /partner/loginOptions/{tenant} for this tenant and language, used for an hour at most
 * (commerce §9: configurations 3600 s), so a session asks once; asked at most once per page for a tenant and language
 * however many parts want it. Where session storage is refused, it is asked once per page. A tenant that names no
 * partner address (404 PARTNER_LOGIN_OPTIONS_NOT_SET) is kept as such, with no ways, so its guests do not ask on every
 * page; a partner that failed (502) is asked again on the next page (the server keeps its refusal half a minute).
 */
import { ApiError } from '@/lib/api-client';
import type { PartnerLoginOptions } from '@/lib/store';
import { isLoginOption } from '@/lib/store';
import { getPartnerLoginOptions, PARTNER_LOGIN_OPTIONS_PATH } from './api/get-partner-login-options';

export const LOGIN_OPTIONS_OBJECT_KEY = 'loginOptionsObject';
export const LOGIN_OPTIONS_OBJECT_LIFETIME_MS = 3_600_000;

/** What session storage keeps: the answer, and when it was kept. */
type Kept = PartnerLoginOptions & { storedAt: number };

/** The kept options of this tenant and language, if any and not too old: with no `options` when the tenant has none. */
export function keptPartnerLoginOptions(tenant: string, lang: string, now = Date.now()): PartnerLoginOptions | null {
  try {
    const raw = sessionStorage.getItem(LOGIN_OPTIONS_OBJECT_KEY);
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<Kept>;
    if (kept.tenant !== tenant || kept.lang !== lang || typeof kept.storedAt !== 'number' || now - kept.storedAt > LOGIN_OPTIONS_OBJECT_LIFETIME_MS) return null;
    if (!Array.isArray(kept.options)) return null;
    const options = kept.options.flatMap((option) => (isLoginOption(option.id) ? [{ id: option.id, label: typeof option.label === 'string' ? option.label : null }] : []));
    return { tenant, lang, options };
  } catch {
    return null;
  }
}

function keep(options: PartnerLoginOptions): void {
  try {
    const kept: Kept = { ...options, storedAt: Date.now() };
    sessionStorage.setItem(LOGIN_OPTIONS_OBJECT_KEY, JSON.stringify(kept));
  } catch {
    // storage unavailable: asked again on the next page
  }
}

const asked = new Map<string, Promise<PartnerLoginOptions | null>>();

/**
 * The partner's options for this tenant and language: kept ones, else asked and kept. Null when there are none (no
 * partner address, the partner failed): the tenant's own options stand, and this page does not ask again.
 */
export function loadPartnerLoginOptions(tenant: string, lang: string): Promise<PartnerLoginOptions | null> {
  const kept = keptPartnerLoginOptions(tenant, lang);
  if (kept) return Promise.resolve(kept.options.length > 0 ? kept : null);
  const key = `${tenant}|${lang}`;
  let running = asked.get(key);
  if (!running) {
    running = getPartnerLoginOptions(PARTNER_LOGIN_OPTIONS_PATH, lang, tenant).then(
      (options) => {
        keep(options);
        return options;
      },
      (error: unknown) => {
        if (error instanceof ApiError && error.code === 'PARTNER_LOGIN_OPTIONS_NOT_SET') keep({ tenant, lang, options: [] });
        else console.warn("Partner sign-in options unavailable; the tenant's own are offered", error);
        return null;
      },
    );
    asked.set(key, running);
  }
  return running;
}

/** Tests: forget what this page asked. */
export function resetPartnerLoginOptions(): void {
  asked.clear();
}

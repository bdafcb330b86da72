/** Calls that answer errors as values (commerce §8): the HTTP status, error code, message and data of an answer. */
import { ApiError, getApiClient, type HttpMethod, type RequestOptions } from '@/lib/api-client';

export interface CallResult<T> {
  status: number;
  error: string | null;
  message: string | null;
  data: T | null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/**
 * Sends a request and returns its answer as a value. With `ownUnauthorized` a 401 comes back to the
 * caller (the bearer is added here) instead of reloading the page.
 */
export async function callForResult<T>(method: HttpMethod, path: string, options: RequestOptions & { ownUnauthorized?: boolean } = {}): Promise<CallResult<T>> {
  const client = getApiClient();
  const { ownUnauthorized, ...rest } = options;
  const request: RequestOptions = { ...rest };
  if (ownUnauthorized) {
    const token = await client.config.getAccessToken?.();
    request.skipAuth = true;
    request.headers = { ...request.headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  }
  try {
    const body = record(await client.request<unknown>(method, path, request));
    // The client resolves every 2xx alike: a success answer's own `status` (202 pending) is kept when it sends one.
    const status = typeof body?.status === 'number' ? body.status : 200;
    const code = typeof body?.error === 'string' ? body.error : null;
    return { status, error: code, message: typeof body?.message === 'string' ? body.message : null, data: (body?.data ?? null) as T | null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const body = record(error.body);
    return {
      status: error.status,
      error: error.code,
      message: typeof body?.message === 'string' ? body.message : null,
      data: (body?.data ?? null) as T | null,
    };
  }
}

/** A fresh Idempotency-Key: one per user click. */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

/** An answer as `ok` (any 2xx) or the error's status, code and data: for calls that branch on success first (purchases, vouchers). */
export interface Answer<T> {
  ok: boolean;
  status: number;
  code: string | null;
  data: T | null;
}

export async function callAnswer<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
  // Any 2xx is ok (a 202 pending answer included), with its own `status` when it sends one.
  try {
    const body = record(await getApiClient().request<unknown>(method, path, options));
    return { ok: true, status: typeof body?.status === 'number' ? body.status : 200, code: null, data: (body?.data ?? null) as T | null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const body = record(error.body);
    return { ok: false, status: error.status, code: error.code, data: (body?.data ?? null) as T | null };
  }
}

/** Voucher calls answer errors as values (commerce §8): status, code and data of any answer. */
import { ApiError, getApiClient, type HttpMethod, type RequestOptions } from '@/lib/api-client';

export interface Answer<T> {
  ok: boolean;
  status: number;
  code: string | null;
  data: T | null;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

export async function callAnswer<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
  try {
    const body = record(await getApiClient().request<unknown>(method, path, options));
    return { ok: true, status: typeof body?.status === 'number' ? body.status : 200, code: null, data: (body?.data ?? null) as T | null };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const body = record(error.body);
    return { ok: false, status: error.status, code: error.code, data: (body?.data ?? null) as T | null };
  }
}

export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

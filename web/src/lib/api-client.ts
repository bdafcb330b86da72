/**
 * The one HTTP client for backend calls (spec §7, §8).
 *
 * Every request carries `x-distribution-channel: WEB` and `X-Tenant-ID`, plus a bearer token once
 * signed in. Non-mutating requests are retried once on 408/409/425/429/500/502/503/504; mutating
 * ones never are. A 401 reloads the page. There is no request timeout.
 *
 * Calls that establish the session (code exchange, token refresh, hosted-login helpers) pass
 * `skipAuth`: no bearer is added (so no refresh is attempted for them) and a 401 is an answer for
 * the caller, not a reload, so a failed refresh or exchange cannot loop reloads.
 */
import { DISTRIBUTION_CHANNEL } from '@/config/env';

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const NON_MUTATING: ReadonlySet<HttpMethod> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A failed request: method, URL, status and status text, plus the server's error code when sent. */
export class ApiError extends Error {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly statusText: string;
  readonly code: string | null;
  readonly body: unknown;

  constructor(method: string, url: string, status: number, statusText: string, body: unknown = null) {
    super(`${method} ${url} failed: ${status} ${statusText}`.trim());
    this.name = 'ApiError';
    this.method = method;
    this.url = url;
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.code = isRecord(body) && typeof body.error === 'string' ? body.error : null;
  }
}

export interface ApiClientConfig {
  baseUrl: string;
  tenantName: string;
  /** The bearer to send; may refresh an expired token first (hence the promise). */
  getAccessToken?: () => string | null | Promise<string | null>;
  onUnauthorized?: () => void;
  fetchImpl?: typeof fetch;
}

export interface RequestOptions {
  query?: QueryParams;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** No Authorization header, and a 401 does not reload the page. */
  skipAuth?: boolean;
}

export interface ApiClient {
  readonly config: Readonly<ApiClientConfig>;
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Spec §5: a request URL must not start with '//'. */
export function assertAllowedPath(path: string): void {
  if (path.startsWith('//')) throw new Error(`Refusing protocol-relative request URL: ${path}`);
}

export function buildUrl(baseUrl: string, path: string, query?: QueryParams): string {
  assertAllowedPath(path);
  const absolute = /^https?:\/\//.test(path) ? path : `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return absolute;
  return `${absolute}${absolute.includes('?') ? '&' : '?'}${search}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{"]/.test(text.trimStart())) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function createApiClient(config: ApiClientConfig): ApiClient {
  const fetchImpl = config.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
    const url = buildUrl(config.baseUrl, path, options.query);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'x-distribution-channel': DISTRIBUTION_CHANNEL,
      'X-Tenant-ID': config.tenantName,
      ...options.headers,
    };
    const token = options.skipAuth ? null : await config.getAccessToken?.();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    const attempts = NON_MUTATING.has(method) ? 2 : 1;
    for (let attempt = 1; ; attempt += 1) {
      const response = await fetchImpl(url, { method, headers, body, signal: options.signal, credentials: 'include' });
      if (response.ok) return (await readBody(response)) as T;
      if (response.status === 401 && !options.skipAuth) {
        (config.onUnauthorized ?? (() => window.location.reload()))();
      }
      if (attempt < attempts && RETRY_STATUSES.has(response.status)) continue;
      throw new ApiError(method, url, response.status, response.statusText, await readBody(response));
    }
  }

  return {
    config,
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}

/** A call's outcome as a value (spec §7: theme and language calls return the error, never throw). */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: unknown };

export async function settle<T>(promise: Promise<T>): Promise<ApiResult<T>> {
  try {
    return { ok: true, data: await promise };
  } catch (error) {
    return { ok: false, error };
  }
}

/** The `field` a 400 answer names (`data.field`), if any. */
export function errorField(error: unknown): string | null {
  if (!(error instanceof ApiError) || !isRecord(error.body)) return null;
  const data = error.body.data;
  if (isRecord(data) && typeof data.field === 'string') return data.field;
  return null;
}

let current: ApiClient | null = null;

/** Sets up the shared client once the backend base and tenant are known (start-up). */
export function configureApiClient(config: ApiClientConfig): ApiClient {
  current = createApiClient(config);
  return current;
}

/** The shared backend client; throws when start-up has not configured it yet. */
export function getApiClient(): ApiClient {
  if (!current) throw new Error('The API client is used before start-up configured it');
  return current;
}

/** GET on the portal's own host (env file, build descriptor): no tenant headers, no retry. */
export async function fetchPortalJson<T>(path: string, fetchImpl: typeof fetch = fetch): Promise<T> {
  assertAllowedPath(path);
  const response = await fetchImpl(path, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  const body = await readBody(response);
  if (!response.ok) throw new ApiError('GET', path, response.status, response.statusText, body);
  return body as T;
}

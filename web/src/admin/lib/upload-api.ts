/**
 * The calls of a resumable upload (docs/decisions.md "Media ingest"), shared by the Media page (an article's
 * files) and the Settings page (the tenant's brand images): declare it, ask where it stands, send a chunk, and
 * follow the media job that makes the file ready. The algorithm that drives them is media-upload.ts.
 */
import type { ApiClient } from '@/lib/api-client';
import type { operations } from '@/lib/api-types';
import type { Data, Envelope } from './api';
import { ChunkRefused } from './media-upload';

export type MediaUpload = Data<'getBackendAdminMediaUploadsId', 200>;
export type NewMediaUpload = operations['postBackendAdminMediaUploads']['requestBody']['content']['application/json'];
export type MediaJob = Data<'getBackendAdminMediaJobsId', 200>;

export const uploadCalls = {
  begin: async (api: ApiClient, body: NewMediaUpload) => (await api.post<Envelope<MediaUpload>>('/admin/media/uploads', body)).data,
  status: async (api: ApiClient, id: string) => (await api.get<Envelope<MediaUpload>>(`/admin/media/uploads/${encodeURIComponent(id)}`)).data,
  job: async (api: ApiClient, id: string) => (await api.get<Envelope<MediaJob>>(`/admin/media/jobs/${encodeURIComponent(id)}`)).data,
};

/** RFC 9530 Content-Digest of a chunk: its SHA-256, "sha-256=:<base64>:". */
export async function contentDigest(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `sha-256=:${btoa(binary)}:`;
}

/**
 * One chunk of an upload (PUT /backend/admin/media/uploads/{id}): raw bytes with Content-Range, which
 * the JSON client does not send, so through fetch with the console's headers. A 409 says where the
 * upload stands (ChunkRefused); any other refusal throws the answer's error code.
 */
export async function sendChunk(tenant: string, id: string, offset: number, total: number, chunk: Blob, onUnauthorized: () => void): Promise<MediaUpload> {
  const bytes = await chunk.arrayBuffer();
  const response = await fetch(`/backend/admin/media/uploads/${encodeURIComponent(id)}`, {
    method: 'PUT',
    credentials: 'include',
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Range': `bytes ${offset}-${offset + chunk.size - 1}/${total}`,
      // The server checks the bytes it got against it (RFC 9530): a chunk changed on the way is refused, not stored.
      'Content-Digest': await contentDigest(bytes),
      'X-Tenant-ID': tenant,
      'X-Requested-With': 'XMLHttpRequest',
      'x-distribution-channel': 'WEB',
    },
    body: bytes,
  });
  let body: unknown = null;
  try {
    body = (await response.json()) as unknown;
  } catch {
    body = null;
  }
  const answer = (body ?? {}) as { data?: unknown; error?: string };
  if (response.ok) return answer.data as MediaUpload;
  if (response.status === 401) onUnauthorized();
  if (response.status === 409) {
    const data = answer.data as { offset?: unknown } | undefined;
    if (typeof data?.offset === 'number') throw new ChunkRefused(data.offset);
  }
  throw Object.assign(new Error(answer.error ?? `HTTP ${response.status}`), { status: response.status, code: answer.error ?? null });
}

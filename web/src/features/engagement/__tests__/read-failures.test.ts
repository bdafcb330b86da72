/** Commerce §8: a history or likes read that fails is logged (and still fails for its screen); no message is shown. */
import { describe, expect, it, vi } from 'vitest';
import { ApiError, configureApiClient } from '@/lib/api-client';
import { getHistory } from '../api/get-history';
import { getLiked } from '../api/get-liked';
import { getLikedIds } from '../api/get-liked-ids';

function failingBackend(status = 500): void {
  const fetchImpl = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ status, error: 'INTERNAL' }), { status, headers: { 'content-type': 'application/json' } })));
  configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', getAccessToken: () => 'token', fetchImpl, onUnauthorized: () => undefined });
}

describe('history and likes read failures', () => {
  it("logs 'Failed to get history' when GET /user/history/PLAY fails", async () => {
    failingBackend();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(getHistory('en')).rejects.toBeInstanceOf(ApiError);
    expect(error).toHaveBeenCalledWith('Failed to get history', expect.objectContaining({ status: 500 }));
  });

  it("logs 'Failed to get likes' when GET /like or GET /like/{type} fails", async () => {
    failingBackend(503);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(getLikedIds()).rejects.toBeInstanceOf(ApiError);
    expect(error).toHaveBeenCalledWith('Failed to get likes', expect.objectContaining({ status: 503 }));
    error.mockClear();
    await expect(getLiked('tracks', 'en')).rejects.toBeInstanceOf(ApiError);
    expect(error).toHaveBeenCalledWith('Failed to get likes', expect.objectContaining({ status: 503 }));
  });
});

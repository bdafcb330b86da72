/** Commerce §8: a failed GET /user/history/PLAY/{id} (the resume position) is logged; 404 only says nothing was played yet. */
import { describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '@/lib/api-client';
import { getPlayHistory } from '../api/play-history';

function backend(status: number): void {
  const body = status === 200 ? { data: { userCurrentPlaying: 12, contentType: 'audio_book_chapter' } } : { status, error: status === 404 ? 'NOT_FOUND' : 'INTERNAL' };
  const fetchImpl = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
  configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', getAccessToken: () => 'token', fetchImpl });
}

describe('GET /user/history/PLAY/{id}', () => {
  it("logs 'Failed to get history' on a failure, not on 404 or an answer", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    backend(500);
    expect(await getPlayHistory(5)).toMatchObject({ ok: false, status: 500 });
    expect(error).toHaveBeenCalledWith('Failed to get history', 500, 'INTERNAL');

    error.mockClear();
    backend(404);
    expect(await getPlayHistory(5)).toMatchObject({ ok: false, status: 404 });
    backend(200);
    expect(await getPlayHistory(5)).toMatchObject({ ok: true, data: { userCurrentPlaying: 12 } });
    expect(error).not.toHaveBeenCalled();
  });
});

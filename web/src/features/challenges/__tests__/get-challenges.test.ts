/** Commerce §8: a challenge read that fails is logged (the page keeps its own failure text). */
import { describe, expect, it, vi } from 'vitest';
import { ApiError, configureApiClient } from '@/lib/api-client';
import { getChallenges } from '../api/get-challenges';

describe('GET /challenges', () => {
  it("logs 'Failed to get challenges' when the read fails", async () => {
    const fetchImpl = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    configureApiClient({ baseUrl: 'http://backend.test/backend', tenantName: 'aurora', getAccessToken: () => 'token', fetchImpl });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(getChallenges('en')).rejects.toBeInstanceOf(TypeError);
    expect(error).toHaveBeenCalledWith('Failed to get challenges', expect.any(TypeError));

    fetchImpl.mockImplementation(() => Promise.resolve(new Response(JSON.stringify({ status: 500, error: 'INTERNAL' }), { status: 500 })));
    error.mockClear();
    await expect(getChallenges('en')).rejects.toBeInstanceOf(ApiError);
    expect(error).toHaveBeenCalledWith('Failed to get challenges', expect.objectContaining({ status: 500 }));
  });
});

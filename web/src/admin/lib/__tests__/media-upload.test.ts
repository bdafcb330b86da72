import { beforeEach, describe, expect, it } from 'vitest';
import { ChunkRefused, uploadFile, type UploadCalls, type UploadState } from '../media-upload';

/** A server in memory: it takes chunks at its offset, and can drop the connection on the chunks listed. */
function fakeServer(size: number, chunkLimit: number, dropOn: number[] = []) {
  const state: UploadState = { id: 'u1', size, received: 0, chunkLimit, jobId: null };
  const sent: number[] = [];
  let begun = 0;
  let calls = 0;
  const api: UploadCalls = {
    begin: () => {
      begun += 1;
      return Promise.resolve({ ...state });
    },
    status: (id) => Promise.resolve(id === state.id ? { ...state } : null),
    send: (_id, offset, total, chunk) => {
      calls += 1;
      expect(total).toBe(size);
      if (dropOn.includes(calls)) {
        // The server took the bytes but the answer was lost.
        if (offset === state.received) state.received += chunk.size;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      if (offset !== state.received) return Promise.reject(new ChunkRefused(state.received));
      expect(chunk.size).toBeLessThanOrEqual(chunkLimit);
      sent.push(offset);
      state.received += chunk.size;
      if (state.received === size) state.jobId = 'job-1';
      return Promise.resolve({ ...state });
    },
  };
  return { api, state, sent, begun: () => begun };
}

const noPause = () => Promise.resolve();

describe('uploadFile', () => {
  beforeEach(() => sessionStorage.clear());

  it('sends the file in chunks of the limit and ends with the job', async () => {
    const server = fakeServer(25, 10);
    const progress: number[] = [];
    const done = await uploadFile({ file: new Blob(['x'.repeat(25)]), resumeKey: 'a', calls: server.api, onProgress: (sent) => progress.push(sent), pause: noPause });
    expect(done.jobId).toBe('job-1');
    expect(server.sent).toEqual([0, 10, 20]);
    expect(progress.at(-1)).toBe(25);
  });

  it('resumes after a network error from where the server stands', async () => {
    const server = fakeServer(30, 10, [2]);
    const retries: boolean[] = [];
    const done = await uploadFile({ file: new Blob(['y'.repeat(30)]), resumeKey: 'b', calls: server.api, onProgress: (_s, _t, retrying) => retries.push(retrying), pause: noPause });
    expect(done.jobId).toBe('job-1');
    expect(server.sent).toEqual([0, 20]); // the dropped chunk (10) counted on the server; not sent twice
    expect(retries).toContain(true);
  });

  it('resumes a known upload after a reload instead of starting over', async () => {
    const server = fakeServer(20, 10);
    server.state.received = 10;
    sessionStorage.setItem('portal:media-upload:c', 'u1');
    const done = await uploadFile({ file: new Blob(['z'.repeat(20)]), resumeKey: 'c', calls: server.api, onProgress: () => undefined, pause: noPause });
    expect(server.begun()).toBe(0);
    expect(server.sent).toEqual([10]);
    expect(done.received).toBe(20);
    expect(sessionStorage.getItem('portal:media-upload:c')).toBeNull();
  });

  it('gives up on a refusal no retry cures', async () => {
    const server = fakeServer(20, 10);
    server.api.send = () => Promise.reject(Object.assign(new Error('MEDIA_TOO_LARGE'), { status: 413 }));
    await expect(uploadFile({ file: new Blob(['w'.repeat(20)]), resumeKey: 'd', calls: server.api, onProgress: () => undefined, pause: noPause })).rejects.toThrow('MEDIA_TOO_LARGE');
  });
});

describe('a chunk\'s Content-Digest', () => {
  it('is its SHA-256 in base64 between colons (RFC 9530)', async () => {
    const { contentDigest } = await import('../upload-api');
    expect(await contentDigest(new TextEncoder().encode('abc').buffer)).toBe('sha-256=:ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=:');
  });
});

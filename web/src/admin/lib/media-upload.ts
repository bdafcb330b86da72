/**
 * A resumable upload (docs/decisions.md "Media ingest"): the file goes up in chunks of the size the
 * server allows (PUT with Content-Range), one at a time, read from the File as they go (never whole in
 * memory). A network error or a refused offset asks the server where the upload stands (GET) and goes
 * on from there after a short pause; the upload's id is kept in sessionStorage per file, so a reload of
 * the page resumes it too.
 */
export interface UploadState {
  id: string;
  size: number;
  received: number;
  chunkLimit: number;
  jobId?: string | null;
}

export interface UploadCalls {
  /** POST: declares the upload; answers its state. */
  begin: () => Promise<UploadState>;
  /** GET: where it stands (null when the server no longer knows it). */
  status: (id: string) => Promise<UploadState | null>;
  /** PUT one chunk at `offset`; answers the new state. Throws ChunkRefused with the server's offset on a 409. */
  send: (id: string, offset: number, total: number, chunk: Blob) => Promise<UploadState>;
}

/** The server stands elsewhere than the chunk started (409 UPLOAD_OFFSET_MISMATCH / UPLOAD_COMPLETE). */
export class ChunkRefused extends Error {
  constructor(readonly offset: number) {
    super(`the upload stands at ${offset}`);
  }
}

export interface UploadOptions {
  file: Blob & { name?: string; lastModified?: number };
  /** Tells one file's upload from another's across reloads (article, kind, name, size, date). */
  resumeKey: string;
  calls: UploadCalls;
  onProgress: (sent: number, total: number, retrying: boolean) => void;
  signal?: AbortSignal;
  /** Pauses before retry n (1, 2, …); a test gives zero. */
  pause?: (attempt: number) => Promise<void>;
  maxRetries?: number;
}

const STORAGE_PREFIX = 'portal:media-upload:';

function defaultPause(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.min(1000 * 2 ** (attempt - 1), 15_000)));
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Whether an error is one a retry may cure: no answer at all (the network), or the server busy. */
function retryable(error: unknown): boolean {
  if (error instanceof ChunkRefused) return true;
  if (error instanceof TypeError) return true; // fetch: the network failed
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && (status >= 500 || status === 408 || status === 429);
}

/** Where an upload stands, or null when that cannot be told now. */
async function ask(calls: UploadCalls, id: string): Promise<UploadState | null> {
  try {
    return await calls.status(id);
  } catch {
    return null;
  }
}

/** Runs the upload to its end; answers the final state (jobId set). */
export async function uploadFile(options: UploadOptions): Promise<UploadState> {
  const { file, calls, onProgress, signal } = options;
  const pause = options.pause ?? defaultPause;
  const maxRetries = options.maxRetries ?? 8;
  const key = STORAGE_PREFIX + options.resumeKey;
  let state: UploadState | null = null;
  const kept = storage()?.getItem(key);
  if (kept) state = await ask(calls, kept);
  if (state?.size !== file.size) state = await calls.begin();
  storage()?.setItem(key, state.id);
  let failures = 0;
  onProgress(state.received, state.size, false);
  while (!state.jobId && state.received < state.size) {
    signal?.throwIfAborted();
    const offset: number = state.received;
    const end = Math.min(offset + state.chunkLimit, state.size);
    try {
      state = await calls.send(state.id, offset, state.size, file.slice(offset, end));
      failures = 0;
      onProgress(state.received, state.size, false);
    } catch (error) {
      if (!retryable(error) || failures >= maxRetries) throw error;
      failures += 1;
      onProgress(offset, state.size, true);
      await pause(failures);
      signal?.throwIfAborted();
      if (error instanceof ChunkRefused) {
        state = { ...state, received: error.offset };
      } else {
        const now = await ask(calls, state.id);
        if (now) state = now;
      }
    }
  }
  storage()?.removeItem(key);
  return state;
}

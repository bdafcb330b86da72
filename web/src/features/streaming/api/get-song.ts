/**
 * POST /song {id, protocol, consume?}: the signed full-track URL and a report ticket when entitled, else the
 * preview URL ("" when none) with the purchase options. `consume: true` only after the user confirmed a credit.
 */
import type { MusicTrack } from '../types';
import type { ApiBody } from '@/lib/api-schema';
import { callAnswer, type Answer } from '@/lib/call-result';

/**
 * The track, whether the user confirmed spending a credit, whether to ask as a guest (no bearer: the answer is the
 * preview), and the signal that cancels the request when the user skips on before it answers (commerce §7
 * getMusicTrack(track, abort signal)).
 */
export type SongRequest = Pick<ApiBody<'postBackendSong'>, 'consume'> & Record<'id', number> & Partial<Record<'asGuest', boolean>> & { signal?: AbortSignal };

export function getSong({ id, consume, asGuest, signal }: SongRequest): Promise<Answer<MusicTrack>> {
  const body: ApiBody<'postBackendSong'> = { id, protocol: 'https', ...(consume ? { consume: true } : {}) };
  return callAnswer<MusicTrack>('POST', '/song', { body, skipAuth: asGuest, signal });
}

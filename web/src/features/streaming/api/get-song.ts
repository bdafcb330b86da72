/**
 * POST /song {id, protocol, consume?}: the signed full-track URL and a report ticket when entitled, else the
 * preview URL ("" when none) with the purchase options. `consume: true` only after the user confirmed a credit.
 */
import type { MusicTrack } from '../types';
import type { ApiBody } from '@/lib/api-schema';
import { callAnswer, type Answer } from '@/lib/call-result';

/** The track, whether the user confirmed spending a credit, and whether to ask as a guest (no bearer: the answer is the preview). */
export type SongRequest = Pick<ApiBody<'postBackendSong'>, 'consume'> & Record<'id', number> & Partial<Record<'asGuest', boolean>>;

export function getSong({ id, consume, asGuest }: SongRequest): Promise<Answer<MusicTrack>> {
  const body: ApiBody<'postBackendSong'> = { id, protocol: 'https', ...(consume ? { consume: true } : {}) };
  return callAnswer<MusicTrack>('POST', '/song', { body, skipAuth: asGuest });
}

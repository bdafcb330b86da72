/**
 * POST /song {id, protocol, consume?}: the signed full-track URL and a report ticket when entitled, else the
 * preview URL ("" when none) with the purchase options. `consume: true` only after the user confirmed a credit.
 */
import type { MusicTrack } from '../types';
import { callAnswer, type Answer } from '@/lib/call-result';

export interface SongRequest {
  id: number;
  consume?: boolean;
  /** Guests ask without a bearer (the answer is the preview). */
  asGuest?: boolean;
}

export function getSong({ id, consume, asGuest }: SongRequest): Promise<Answer<MusicTrack>> {
  return callAnswer<MusicTrack>('POST', '/song', {
    body: { id, protocol: 'https', ...(consume ? { consume: true } : {}) },
    skipAuth: asGuest,
  });
}

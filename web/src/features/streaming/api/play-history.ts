/**
 * Play history of signed-in users (role user, playable types, action PLAY):
 * GET/PUT/DELETE /user/history/PLAY/{id} ({userCurrentPlaying, contentType}) and POST /user/history/{type}/{id}.
 * Never called for guests.
 */
import type { HistoryType, PlayHistory } from '../types';
import { callAnswer, type Answer } from '@/lib/call-result';

/** The resume position; 404 when nothing was played yet. */
export function getPlayHistory(id: number): Promise<Answer<PlayHistory>> {
  return callAnswer<PlayHistory>('GET', `/user/history/PLAY/${id}`);
}

export function putPlayHistory(id: number, history: PlayHistory): Promise<Answer<PlayHistory>> {
  return callAnswer<PlayHistory>('PUT', `/user/history/PLAY/${id}`, { body: { userCurrentPlaying: Math.max(0, Math.floor(history.userCurrentPlaying)), contentType: history.contentType } });
}

export function deletePlayHistory(id: number): Promise<Answer<unknown>> {
  return callAnswer<unknown>('DELETE', `/user/history/PLAY/${id}`);
}

/** Records the start of a play (or another history action). */
export function postHistory(type: HistoryType, id: number, contentType: string): Promise<Answer<unknown>> {
  return callAnswer<unknown>('POST', `/user/history/${type}/${id}`, { body: { contentType } });
}

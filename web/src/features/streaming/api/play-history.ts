/**
 * Play history of signed-in users (role user, playable types, action PLAY):
 * GET/PUT/DELETE /user/history/PLAY/{id} ({userCurrentPlaying, contentType}) and POST /user/history/{type}/{id}.
 * Never called for guests.
 */
import type { DeletedHistory, HistoryType, PlayHistory, PlayPosition, RecordedHistory } from '../types';
import type { ApiBody } from '@/lib/api-schema';
import { callAnswer, type Answer } from '@/lib/call-result';
import { log, logFailure } from '@/lib/log';

/** The resume position; 404 when nothing was played yet. Any other failure is logged (commerce §8); the play starts from the beginning. */
export async function getPlayHistory(id: number): Promise<Answer<PlayHistory>> {
  const answer = await logFailure('Failed to get history', callAnswer<PlayHistory>('GET', `/user/history/PLAY/${id}`));
  if (!answer.ok && answer.status !== 404) log.error('Failed to get history', answer.status, answer.code);
  return answer;
}

export function putPlayHistory(id: number, history: PlayPosition): Promise<Answer<PlayHistory>> {
  const body: ApiBody<'putBackendUserHistoryPLAYId'> = { userCurrentPlaying: Math.max(0, Math.floor(history.userCurrentPlaying)), contentType: history.contentType };
  return callAnswer<PlayHistory>('PUT', `/user/history/PLAY/${id}`, { body });
}

export function deletePlayHistory(id: number): Promise<Answer<DeletedHistory>> {
  return callAnswer<DeletedHistory>('DELETE', `/user/history/PLAY/${id}`);
}

/** Records the start of a play (or another history action). */
export function postHistory(type: HistoryType, id: number, contentType: string): Promise<Answer<RecordedHistory>> {
  const body: ApiBody<'postBackendUserHistoryTypeId'> = { contentType };
  return callAnswer<RecordedHistory>('POST', `/user/history/${type}/${id}`, { body });
}

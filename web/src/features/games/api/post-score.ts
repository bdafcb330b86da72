/** POST /game/score: a finished round's score, for the session the server opened (429 comes back as an answer). */
import { callAnswer, type Answer } from '@/lib/call-result';
import type { ScoreBody, Scored } from '../types';

export function postScore(session: string, score: number, asGuest: boolean): Promise<Answer<Scored>> {
  return callAnswer<Scored>('POST', '/game/score', { body: { session, score } satisfies ScoreBody, skipAuth: asGuest });
}

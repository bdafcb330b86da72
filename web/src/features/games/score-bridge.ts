/**
 * The postMessage bridge of the HTML5 games (data/games/*\/game.js): a finished round posts
 * `{type: 'portal:score', score}` to the page that opened it. Only a message from this origin AND from
 * the game's own window (the iframe's contentWindow or the opened window) counts, and only a whole
 * number from 0 up; anything else is ignored.
 */
export const SCORE_MESSAGE = 'portal:score';

export interface ScoreMessageEvent {
  origin: string;
  source: unknown;
  data: unknown;
}

/** The score the message carries, or null when it is not the game's score message. */
export function scoreFromMessage(event: ScoreMessageEvent, expectedOrigin: string, gameWindow: unknown): number | null {
  if (event.origin !== expectedOrigin) return null;
  if (gameWindow === null || gameWindow === undefined || event.source !== gameWindow) return null;
  const data = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, score } = data as { type?: unknown; score?: unknown };
  if (type !== SCORE_MESSAGE) return null;
  if (typeof score !== 'number' || !Number.isSafeInteger(score) || score < 0) return null;
  return score;
}

/** Listens on `target` (the portal's window) for the game's scores; returns the unsubscribe. */
export function listenForScores(target: Window, gameWindow: () => unknown, onScore: (score: number) => void): () => void {
  const handler = (event: MessageEvent) => {
    const score = scoreFromMessage(event, target.location.origin, gameWindow());
    if (score !== null) onScore(score);
  };
  target.addEventListener('message', handler);
  return () => target.removeEventListener('message', handler);
}

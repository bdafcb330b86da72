/**
 * The postMessage bridge of the HTML5 games (data/games/*\/game.js). A game runs sandboxed in an opaque
 * origin (docs/security.md "Games in a sandbox": no storage, no cookies, no network), so it cannot post
 * its scores itself: a finished round posts `{type: 'portal:score', score}` to the page that opened it,
 * and a starting game `{type: 'portal:ready'}`. Only a message from the game's own window (the iframe's
 * contentWindow or the opened window) counts, with the origin a sandboxed document has ("null") or this
 * page's, and only a whole number from 0 up as a score; anything else is ignored. The page answers with
 * the player's best, `{type: 'portal:best', best}`, which the game shows.
 */
export const SCORE_MESSAGE = 'portal:score';
export const READY_MESSAGE = 'portal:ready';
export const BEST_MESSAGE = 'portal:best';

/** The origin of a sandboxed document's messages (no allow-same-origin). */
const OPAQUE_ORIGIN = 'null';

export interface ScoreMessageEvent {
  origin: string;
  source: unknown;
  data: unknown;
}

export type GameMessage = { type: 'score'; score: number } | { type: 'ready' };

/** What the message says when it is the game's, else null. */
export function gameMessage(event: ScoreMessageEvent, pageOrigin: string, gameWindow: unknown): GameMessage | null {
  if (event.origin !== OPAQUE_ORIGIN && event.origin !== pageOrigin) return null;
  if (gameWindow === null || gameWindow === undefined || event.source !== gameWindow) return null;
  const data = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const { type, score } = data as { type?: unknown; score?: unknown };
  if (type === READY_MESSAGE) return { type: 'ready' };
  if (type !== SCORE_MESSAGE) return null;
  if (typeof score !== 'number' || !Number.isSafeInteger(score) || score < 0) return null;
  return { type: 'score', score };
}

/** The score the message carries, or null when it is not the game's score message. */
export function scoreFromMessage(event: ScoreMessageEvent, pageOrigin: string, gameWindow: unknown): number | null {
  const message = gameMessage(event, pageOrigin, gameWindow);
  return message?.type === 'score' ? message.score : null;
}

export interface GameListeners {
  onScore: (score: number) => void;
  onReady?: () => void;
}

/** Listens on `target` (the portal's window) for the game's messages; returns the unsubscribe. */
export function listenForScores(target: Window, gameWindow: () => unknown, listeners: GameListeners | ((score: number) => void)): () => void {
  const { onScore, onReady } = typeof listeners === 'function' ? { onScore: listeners, onReady: undefined } : listeners;
  const handler = (event: MessageEvent) => {
    const message = gameMessage(event, target.location.origin, gameWindow());
    if (message?.type === 'score') onScore(message.score);
    else if (message?.type === 'ready') onReady?.();
  };
  target.addEventListener('message', handler);
  return () => target.removeEventListener('message', handler);
}

/**
 * Tells the game the player's best. A sandboxed game's origin is opaque, so no target origin can name
 * it: '*' (the best score is the player's own and shown in the game anyway).
 */
export function sendBest(gameWindow: Window | null, best: number): void {
  if (!gameWindow || !Number.isSafeInteger(best) || best < 0) return;
  try {
    gameWindow.postMessage({ type: BEST_MESSAGE, best }, '*');
  } catch {
    // closed meanwhile
  }
}

import { describe, expect, it, vi } from 'vitest';
import { gameMessage, listenForScores, scoreFromMessage, sendBest } from '../score-bridge';

const ORIGIN = 'http://localhost:8080';
const game = { name: 'the game window' };

const event = (over: Partial<{ origin: string; source: unknown; data: unknown }> = {}) => ({
  origin: ORIGIN,
  source: game,
  data: { type: 'portal:score', score: 120 },
  ...over,
});

describe('the game score bridge', () => {
  it('accepts the game window\'s score message from its sandbox (origin "null") or this origin', () => {
    expect(scoreFromMessage(event({ origin: 'null' }), ORIGIN, game)).toBe(120);
    expect(scoreFromMessage(event(), ORIGIN, game)).toBe(120);
    expect(scoreFromMessage(event({ origin: 'null', data: { type: 'portal:score', score: 0 } }), ORIGIN, game)).toBe(0);
    expect(gameMessage(event({ origin: 'null', data: { type: 'portal:ready' } }), ORIGIN, game)).toEqual({ type: 'ready' });
  });

  it('ignores another origin, another window, or no game window', () => {
    expect(scoreFromMessage(event({ origin: 'http://evil.example' }), ORIGIN, game)).toBeNull();
    expect(gameMessage(event({ origin: 'http://evil.example', data: { type: 'portal:ready' } }), ORIGIN, game)).toBeNull();
    expect(scoreFromMessage(event({ source: {} }), ORIGIN, game)).toBeNull();
    expect(scoreFromMessage(event({ origin: 'null', source: {} }), ORIGIN, game)).toBeNull();
    expect(scoreFromMessage(event({ source: null }), ORIGIN, null)).toBeNull();
  });

  it('ignores any other shape', () => {
    for (const data of [null, 'portal:score', 120, { type: 'game-over', score: 1 }, { type: 'portal:score' }, { type: 'portal:score', score: '12' }, { type: 'portal:score', score: -1 }, { type: 'portal:score', score: 1.5 }, { type: 'portal:score', score: Number.NaN }, { type: 'portal:score', score: 2 ** 60 }]) {
      expect(scoreFromMessage(event({ data }), ORIGIN, game), JSON.stringify(data)).toBeNull();
    }
  });

  it('answers the game with the best, to any origin (a sandboxed game has none to name)', () => {
    const postMessage = vi.fn();
    sendBest({ postMessage } as unknown as Window, 4321);
    expect(postMessage).toHaveBeenCalledWith({ type: 'portal:best', best: 4321 }, '*');
    sendBest({ postMessage } as unknown as Window, -1);
    sendBest({ postMessage } as unknown as Window, 1.5);
    sendBest(null, 5);
    expect(postMessage).toHaveBeenCalledTimes(1);
  });

  it('tells a starting game apart from a score', () => {
    const onScore = vi.fn();
    const onReady = vi.fn();
    const frame = document.createElement('iframe');
    document.body.append(frame);
    const stop = listenForScores(window, () => frame.contentWindow, { onScore, onReady });
    window.dispatchEvent(new MessageEvent('message', { origin: 'null', data: { type: 'portal:ready' }, source: frame.contentWindow }));
    window.dispatchEvent(new MessageEvent('message', { origin: 'null', data: { type: 'portal:score', score: 9 }, source: frame.contentWindow }));
    stop();
    frame.remove();
    expect(onReady).toHaveBeenCalledTimes(1);
    expect(onScore).toHaveBeenCalledWith(9);
  });

  it('listens on the window until unsubscribed', () => {
    const onScore = vi.fn();
    const stop = listenForScores(window, () => game, onScore);
    window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: { type: 'portal:score', score: 7 }, source: null }));
    expect(onScore).not.toHaveBeenCalled(); // source is not the game window
    const own = listenForScores(window, () => null, onScore);
    own();
    stop();
    window.dispatchEvent(new MessageEvent('message', { origin: window.location.origin, data: { type: 'portal:score', score: 7 } }));
    expect(onScore).not.toHaveBeenCalled();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { listenForScores, scoreFromMessage } from '../score-bridge';

const ORIGIN = 'http://localhost:8080';
const game = { name: 'the game window' };

const event = (over: Partial<{ origin: string; source: unknown; data: unknown }> = {}) => ({
  origin: ORIGIN,
  source: game,
  data: { type: 'portal:score', score: 120 },
  ...over,
});

describe('the game score bridge', () => {
  it('accepts the game window\'s score message on this origin', () => {
    expect(scoreFromMessage(event(), ORIGIN, game)).toBe(120);
    expect(scoreFromMessage(event({ data: { type: 'portal:score', score: 0 } }), ORIGIN, game)).toBe(0);
  });

  it('ignores another origin, another window, or no game window', () => {
    expect(scoreFromMessage(event({ origin: 'http://evil.example' }), ORIGIN, game)).toBeNull();
    expect(scoreFromMessage(event({ origin: 'null' }), ORIGIN, game)).toBeNull();
    expect(scoreFromMessage(event({ source: {} }), ORIGIN, game)).toBeNull();
    expect(scoreFromMessage(event({ source: null }), ORIGIN, null)).toBeNull();
  });

  it('ignores any other shape', () => {
    for (const data of [null, 'portal:score', 120, { type: 'game-over', score: 1 }, { type: 'portal:score' }, { type: 'portal:score', score: '12' }, { type: 'portal:score', score: -1 }, { type: 'portal:score', score: 1.5 }, { type: 'portal:score', score: Number.NaN }, { type: 'portal:score', score: 2 ** 60 }]) {
      expect(scoreFromMessage(event({ data }), ORIGIN, game), JSON.stringify(data)).toBeNull();
    }
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

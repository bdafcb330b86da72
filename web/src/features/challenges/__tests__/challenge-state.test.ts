import { describe, expect, it } from 'vitest';
import { challengePhase, stepState, stepTickets, type ChallengeStep } from '../types';

const step = (over: Partial<ChallengeStep> = {}): ChallengeStep => ({
  id: 1,
  title: 'Step',
  goal: 'Play',
  rewards: [{ currency: 'TICKETS', amount: 10 }],
  kind: 'PLAY_GAME',
  target: 1,
  count: 0,
  done: false,
  open: false,
  rewardedAt: null,
  ...over,
});

describe('stepState', () => {
  it('reads a chained challenge: done, open, then locked', () => {
    const c = { chained: true, optedIn: true, challengeSteps: [step({ done: true }), step({ open: true }), step()] };
    expect([0, 1, 2].map((i) => stepState(c, i))).toEqual(['done', 'open', 'locked']);
  });
  it('before the opt-in every step waits; an unchained closed step is closed', () => {
    expect(stepState({ chained: false, optedIn: false, challengeSteps: [step()] }, 0)).toBe('waiting');
    expect(stepState({ chained: false, optedIn: true, challengeSteps: [step()] }, 0)).toBe('closed');
    expect(stepState({ chained: false, optedIn: true, challengeSteps: [] }, 3)).toBe('closed');
  });
});

describe('stepTickets', () => {
  it('sums the TICKETS rewards only', () => {
    expect(stepTickets({ rewards: [{ currency: 'TICKETS', amount: 10 }, { currency: 'EUR', amount: 5 }, { currency: 'TICKETS', amount: 2 }] })).toBe(12);
  });
});

describe('challengePhase', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('is upcoming before the start, ended after the end, running otherwise', () => {
    expect(challengePhase({ startsAt: '2026-12-01T00:00:00Z', endsAt: null }, now)).toBe('upcoming');
    expect(challengePhase({ startsAt: null, endsAt: '2026-11-01T00:00:00Z' }, now)).toBe('ended');
    expect(challengePhase({ startsAt: '2026-09-01T00:00:00Z', endsAt: '2029-01-31T23:59:59Z' }, now)).toBe('running');
    expect(challengePhase({ startsAt: null, endsAt: null }, now)).toBe('running');
  });
});

/**
 * Challenges and rewards (commerce §3 Challenge, §7 optInChallenge and fragments_get-challenge-by-id;
 * docs/contracts.md "Challenges and rewards"). Texts come resolved to the requested language.
 */

/** What a step counts: starts of the challenge's game, or different full tracks listened to half way. */
export type StepKind = 'PLAY_GAME' | 'PLAY_TRACKS' | 'UNKNOWN';

export interface ChallengeReward {
  currency: string;
  amount: number;
}

export interface ChallengeStep {
  id: number;
  title: string;
  goal: string;
  rewards: ChallengeReward[];
  kind: StepKind;
  target: number;
  /** Counted plays, at most target. */
  count: number;
  /** Its reward is in the ledger. */
  done: boolean;
  /** Plays count for it now. */
  open: boolean;
  rewardedAt: string | null;
}

/** The catalog's Article answer, as far as a challenge card uses it. */
export interface ChallengeGame {
  id: number;
  title: string;
  imageUrl?: string;
  href?: string;
}

export interface Challenge {
  id: number;
  title: string;
  description: string;
  chained: boolean;
  startsAt: string | null;
  endsAt: string | null;
  gameId: number;
  game: ChallengeGame | null;
  challengeSteps: ChallengeStep[];
  optedIn: boolean;
  optedInAt: string | null;
  completedSteps: number;
  ticketsEarned: number;
}

/** PATCH /kafka/optInChallenge/{id}. */
export interface OptedIn {
  challengeId: number;
  optedIn: boolean;
  optedInAt: string | null;
}

export interface LedgerEntry {
  id: string;
  currency: string;
  /** Positive: a credit. */
  amount: number;
  /** CHALLENGE_STEP: a step's reward. */
  reason: string;
  challengeId: number | null;
  stepId: number | null;
  challengeTitle: string;
  stepTitle: string;
  createdAt: string;
}

/** GET /reward: the balance is the sum of the whole ledger. */
export interface Rewards {
  balance: { currency: string; amount: number };
  entries: LedgerEntry[];
  total: number;
  offset: number;
  limit: number;
}

/** The tickets a step pays (its TICKETS rewards summed). */
export function stepTickets(step: Pick<ChallengeStep, 'rewards'>): number {
  return step.rewards.filter((r) => r.currency === 'TICKETS').reduce((sum, r) => sum + r.amount, 0);
}

export type StepState = 'done' | 'open' | 'locked' | 'waiting' | 'closed';

/**
 * How a step reads: done; open (plays count now); locked (chained, the step before is not done);
 * waiting (not joined yet); closed (outside the challenge's dates, or a kind this portal cannot count).
 */
export function stepState(challenge: Pick<Challenge, 'chained' | 'optedIn' | 'challengeSteps'>, index: number): StepState {
  const step = challenge.challengeSteps[index];
  if (!step) return 'closed';
  if (step.done) return 'done';
  if (step.open) return 'open';
  if (!challenge.optedIn) return 'waiting';
  if (challenge.chained && index > 0 && !challenge.challengeSteps[index - 1]?.done) return 'locked';
  return 'closed';
}

/** The challenge's dates relative to now: not started, running or ended. */
export function challengePhase(challenge: Pick<Challenge, 'startsAt' | 'endsAt'>, now: Date): 'upcoming' | 'running' | 'ended' {
  if (challenge.startsAt && new Date(challenge.startsAt) > now) return 'upcoming';
  if (challenge.endsAt && new Date(challenge.endsAt) < now) return 'ended';
  return 'running';
}

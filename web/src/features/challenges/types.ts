/**
 * Challenges and rewards (commerce §3 Challenge, §7 optInChallenge and fragments_get-challenge-by-id;
 * docs/contracts.md "Challenges and rewards"). Texts come resolved to the requested language. The
 * opt-in and reward answers come from the generated OpenAPI types (docs/openapi.json).
 */
import type { ApiData } from '@/lib/api-schema';

/** What a step counts: starts of the challenge's game, or different full tracks listened to half way. */
export type StepKind = 'PLAY_GAME' | 'PLAY_TRACKS' | 'UNKNOWN';

/*
 * GET /challenges and the fragments_get-challenge-by-id fragment: docs/openapi.json describes the
 * first as an array of anything (schema_of<boost::json::array>) and the fragment's data as any object
 * (CatalogFragmentDto), so the challenge, its steps and its game are typed here after what the server
 * sends (challenges_service.cpp) until the server describes them (issue 31 item 2).
 */
/* eslint-disable no-restricted-syntax -- the documented mismatch above */
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

/* eslint-enable no-restricted-syntax */

/** PATCH /kafka/optInChallenge/{id}: the user's progress from then on. */
export type OptedIn = ApiData<'patchBackendKafkaOptInChallengeId'>;

/** GET /reward: the balance is the sum of the whole ledger. */
export type Rewards = ApiData<'getBackendReward'>;
/** A ledger line; amount positive: a credit; reason CHALLENGE_STEP: a step's reward. */
export type LedgerEntry = Rewards['entries'][number];

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

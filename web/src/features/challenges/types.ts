/**
 * Challenges and rewards (commerce §3 Challenge, §7 optInChallenge and fragments_get-challenge-by-id;
 * docs/contracts.md "Challenges and rewards"). Texts come resolved to the requested language. Every
 * answer comes from the generated OpenAPI types (docs/openapi.json).
 */
import type { ApiData } from '@/lib/api-schema';

/**
 * GET /challenges: the tenant's challenges, each with the caller's progress (the fragment
 * fragments_get-challenge-by-id carries the same challenge in data.customProperties.challenge).
 */
type WireChallenge = ApiData<'getBackendChallenges'>[number];
/** Of the game's Article answer (null when the game left the catalog) the card reads these. */
type ChallengeGame = Pick<NonNullable<WireChallenge['game']>, 'id' | 'title' | 'imageUrl' | 'href'>;
export type Challenge = Omit<WireChallenge, 'game'> & { game: ChallengeGame | null };
/**
 * A step with the caller's progress: kind (PLAY_GAME: starts of the challenge's game; PLAY_TRACKS:
 * different full tracks listened to half way; UNKNOWN), count (counted plays, at most target), done
 * (its reward is in the ledger), open (plays count for it now), rewardedAt.
 */
export type ChallengeStep = Challenge['challengeSteps'][number];

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

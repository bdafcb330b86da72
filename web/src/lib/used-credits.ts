/**
 * A held plan whose credits for an article's type are spent, and when they come back: the subscriptions feature
 * finds it (subscription-state.ts) and the purchase popup says it (features/purchases); the app hands it over.
 */
export interface UsedCredits {
  plan: string;
  /** The renewal that brings new credits; null when the plan ends instead (a gift, a cancelled plan). */
  at: string | null;
  daily: boolean;
}

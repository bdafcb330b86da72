import type { Bracket } from './types';

/**
 * Registration is open until the bracket is drawn and not after the tournament's start date (its
 * `startDate`, YYYY-MM-DD): a tournament dated in the past never says "Registration open" (issue 30).
 */
export function registrationOpen(bracket: Pick<Bracket, 'state'>, startDate: string | null, today = new Date()): boolean {
  if (bracket.state !== 'REGISTRATION') return false;
  if (!startDate || !/^\d{4}-\d{2}-\d{2}/.test(startDate)) return true;
  const local = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return startDate.slice(0, 10) >= local;
}

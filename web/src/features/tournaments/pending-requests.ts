/**
 * The teams the caller asked to join whose captain has not answered (issue 47): no "Ask to join" for
 * them. The bracket's `myPendingTeamIds` is the server's word, also after a reload; the requests of this
 * page count at once, before the bracket is asked again: sent, or refused with 409 JOIN_REQUEST_PENDING
 * (one was waiting already).
 */
import { useMutationState } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { JOIN_REQUEST_MUTATION_KEY } from './api/team-calls';
import type { Bracket } from './types';

export function usePendingTeamIds(bracket: Pick<Bracket, 'myPendingTeamIds'>): ReadonlySet<number> {
  const sentHere = useMutationState({
    filters: { mutationKey: JOIN_REQUEST_MUTATION_KEY },
    select: (mutation) => {
      const { status, error, variables } = mutation.state;
      const waiting = status === 'success' || (status === 'error' && error instanceof ApiError && error.code === 'JOIN_REQUEST_PENDING');
      return waiting ? (variables as { teamId: number }).teamId : null;
    },
  });
  return new Set([...bracket.myPendingTeamIds, ...sentHere.filter((teamId) => teamId !== null)]);
}

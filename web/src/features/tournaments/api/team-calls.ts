/**
 * The team and bracket writes (commerce §7 tournament calls; contracts "Tournament brackets"):
 * register a team, ask to join one, the captain's answer, marking notifications seen, the
 * organizer's draw and a match result. Each refreshes every tournament query when it settles.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getApiClient } from '@/lib/api-client';
import type { Bracket, InvitationsNotified, JoinFields, JoinRequest, Match, MatchResultBody, RegisterFields, Team } from '../types';
import { TOURNAMENTS_QUERY_KEY } from './keys';

export async function registerTeam(tournamentId: number, fields: RegisterFields): Promise<Team> {
  return (await getApiClient().post<{ data: Team }>(`/tournament/registerTournament/${String(tournamentId)}`, fields)).data;
}

export async function sendJoinRequest(teamId: number, fields: JoinFields): Promise<JoinRequest> {
  return (await getApiClient().post<{ data: JoinRequest }>(`/tournament/sendJoinRequest/${String(teamId)}`, fields)).data;
}

export async function answerJoinRequest(requestId: number, status: 'ACCEPTED' | 'DECLINED', provider: string): Promise<JoinRequest> {
  const api = getApiClient();
  return (await api.request<{ data: JoinRequest }>('PATCH', `/tournament/addInvitationResponse/${String(requestId)}`, { body: { provider, status } })).data;
}

export async function markNotified(teamId: number | 'smartlink'): Promise<number> {
  const api = getApiClient();
  return (await api.request<{ data: InvitationsNotified }>('PATCH', '/tournament/markInvitationNotified', { query: { teamId: String(teamId) } })).data.updated;
}

export async function drawBracket(tournamentId: number): Promise<Bracket> {
  return (await getApiClient().post<{ data: Bracket }>(`/tournament/bracket/${String(tournamentId)}`)).data;
}

export async function reportResult(matchId: number, winnerTeamId: number): Promise<Match> {
  return (await getApiClient().post<{ data: Match }>(`/tournament/match/${String(matchId)}/result`, { winnerTeamId } satisfies MatchResultBody)).data;
}

/** The join requests of this page (pending-requests.ts reads them): kept while the page lives. */
export const JOIN_REQUEST_MUTATION_KEY = [...TOURNAMENTS_QUERY_KEY, 'join-request'] as const;

function useTournamentMutation<A, R>(fn: (args: A) => Promise<R>, options: { mutationKey?: readonly unknown[]; gcTime?: number } = {}) {
  const queryClient = useQueryClient();
  return useMutation({ ...options, mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: TOURNAMENTS_QUERY_KEY }) });
}

export const useRegisterTeam = () => useTournamentMutation((a: { tournamentId: number; fields: RegisterFields }) => registerTeam(a.tournamentId, a.fields));
export const useSendJoinRequest = () =>
  useTournamentMutation((a: { teamId: number; fields: JoinFields }) => sendJoinRequest(a.teamId, a.fields), { mutationKey: JOIN_REQUEST_MUTATION_KEY, gcTime: Infinity });
export const useAnswerJoinRequest = () =>
  useTournamentMutation((a: { requestId: number; status: 'ACCEPTED' | 'DECLINED'; provider: string }) => answerJoinRequest(a.requestId, a.status, a.provider));
export const useMarkNotified = () => useTournamentMutation((teamId: number | 'smartlink') => markNotified(teamId));
export const useDrawBracket = () => useTournamentMutation((tournamentId: number) => drawBracket(tournamentId));
export const useReportResult = () => useTournamentMutation((a: { matchId: number; winnerTeamId: number }) => reportResult(a.matchId, a.winnerTeamId));

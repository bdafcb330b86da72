/**
 * Tournament teams, brackets, news and videos (docs/contracts.md "Tournaments", "Tournament
 * brackets"): wire types from the generated OpenAPI types (docs/openapi.json).
 *
 * The document gives the bracket's `state` and a match's `status` as plain strings; the server sends
 * one of the fixed sets below (tournaments_types.hpp), which the texts are keyed by, so those two
 * fields are narrowed here until the server describes them as enums. A match's team ids are
 * std::optional on the server: the document says "may be absent or null", the server always sends
 * them, null when there is no team (yet).
 */
import type { ApiBody, ApiData } from '@/lib/api-schema';

export type BracketState = 'REGISTRATION' | 'DRAWN' | 'FINISHED';
export type MatchStatus = 'WAITING' | 'READY' | 'BYE' | 'DISPUTED' | 'DONE';

type WireBracket = ApiData<'getBackendTournamentBracketId'>;
type WireRound = WireBracket['rounds'][number];

export type Match = Omit<WireRound['matches'][number], 'status' | 'homeTeamId' | 'awayTeamId' | 'winnerTeamId'> & { status: MatchStatus } & Record<'homeTeamId' | 'awayTeamId' | 'winnerTeamId', number | null>;
export type BracketTeam = WireBracket['teams'][number];
/** GET and POST /tournament/bracket/{id}. */
export type Bracket = Omit<WireBracket, 'state' | 'rounds'> & { state: BracketState; rounds: (Omit<WireRound, 'matches'> & { matches: Match[] })[] };

/** POST /tournament/registerTournament/{id}: the team registered, its captain the caller. */
export type Team = ApiData<'postBackendTournamentRegisterTournamentId'>;
/** POST /tournament/sendJoinRequest/{teamId} and PATCH /tournament/addInvitationResponse/{id}. */
export type JoinRequest = ApiData<'postBackendTournamentSendJoinRequestTeamId'>;
export type InvitationsNotified = ApiData<'patchBackendTournamentMarkInvitationNotified'>;

type NotificationsFragment = ApiData<'getBackendStructureFragmentsTournamentTeamNotificationsFragmentId'>;
type PendingFragment = ApiData<'getBackendStructureFragmentsTournamentPendingRequestsFragmentId'>;
export type TeamNotification = NotificationsFragment['data']['customProperties']['notifications']['items'][number];
export type PendingRequest = PendingFragment['data']['customProperties']['pendingRequests']['requests'][number];
export type { NotificationsFragment, PendingFragment };

/** The caller's unseen team notifications and the join requests waiting for them as captain. */
export type TeamActivity = Record<'notifications', TeamNotification[]> & Record<'pending', PendingRequest[]>;

/** The register form's values, sent as its body (each a text field); joining names no team. */
export type RegisterFields = Record<keyof ApiBody<'postBackendTournamentRegisterTournamentId'>, string>;
export type JoinFields = Record<keyof ApiBody<'postBackendTournamentSendJoinRequestTeamId'>, string>;
export type MatchResultBody = ApiBody<'postBackendTournamentMatchIdResult'>;

/** GET /tournament/news/{id} and /tournament/videos/{id}. */
export type TournamentMedia = ApiData<'getBackendTournamentNewsId'>;
/** GET /tournament/media/{id}. */
export type TournamentMediaList = ApiData<'getBackendTournamentMediaId'>;

/** Game accounts a player names when registering (the `provider` of the calls). */
export const PROVIDERS = ['steam', 'psn', 'xbox', 'epic'] as const;

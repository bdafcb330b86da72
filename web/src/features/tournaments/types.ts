/** Tournament teams, brackets, news and videos (docs/contracts.md "Tournaments", "Tournament brackets"). */

export type BracketState = 'REGISTRATION' | 'DRAWN' | 'FINISHED';
export type MatchStatus = 'WAITING' | 'READY' | 'BYE' | 'DISPUTED' | 'DONE';

export interface BracketTeam {
  id: number;
  name: string;
  seed: number;
  members: number;
  captainUserId: string;
}

export interface Match {
  id: number;
  round: number;
  position: number;
  homeTeamId: number | null;
  awayTeamId: number | null;
  status: MatchStatus;
  winnerTeamId: number | null;
  decidedBy: 'BYE' | 'CAPTAINS' | 'ORGANIZER' | null;
  reportedBy: number[];
  canReport: boolean;
}

export interface Bracket {
  tournamentId: number;
  format: 'SINGLE_ELIMINATION';
  state: BracketState;
  preview: boolean;
  teamSize: number;
  teams: BracketTeam[];
  rounds: { round: number; matches: Match[] }[];
  championTeamId: number | null;
  myTeamId: number | null;
  captain: boolean;
  organizer: boolean;
  drawnAt: string | null;
}

export interface Team {
  id: number;
  tournamentId: number;
  name: string;
  provider: string;
  captainUserId: string;
  members: { userId: string; userName: string; ingameId: string; role: 'CAPTAIN' | 'MEMBER'; joinedAt: string }[];
  createdAt: string;
}

export interface JoinRequest {
  id: number;
  teamId: number;
  teamName: string;
  tournamentId: number;
  userId: string;
  userName: string;
  ingameId: string;
  provider: string;
  status: 'PENDING' | 'ACCEPTED' | 'DECLINED';
  members: number;
  createdAt: string;
}

export interface TeamNotification {
  id: number;
  teamId: number;
  teamName: string;
  tournamentId: number;
  kind: 'ACCEPTED' | 'DECLINED';
  createdAt: string;
}

export interface PendingRequest {
  id: number;
  teamId: number;
  teamName: string;
  userName: string;
  ingameId: string;
  members: number;
  createdAt: string;
}

export interface TeamActivity {
  notifications: TeamNotification[];
  pending: PendingRequest[];
}

export interface RegisterFields {
  userName: string;
  ingameId: string;
  teamName: string;
  provider: string;
}

export type JoinFields = Omit<RegisterFields, 'teamName'>;

export interface TournamentMedia {
  id: number;
  tournamentId: number;
  kind: 'news' | 'video';
  language: string;
  title: string;
  summary: string;
  body: string;
  imageUrl: string;
  videoUrl: string;
  duration: number;
  publishedAt: string;
}

export interface TournamentMediaList {
  news: TournamentMedia[];
  videos: TournamentMedia[];
}

/** Game accounts a player names when registering (the `provider` of the calls). */
export const PROVIDERS = ['steam', 'psn', 'xbox', 'epic'] as const;

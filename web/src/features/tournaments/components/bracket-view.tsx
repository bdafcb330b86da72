/**
 * A single-elimination bracket: one column per round (a list of its matches), in reading order, so
 * it runs right to left in Arabic. On a narrow screen the rounds scroll sideways inside a focusable
 * region (keyboard users scroll it too). Names are isolated (<bdi>), numbers in the page's digits.
 * A captain (or the organizer) reports a result from the match itself.
 */
import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/menu-icons';
import { ApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/formatters';
import { showSnackbar } from '@/lib/snackbar';
import { useCurrentLanguage } from '@/lib/use-language';
import { useReportResult } from '../api/team-calls';
import type { Bracket, BracketTeam, Match } from '../types';

/** The round's name: final, semi-finals, quarter-finals, else its number. */
function useRoundName() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  return (round: number, rounds: number) => {
    const fromEnd = rounds - round;
    if (fromEnd === 0) return t('tournaments.bracket.final');
    if (fromEnd === 1) return t('tournaments.bracket.semiFinals');
    if (fromEnd === 2) return t('tournaments.bracket.quarterFinals');
    return t('tournaments.bracket.round', { n: formatNumber(round, lang) });
  };
}

export function BracketView({ bracket }: { bracket: Bracket }) {
  const { t } = useTranslation();
  const headingId = useId();
  const roundName = useRoundName();
  const teams = new Map(bracket.teams.map((team) => [team.id, team]));
  if (bracket.rounds.length === 0) {
    return (
      <section aria-labelledby={headingId} className="flex flex-col gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          {t('tournaments.bracket.title')}
        </h2>
        <p className="text-muted">{t('tournaments.bracket.needTwo')}</p>
      </section>
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="tournament-bracket">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id={headingId} className="text-xl font-bold">
          {t('tournaments.bracket.title')}
        </h2>
        {bracket.preview && <p className="text-sm text-muted">{t('tournaments.bracket.previewNote')}</p>}
      </div>
      <div role="region" aria-label={t('tournaments.bracket.scrollLabel')} tabIndex={0} className="relative -mx-4 overflow-x-auto px-4 pb-2 focus-visible:outline-2 focus-visible:outline-accent">
        <ol className="flex min-w-max items-stretch gap-4 sm:gap-6">
          {bracket.rounds.map((round) => (
            <li key={round.round} className="flex w-60 flex-col gap-3 sm:w-64">
              <h3 className="text-sm font-semibold tracking-wide text-muted uppercase">{roundName(round.round, bracket.rounds.length)}</h3>
              <ol className="flex grow flex-col justify-around gap-3">
                {round.matches.map((match) => (
                  <li key={`${String(match.round)}-${String(match.position)}`}>
                    <MatchCard match={match} teams={teams} />
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const REPORT_ERRORS: Record<string, string> = {
  ALREADY_REPORTED: 'tournaments.bracket.errors.alreadyReported',
  MATCH_DECIDED: 'tournaments.bracket.errors.decided',
  MATCH_DISPUTED: 'tournaments.bracket.errors.disputed',
  MATCH_NOT_READY: 'tournaments.bracket.errors.notReady',
};

function MatchCard({ match, teams }: { match: Match; teams: Map<number, BracketTeam> }) {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string) => string;
  const report = useReportResult();
  const sides = [match.homeTeamId, match.awayTeamId];
  const send = (winner: BracketTeam) =>
    report.mutate(
      { matchId: match.id, winnerTeamId: winner.id },
      {
        onSuccess: (after) =>
          showSnackbar(after.status === 'DONE' ? t('tournaments.bracket.decided') : after.status === 'DISPUTED' ? t('tournaments.bracket.disputed') : t('tournaments.bracket.reported'), 'success'),
        onError: (error) => showSnackbar(translate(error instanceof ApiError && error.code ? (REPORT_ERRORS[error.code] ?? 'tournaments.bracket.errors.failed') : 'tournaments.bracket.errors.failed'), 'error'),
      },
    );
  return (
    <article
      className={`flex flex-col rounded-xl border bg-surface text-sm ${match.status === 'DISPUTED' ? 'border-amber-500' : 'border-border'}`}
      data-testid="tournament-match"
      data-status={match.status}
    >
      <ul className="flex flex-col divide-y divide-border">
        {sides.map((teamId, index) => (
          <TeamLine key={index} team={teamId === null ? null : (teams.get(teamId) ?? null)} bye={match.status === 'BYE' && teamId === null} winner={teamId !== null && teamId === match.winnerTeamId} reported={match.status !== 'DONE' && teamId !== null && match.reportedBy.includes(teamId)} />
        ))}
      </ul>
      <p className="border-t border-border px-3 py-1.5 text-xs text-muted">{t(`tournaments.bracket.status.${match.status}`)}</p>
      {match.canReport && (
        <div className="flex flex-col gap-1.5 border-t border-border p-2">
          <p className="text-xs font-semibold">{t('tournaments.bracket.whoWon')}</p>
          <div className="flex flex-wrap gap-1.5">
            {sides.map((teamId) => {
              const team = teamId === null ? undefined : teams.get(teamId);
              if (!team) return null;
              return (
                <Button key={team.id} variant="secondary" className="max-w-full !px-3 !py-1 text-xs wrap-anywhere" disabled={report.isPending} onClick={() => send(team)}>
                  <bdi>{team.name}</bdi>
                </Button>
              );
            })}
          </div>
        </div>
      )}
    </article>
  );
}

function TeamLine({ team, bye, winner, reported }: { team: BracketTeam | null; bye: boolean; winner: boolean; reported: boolean }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  return (
    <li className={`flex items-center gap-2 px-3 py-2 ${winner ? 'font-bold' : ''}`}>
      <span className="w-6 shrink-0 text-center text-xs text-muted" aria-label={team ? t('tournaments.bracket.seed', { n: formatNumber(team.seed, lang) }) : undefined}>
        {team ? formatNumber(team.seed, lang) : ''}
      </span>
      {/* A long name wraps: a round is 15 rem wide, and a cut name hid who won on a phone (issue 47). */}
      <span className={`min-w-0 grow wrap-anywhere ${team ? '' : 'text-muted italic'}`}>{team ? <bdi>{team.name}</bdi> : bye ? t('tournaments.bracket.bye') : t('tournaments.bracket.tbd')}</span>
      {reported && <span className="shrink-0 rounded-full bg-bg px-2 text-[11px] text-muted">{t('tournaments.bracket.reportedMark')}</span>}
      {winner && (
        <span className="shrink-0 text-accent">
          <CheckIcon aria-hidden="true" width={16} height={16} />
          <span className="sr-only">{t('tournaments.bracket.winner')}</span>
        </span>
      )}
    </li>
  );
}

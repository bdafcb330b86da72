/**
 * The tournament part of /tournaments/details/:id under the article: the caller's team activity
 * (the team notification badge: answers to their join requests, requests waiting for them as
 * captain, with accept / decline), the teams with register and join buttons (the
 * `tournament-join` dialog), the organizer's draw, the bracket, and the tournament's news and videos.
 */
import { useId, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { openDialog } from '@/lib/dialogs';
import { formatDate, formatNumber } from '@/lib/formatters';
import { showSnackbar } from '@/lib/snackbar';
import { usePortalStore } from '@/lib/store';
import { useCurrentLanguage, useLocalizePath } from '@/lib/use-language';
import { useBracket } from '../api/get-bracket';
import { useTournamentMedia } from '../api/get-media';
import { useTeamActivity } from '../api/get-team-activity';
import { useAnswerJoinRequest, useDrawBracket, useMarkNotified } from '../api/team-calls';
import { TournamentJoinDialog } from '../dialogs/tournament-join-dialog';
import { openJoinDialog } from '../join-target';
import { usePendingTeamIds } from '../pending-requests';
import type { Bracket, TeamActivity } from '../types';
import { registrationOpen } from '../registration';
import { BracketView } from './bracket-view';

export function TournamentPanel({ tournamentId, title, startDate = null }: { tournamentId: number; title: string; startDate?: string | null }) {
  const { t } = useTranslation();
  const bracket = useBracket(tournamentId);
  const signedIn = usePortalStore((state) => state.role === 'user');
  const activity = useTeamActivity(tournamentId);
  if (bracket.isPending) return <Skeleton className="h-64" />;
  if (bracket.isError)
    return (
      <p role="alert" className="text-muted">
        {t('tournaments.loadError')}
      </p>
    );
  return (
    <div className="flex flex-col gap-10" data-testid="tournament-panel">
      {signedIn && activity.data && <ActivitySection activity={activity.data} />}
      <TeamsSection bracket={bracket.data} title={title} signedIn={signedIn} open={registrationOpen(bracket.data, startDate)} />
      <BracketView bracket={bracket.data} />
      <MediaSection tournamentId={tournamentId} />
      <TournamentJoinDialog />
    </div>
  );
}

function StateBadge({ bracket, open }: { bracket: Bracket; open: boolean }) {
  const { t } = useTranslation();
  const tone = open ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100' : 'bg-bg text-text';
  const label = bracket.state === 'REGISTRATION' && !open ? t('tournaments.state.PAST_START') : t(`tournaments.state.${bracket.state}`);
  return <span className={`rounded-full border border-border px-3 py-1 text-xs font-semibold ${tone}`}>{label}</span>;
}

function TeamsSection({ bracket, title, signedIn, open }: { bracket: Bracket; title: string; signedIn: boolean; open: boolean }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const headingId = useId();
  const draw = useDrawBracket();
  const [confirming, setConfirming] = useState(false);
  const confirmId = useId();
  const inTeam = bracket.myTeamId !== null;
  const pending = usePendingTeamIds(bracket);
  const champion = bracket.teams.find((team) => team.id === bracket.championTeamId);
  const startDraw = () =>
    draw.mutate(bracket.tournamentId, {
      onSuccess: () => showSnackbar(t('tournaments.drawn'), 'success'),
      onError: (error) => showSnackbar(error instanceof ApiError && error.code === 'NOT_ENOUGH_TEAMS' ? t('tournaments.bracket.needTwo') : t('tournaments.bracket.errors.failed'), 'error'),
    });
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId} className="text-xl font-bold">
          {t('tournaments.teams.title')}
        </h2>
        <StateBadge bracket={bracket} open={open} />
        <span className="text-sm text-muted">{t('tournaments.teams.size', { count: bracket.teamSize })}</span>
      </div>
      {champion && (
        <p className="rounded-xl border border-accent bg-surface px-4 py-3 font-semibold" data-testid="tournament-champion">
          {t('tournaments.champion')} <bdi>{champion.name}</bdi>
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        {!signedIn && open && <Button onClick={() => openDialog('login-options')}>{t('tournaments.teams.signIn')}</Button>}
        {signedIn && open && !inTeam && (
          <Button onClick={() => openJoinDialog({ mode: 'register', tournamentId: bracket.tournamentId, title })}>{t('tournaments.teams.register')}</Button>
        )}
        {/* The organizer may draw after the start date too; the draw cannot be undone, so it asks first. */}
        {bracket.organizer && bracket.state === 'REGISTRATION' && bracket.teams.length >= 2 && !confirming && (
          <Button variant="secondary" disabled={draw.isPending} onClick={() => setConfirming(true)}>
            {t('tournaments.teams.draw')}
          </Button>
        )}
      </div>
      {confirming && (
        <div role="group" aria-labelledby={confirmId} className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4" data-testid="tournament-draw-confirm">
          <p id={confirmId} className="font-semibold">
            {t('tournaments.teams.drawConfirm')}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button
              disabled={draw.isPending}
              onClick={() => {
                setConfirming(false);
                startDraw();
              }}
            >
              {t('tournaments.teams.drawConfirmButton')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('tournaments.cancel')}
            </Button>
          </div>
        </div>
      )}
      {bracket.teams.length === 0 ? (
        <p className="text-muted">{t('tournaments.teams.none')}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {bracket.teams.map((team) => {
            const mine = team.id === bracket.myTeamId;
            const full = team.members >= bracket.teamSize;
            return (
              <li key={team.id} className={`flex items-center gap-3 rounded-xl border bg-surface p-3 ${mine ? 'border-primary' : 'border-border'}`} data-testid="tournament-team">
                <span className="grid size-9 shrink-0 place-items-center rounded-full bg-bg text-sm font-bold" aria-label={t('tournaments.bracket.seed', { n: formatNumber(team.seed, lang) })}>
                  {formatNumber(team.seed, lang)}
                </span>
                <div className="flex min-w-0 grow flex-col">
                  <span className="font-semibold wrap-anywhere">
                    <bdi>{team.name}</bdi>
                    {mine && <span className="ms-2 text-xs font-normal text-primary">{t('tournaments.teams.yours')}</span>}
                  </span>
                  <span className="text-xs text-muted">
                    {t('tournaments.teams.members', { n: formatNumber(team.members, lang), count: bracket.teamSize })}
                  </span>
                </div>
                {signedIn && open && !inTeam && pending.has(team.id) && <span className="shrink-0 text-sm text-muted">{t('tournaments.teams.requestSent')}</span>}
                {signedIn && open && !inTeam && !pending.has(team.id) && !full && bracket.teamSize > 1 && (
                  <Button variant="secondary" className="!px-3 !py-1 text-sm" onClick={() => openJoinDialog({ mode: 'join', tournamentId: bracket.tournamentId, teamId: team.id, teamName: team.name })}>
                    {t('tournaments.teams.askToJoin')}
                    <span className="sr-only">
                      {' '}
                      <bdi>{team.name}</bdi>
                    </span>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** The team notification badge and what it counts: answers to the caller's requests, requests to their teams. */
function ActivitySection({ activity }: { activity: TeamActivity }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const headingId = useId();
  const answer = useAnswerJoinRequest();
  const mark = useMarkNotified();
  const count = activity.notifications.length + activity.pending.length;
  if (count === 0) return null;
  const respond = (requestId: number, status: 'ACCEPTED' | 'DECLINED') =>
    answer.mutate(
      { requestId, status, provider: 'portal' },
      {
        onSuccess: () => showSnackbar(status === 'ACCEPTED' ? t('tournaments.activity.acceptedDone') : t('tournaments.activity.declinedDone'), 'success'),
        onError: () => showSnackbar(t('tournaments.activity.answerFailed'), 'error'),
      },
    );
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4" data-testid="tournament-activity">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold">
        {t('tournaments.activity.title')}
        <span className="grid min-w-6 place-items-center rounded-full bg-primary px-1.5 text-xs text-primary-contrast" data-testid="tournament-activity-badge">
          <span aria-hidden="true">{formatNumber(count, lang)}</span>
          <span className="sr-only">{t('tournaments.activity.count', { n: formatNumber(count, lang) })}</span>
        </span>
      </h2>
      <ul className="flex flex-col gap-2">
        {activity.pending.map((request) => (
          <li key={`r${String(request.id)}`} className="flex flex-wrap items-center gap-3 rounded-xl bg-bg p-3" data-testid="tournament-pending-request">
            <p className="min-w-0 grow text-sm">
              <bdi className="font-semibold">{request.userName}</bdi> (<bdi>{request.ingameId}</bdi>) {t('tournaments.activity.wantsToJoinTeam')} <bdi className="font-semibold">{request.teamName}</bdi>
              <span className="block text-xs text-muted">{formatDate(request.createdAt, lang, { dateStyle: 'medium' })}</span>
            </p>
            <div className="flex gap-2">
              <Button className="!px-4 !py-1.5 text-sm" disabled={answer.isPending} onClick={() => respond(request.id, 'ACCEPTED')}>
                {t('tournaments.activity.accept')}
              </Button>
              <Button variant="secondary" className="!px-4 !py-1.5 text-sm" disabled={answer.isPending} onClick={() => respond(request.id, 'DECLINED')}>
                {t('tournaments.activity.decline')}
              </Button>
            </div>
          </li>
        ))}
        {activity.notifications.map((n) => (
          <li key={`n${String(n.id)}`} className="flex flex-wrap items-center gap-3 rounded-xl bg-bg p-3" data-testid="tournament-team-notification">
            <p className="min-w-0 grow text-sm">
              {n.kind === 'ACCEPTED' ? t('tournaments.activity.accepted') : t('tournaments.activity.declined')} <bdi className="font-semibold">{n.teamName}</bdi>
            </p>
            <Button variant="ghost" className="!px-3 !py-1 text-sm" disabled={mark.isPending} onClick={() => mark.mutate(n.teamId)}>
              {t('tournaments.activity.dismiss')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MediaSection({ tournamentId }: { tournamentId: number }) {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const localize = useLocalizePath();
  const headingId = useId();
  const media = useTournamentMedia(tournamentId);
  if (!media.data) return null;
  const entries = [
    ...media.data.news.map((e) => ({ ...e, href: `/tournaments/news/details/${String(e.id)}` })),
    ...media.data.videos.map((e) => ({ ...e, href: `/tournaments/videos/details/${String(e.id)}` })),
  ];
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-xl font-bold">
        {t('tournaments.media.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {entries.map((e) => (
          <li key={`${e.kind}-${String(e.id)}`}>
            <Link to={localize(e.href)} className="flex h-full flex-col gap-1 rounded-xl border border-border bg-surface p-4 hover:border-primary focus-visible:outline-2 focus-visible:outline-accent">
              <span className="text-xs font-semibold text-muted uppercase">
                {e.kind === 'news' ? t('tournaments.media.news') : t('tournaments.media.video')} · {formatDate(e.publishedAt, lang, { dateStyle: 'medium' })}
              </span>
              <span className="font-semibold">{e.title}</span>
              <span className="text-sm text-muted">{e.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

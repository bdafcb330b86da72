/**
 * The bracket view: one list per round named from the end (semi-finals, final), the bye and the
 * open slot, the winner marked, seeds in the page's digits (Arabic-Indic in Arabic), the report
 * buttons only on a match the caller may report, and the preview note before the draw.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import ar from '@/locales/ar/messages.json';
import en from '@/locales/en/messages.json';
import { initI18n } from '@/lib/i18n';
import { BracketView } from '../components/bracket-view';
import type { Bracket, Match } from '../types';

const match = (over: Partial<Match>): Match => ({
  id: 1,
  round: 1,
  position: 0,
  homeTeamId: null,
  awayTeamId: null,
  status: 'WAITING',
  winnerTeamId: null,
  decidedBy: null,
  reportedBy: [],
  canReport: false,
  ...over,
});

const bracket = (over: Partial<Bracket> = {}): Bracket => ({
  tournamentId: 8502,
  format: 'SINGLE_ELIMINATION',
  state: 'DRAWN',
  preview: false,
  teamSize: 1,
  myPendingTeamIds: [],
  teams: [
    { id: 11, name: 'Sam', seed: 1, members: 1, captainUserId: 'a' },
    { id: 12, name: 'Gale', seed: 2, members: 1, captainUserId: 'b' },
    { id: 13, name: 'Pat', seed: 3, members: 1, captainUserId: 'c' },
  ],
  rounds: [
    {
      round: 1,
      matches: [
        match({ id: 1, homeTeamId: 11, status: 'BYE', winnerTeamId: 11, decidedBy: 'BYE' }),
        match({ id: 2, position: 1, homeTeamId: 12, awayTeamId: 13, status: 'READY', reportedBy: [12], canReport: true }),
      ],
    },
    { round: 2, matches: [match({ id: 3, round: 2, homeTeamId: 11 })] },
  ],
  championTeamId: null,
  myTeamId: 13,
  captain: true,
  organizer: false,
  drawnAt: '2026-11-23T10:00:00Z',
  ...over,
});

async function renderBracket(b: Bracket, lang: 'en' | 'ar' = 'en') {
  const i18n = await initI18n(lang, lang === 'en' ? en : ar);
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <BracketView bracket={b} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

describe('BracketView', () => {
  it('names the rounds from the end and shows byes, open slots, winners and who may report', async () => {
    await renderBracket(bracket());
    expect(screen.getByRole('heading', { name: 'Semi-finals' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Final' })).toBeTruthy();
    const matches = screen.getAllByTestId('tournament-match');
    expect(matches).toHaveLength(3);
    expect(within(matches[0]!).getByText('Bye')).toBeTruthy();
    expect(within(matches[0]!).getByText('winner')).toBeTruthy();
    // Only the ready match the caller may report has the buttons; the reported side is marked.
    expect(within(matches[1]!).getByText('Who won?')).toBeTruthy();
    expect(within(matches[1]!).getAllByRole('button')).toHaveLength(2);
    expect(within(matches[1]!).getByText('reported')).toBeTruthy();
    expect(within(matches[2]!).queryAllByRole('button')).toHaveLength(0);
    expect(within(matches[2]!).getByText('To be decided')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Bracket rounds' }).getAttribute('tabindex')).toBe('0');
  });

  it('a decided match marks its winner without the reported marks, which leave the winner room for its name (issue 47)', async () => {
    const long = 'Night Owls of the Northern Dunes';
    await renderBracket(
      bracket({
        state: 'FINISHED',
        teams: [
          { id: 11, name: long, seed: 1, members: 3, captainUserId: 'a' },
          { id: 12, name: 'Pat Pack', seed: 2, members: 1, captainUserId: 'b' },
        ],
        rounds: [{ round: 1, matches: [match({ id: 9, homeTeamId: 11, awayTeamId: 12, status: 'DONE', winnerTeamId: 11, decidedBy: 'CAPTAINS', reportedBy: [11, 12] })] }],
        championTeamId: 11,
      }),
    );
    const final = screen.getByTestId('tournament-match');
    expect(within(final).getByText('winner')).toBeTruthy();
    expect(within(final).queryByText('reported')).toBeNull();
    // The whole name, on as many lines as it needs.
    expect(within(final).getByText(long).parentElement?.className).not.toContain('truncate');
  });

  it('says when the rounds are a preview, and asks for two teams before there is a bracket', async () => {
    const { unmount } = await renderBracket(bracket({ state: 'REGISTRATION', preview: true }));
    expect(screen.getByText(/Preview: the draw as it stands now/)).toBeTruthy();
    unmount();
    await renderBracket(bracket({ state: 'REGISTRATION', preview: true, teams: [], rounds: [] }));
    expect(screen.getByText('The bracket is drawn once at least two teams have registered.')).toBeTruthy();
    expect(screen.queryByTestId('tournament-match')).toBeNull();
  });

  it('writes seeds in Arabic-Indic digits and keeps names isolated in Arabic', async () => {
    await renderBracket(bracket(), 'ar');
    expect(screen.getByRole('heading', { name: 'النهائي' })).toBeTruthy();
    const first = screen.getAllByTestId('tournament-match')[1]!;
    expect(within(first).getByText('٢')).toBeTruthy();
    // The team's line and its report button.
    expect(within(first).getAllByText('Gale', { selector: 'bdi' })).toHaveLength(2);
  });
});

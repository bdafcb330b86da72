/**
 * The tournament page (issue 47 item 11): a join request the caller sent stays sent (also after a
 * reload, from the bracket's `myPendingTeamIds`); the tournament's date is its start, not a release;
 * the dates of its description are written in the page's language.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Bracket } from '@/features/tournaments/types';
import { clearPagePayloads } from '@/lib/page-payload';
import { fixtureArticle } from '@/testing/catalog-fixtures';
import { jsonResponse, renderApp, testToken, type FetchHandler } from '@/testing/render-app';
import { STRUCTURES } from '@/testing/sample-structures';

const TOURNAMENT = {
  ...fixtureArticle({
    id: 8505,
    title: 'Spring Cup: Falcon Run',
    contentType: 'tournament',
    href: '/tournaments/details/8505',
    releaseDate: '2027-10-14',
    description: 'Compete in "Falcon Run" from 2027-10-14 to 2027-10-16. The best players share 500 tickets.',
    customProperties: { startDate: '2027-10-14', endDate: '2027-10-16', teamSize: 3 },
  }),
  related: [],
};

const BRACKET: Bracket = {
  tournamentId: 8505,
  format: 'SINGLE_ELIMINATION',
  state: 'REGISTRATION',
  preview: true,
  teamSize: 3,
  teams: [
    { id: 31, name: 'Night Owls', seed: 1, members: 1, captainUserId: 'a' },
    { id: 32, name: 'Pat Pack', seed: 2, members: 1, captainUserId: 'b' },
  ],
  rounds: [],
  championTeamId: null,
  myTeamId: null,
  myPendingTeamIds: [],
  captain: false,
  organizer: false,
  drawnAt: null,
};

const EMPTY_FRAGMENT = { id: 1, name: 'fragment', data: { title: '', subTitle: '', imageUrl: '', clickUrl: '', customProperties: {} }, substructure: [] };

/** The tournament's answers; `pending`: the team ids the server says the caller asked to join (the bracket's myPendingTeamIds). */
function tournament(options: { pending?: number[]; description?: string } = {}): FetchHandler & { joins: number[] } {
  const pending = options.pending ? [...options.pending] : undefined;
  const joins: number[] = [];
  const handler = (url: URL, init: RequestInit | undefined) => {
    if (url.pathname.endsWith('/catalog/articles/8505')) return jsonResponse({ data: { ...TOURNAMENT, description: options.description ?? TOURNAMENT.description } });
    if (url.pathname.endsWith('/tournament/bracket/8505')) return jsonResponse({ data: pending ? { ...BRACKET, myPendingTeamIds: pending } : BRACKET });
    if (url.pathname.endsWith('/tournament/media/8505')) return jsonResponse({ data: { news: [], videos: [] } });
    if (url.pathname.includes('fragments_tournament-team-notifications'))
      return jsonResponse({ data: { ...EMPTY_FRAGMENT, data: { ...EMPTY_FRAGMENT.data, customProperties: { type: 'x', notifications: { count: 0, items: [] } } } } });
    if (url.pathname.includes('fragments_tournament-pending-requests'))
      return jsonResponse({ data: { ...EMPTY_FRAGMENT, data: { ...EMPTY_FRAGMENT.data, customProperties: { type: 'x', pendingRequests: { count: 0, requests: [] } } } } });
    const join = /\/tournament\/sendJoinRequest\/(\d+)$/.exec(url.pathname);
    if (join?.[1] && init?.method === 'POST') {
      const teamId = Number(join[1]);
      joins.push(teamId);
      pending?.push(teamId);
      return jsonResponse({ data: { id: 900, teamId, teamName: 'Night Owls', tournamentId: 8505, userId: '7', userName: 'Sara', ingameId: 'sara#1', provider: 'steam', status: 'PENDING', createdAt: '2027-10-01T10:00:00Z', answeredAt: null } }, 201);
    }
    return undefined;
  };
  return Object.assign(handler, { joins });
}

afterEach(() => clearPagePayloads());

async function askToJoinNightOwls(user: Awaited<ReturnType<typeof renderApp>>['user']) {
  const owls = (await screen.findAllByTestId('tournament-team', {}, { timeout: 5000 })).find((team) => team.textContent.includes('Night Owls'));
  if (!owls) throw new Error('no Night Owls');
  await user.click(within(owls).getByRole('button', { name: /Ask to join/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Ask to join the team' });
  await user.type(within(dialog).getByLabelText('Your player name'), 'Sara');
  await user.type(within(dialog).getByLabelText('In-game ID'), 'sara#1');
  await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  return owls;
}

describe('the tournament page (issue 47)', () => {
  it('"Ask to join" gives way to "Request sent" once the request is sent', async () => {
    const handler = tournament({ pending: [] });
    const { user } = await renderApp({ path: '/tournaments/details/8505', structures: STRUCTURES, token: testToken(), fetch: handler });
    const owls = await askToJoinNightOwls(user);
    expect(handler.joins).toEqual([31]);
    await waitFor(() => expect(within(owls).queryByRole('button', { name: /Ask to join/ })).not.toBeInTheDocument());
    expect(within(owls).getByText('Request sent')).toBeInTheDocument();
    // Another team can still be asked.
    const pack = screen.getAllByTestId('tournament-team').find((team) => team.textContent.includes('Pat Pack'));
    expect(within(pack!).getByRole('button', { name: /Ask to join/ })).toBeInTheDocument();
  });

  it('after a reload the request the server keeps (myPendingTeamIds) still reads "Request sent"', async () => {
    await renderApp({ path: '/tournaments/details/8505', structures: STRUCTURES, token: testToken(), fetch: tournament({ pending: [31] }) });
    const teams = await screen.findAllByTestId('tournament-team', {}, { timeout: 5000 });
    const owls = teams.find((team) => team.textContent.includes('Night Owls'))!;
    expect(within(owls).getByText('Request sent')).toBeInTheDocument();
    expect(within(owls).queryByRole('button', { name: /Ask to join/ })).not.toBeInTheDocument();
  });

  it('the request sent on this page reads "Request sent" at once, before the bracket is asked again', async () => {
    const { user } = await renderApp({ path: '/tournaments/details/8505', structures: STRUCTURES, token: testToken(), fetch: tournament() });
    const owls = await askToJoinNightOwls(user);
    await waitFor(() => expect(within(owls).getByText('Request sent')).toBeInTheDocument());
  });

  it('dates the tournament by its start, not as a release, and writes the description dates in the language', async () => {
    await renderApp({ path: '/tournaments/details/8505', structures: STRUCTURES, fetch: tournament() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring Cup: Falcon Run' })).toBeInTheDocument();
    expect(screen.queryByText('Released')).not.toBeInTheDocument();
    expect(screen.getByText('Starts')).toBeInTheDocument();
    expect(screen.getByText('Starts').nextElementSibling).toHaveTextContent('Oct 14, 2027');
    expect(screen.getByText('Compete in "Falcon Run" from October 14, 2027 to October 16, 2027. The best players share 500 tickets.')).toBeInTheDocument();
  });

  it('in German and Arabic, the start and the description dates are theirs (Arabic-Indic digits too)', async () => {
    const { unmount } = await renderApp({ path: '/de/tournaments/details/8505', lang: 'de', structures: STRUCTURES, fetch: tournament({ description: 'Treten Sie vom 2027-10-14 bis 2027-10-16 in „Falkenflug“ an.' }) });
    expect(await screen.findByText('Beginn')).toBeInTheDocument();
    expect(screen.getByText('Treten Sie vom 14. Oktober 2027 bis 16. Oktober 2027 in „Falkenflug“ an.')).toBeInTheDocument();
    unmount();
    clearPagePayloads();
    await renderApp({ path: '/ar/tournaments/details/8505', lang: 'ar', structures: STRUCTURES, fetch: tournament({ description: 'نافس في «سباق الصقر» من ٢٠٢٧-١٠-١٤ إلى ٢٠٢٧-١٠-١٦.' }) });
    expect(await screen.findByText('يبدأ في')).toBeInTheDocument();
    const description = await screen.findByText(/نافس في/);
    expect(description.textContent).not.toMatch(/[٠-٩]{4}-[٠-٩]{2}-[٠-٩]{2}/);
    expect(description.textContent).toContain(new Intl.DateTimeFormat('ar-EG-u-nu-arab', { dateStyle: 'long' }).format(new Date(2027, 9, 14)));
  });
});

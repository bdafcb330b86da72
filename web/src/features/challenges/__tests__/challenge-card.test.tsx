/**
 * A challenge card: each step's state (done, open, locked, waiting), its count against the target and
 * its tickets; "Join challenge" sets the join target and opens the `challenge-join` dialog; a joined
 * challenge links to its game; Arabic shows Arabic-Indic digits.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import ar from '@/locales/ar/messages.json';
import en from '@/locales/en/messages.json';
import { dialogStore, resetDialogs } from '@/lib/dialogs';
import { initI18n } from '@/lib/i18n';
import { ChallengeCard } from '../components/challenge-card';
import { joinTargetStore } from '../join-target';
import type { Challenge, ChallengeStep } from '../types';

const now = new Date('2026-11-23T12:00:00Z');

const step = (id: number, over: Partial<ChallengeStep> = {}): ChallengeStep => ({
  id,
  title: `Step ${id % 10}`,
  goal: 'Start the game',
  rewards: [{ currency: 'TICKETS', amount: 10 * (id % 10) }],
  kind: 'PLAY_GAME',
  target: 3,
  count: 0,
  done: false,
  open: false,
  rewardedAt: null,
  ...over,
});

const challenge = (over: Partial<Challenge> = {}): Challenge => ({
  id: 8801,
  title: 'Pixel Rally: Starter challenge',
  description: 'Play and earn.',
  chained: true,
  startsAt: '2026-09-01T00:00:00Z',
  endsAt: '2029-01-31T23:59:59Z',
  gameId: 4101,
  game: { id: 4101, title: 'Pixel Rally', href: '/games/details/pixel-rally/4101' },
  challengeSteps: [step(11), step(12), step(13)],
  optedIn: false,
  optedInAt: null,
  completedSteps: 0,
  ticketsEarned: 0,
  ...over,
});

async function renderCard(c: Challenge, lang: 'en' | 'ar' = 'en') {
  const i18n = await initI18n(lang, lang === 'en' ? en : ar);
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ChallengeCard challenge={c} now={now} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => {
  resetDialogs();
  joinTargetStore.setState({ challenge: null });
});

describe('challenge card', () => {
  it('before joining: every step waits, and Join opens the challenge-join dialog for this challenge', async () => {
    const c = challenge();
    await renderCard(c);
    expect(['11', '12', '13'].map((id) => screen.getByTestId(`step-${id}`).dataset.state)).toEqual(['waiting', 'waiting', 'waiting']);
    expect(screen.getByText('+30 tickets')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Join challenge' }));
    expect(dialogStore.getState().open.has('challenge-join')).toBe(true);
    expect(joinTargetStore.getState().challenge?.id).toBe(8801);
  });

  it('joined and chained: done, in progress with its count, locked; a link to the game', async () => {
    await renderCard(
      challenge({
        optedIn: true,
        completedSteps: 1,
        ticketsEarned: 10,
        challengeSteps: [step(11, { target: 1, count: 1, done: true, rewardedAt: '2026-11-23T10:00:00Z' }), step(12, { count: 2, open: true }), step(13)],
      }),
    );
    expect(['11', '12', '13'].map((id) => screen.getByTestId(`step-${id}`).dataset.state)).toEqual(['done', 'open', 'locked']);
    expect(screen.getByText('2 / 3')).toBeTruthy();
    expect(screen.getByText('1 of 3 steps done · 10 tickets earned')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join challenge' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the game' }).getAttribute('href')).toBe('/games/details/pixel-rally/4101');
  });

  it('an ended challenge offers no join', async () => {
    await renderCard(challenge({ endsAt: '2026-10-01T00:00:00Z' }));
    expect(screen.getByText('Ended')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join challenge' })).toBeNull();
  });

  it('Arabic: counts and tickets in Arabic-Indic digits', async () => {
    await renderCard(challenge({ optedIn: true, challengeSteps: [step(11, { count: 2, open: true })] }), 'ar');
    expect(screen.getByText('٢ / ٣')).toBeTruthy();
    expect(screen.getByText('+١٠ تذاكر')).toBeTruthy();
  });
});

/** The game dialog is named by the game, or 'Game' when a purchase's return did not carry the title (issue 30: '– game'). */
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en/messages.json';
import { openDialog } from '@/lib/dialogs';
import { initI18n } from '@/lib/i18n';
import { GameWindowDialog } from '../components/game-dialogs';
import { gameStore } from '../store';

async function renderWith(title: string) {
  const i18n = await initI18n('en', en);
  gameStore.setState({ current: { articleId: 7001, title, uri: 'https://games.test/g', session: 's', mode: 'window', guest: false } });
  render(
    <I18nextProvider i18n={i18n}>
      <GameWindowDialog />
    </I18nextProvider>,
  );
  act(() => openDialog('game-window'));
}

describe('the game dialog title', () => {
  it('names the game', async () => {
    await renderWith('Star Blocks');
    expect(await screen.findByRole('dialog', { name: 'Star Blocks – game' })).toBeInTheDocument();
  });

  it("says 'Game' when the title is unknown, never '– game'", async () => {
    await renderWith('');
    expect(await screen.findByRole('dialog', { name: 'Game' })).toBeInTheDocument();
  });
});
